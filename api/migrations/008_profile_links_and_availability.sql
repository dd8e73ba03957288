-- What the registration wizard and the profile editors write beside a profile: its links
-- (social networks and lists of URLs) and a guest's interview availability settings.

CREATE TABLE guest_profile_links (
  guest_profile_id integer PRIMARY KEY REFERENCES guest_profiles (id) ON DELETE CASCADE,
  -- {linkedin, twitter, instagram, youtube, facebook, wikipedia, website, tiktok}: string | null
  social_media jsonb NOT NULL DEFAULT '{}'::jsonb,
  podcasts jsonb NOT NULL DEFAULT '[]'::jsonb,
  videos jsonb NOT NULL DEFAULT '[]'::jsonb,
  articles jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE show_profile_links (
  show_profile_id integer PRIMARY KEY REFERENCES show_profiles (id) ON DELETE CASCADE,
  social_media jsonb NOT NULL DEFAULT '{}'::jsonb,
  episodes jsonb NOT NULL DEFAULT '[]'::jsonb,
  media_features jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One row per guest once saved; before that the API answers the product defaults.
CREATE TABLE guest_availability_settings (
  guest_profile_id integer PRIMARY KEY REFERENCES guest_profiles (id) ON DELETE CASCADE,
  -- [{duration, price}] (minutes, cents); mirrored into guest_option_prices (virtual-interview)
  interview_durations jsonb NOT NULL,
  type text NOT NULL DEFAULT 'unlimited' CHECK (type IN ('unlimited', 'rolling', 'date_range')),
  rolling_days integer NOT NULL DEFAULT 30 CHECK (rolling_days > 0),
  start_date date,
  end_date date,
  max_interviews_per_day integer CHECK (max_interviews_per_day IS NULL OR max_interviews_per_day > 0),
  max_interviews_per_month integer CHECK (max_interviews_per_month IS NULL OR max_interviews_per_month > 0),
  minimum_notice integer NOT NULL DEFAULT 240 CHECK (minimum_notice >= 0),
  buffer_before integer NOT NULL DEFAULT 60 CHECK (buffer_before >= 0),
  buffer_after integer NOT NULL DEFAULT 60 CHECK (buffer_after >= 0),
  spot_increments integer NOT NULL DEFAULT 60 CHECK (spot_increments > 0),
  timezone text NOT NULL,
  -- [{type: 'wday', wday: 0-6, intervals: [{from: 'HH:mm', to: 'HH:mm'}]}]
  rules jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
