-- Payout accounts (Stripe Connect Express, or the offline LOCAL provider that stands in for it
-- when no Stripe key is set). users.stripe_connect_id mirrors the connected account: set only
-- while details are submitted and charges are enabled (User.has_stripe_connect).

-- The app's record of a user's payout account, whichever provider holds it. details_submitted and
-- charges_enabled are the provider's answer at the last look (GET /user/stripe-account).
CREATE TABLE payout_accounts (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('local', 'stripe')),
  account_id text NOT NULL,
  country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  details_submitted boolean NOT NULL DEFAULT false,
  charges_enabled boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, account_id)
);

-- LOCAL provider: the connected accounts it keeps (Stripe keeps its own). activates_at: when
-- charges become enabled after the details were submitted (a review that takes a moment).
CREATE TABLE local_connect_accounts (
  id text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  email text NOT NULL,
  business_type text CHECK (business_type IN ('individual', 'company')),
  legal_name text,
  details_submitted boolean NOT NULL DEFAULT false,
  activates_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX local_connect_accounts_user_idx ON local_connect_accounts (user_id);
