-- Calendar integrations (iCloud over CalDAV, Google Calendar, Office 365): one per user and
-- provider. iCloud credentials (email + app-specific password) are stored encrypted
-- (AES-256-GCM, key from SESSION_SECRET) and never returned; Google and Microsoft tokens stay in
-- oauth_connections (migration 007).

CREATE TABLE integrations (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  slug text NOT NULL CHECK (slug IN ('icloud-calendar', 'google-calendar', 'office365-calendar')),
  name text NOT NULL,
  -- the connected account as the user knows it (an email address)
  account text NOT NULL,
  -- iCloud only: encrypted JSON {email, password}
  credentials text,
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
  checked_at timestamptz,
  -- {events_calendar: id | null, conflict_calendars: id[]}
  params jsonb NOT NULL DEFAULT '{"events_calendar": null, "conflict_calendars": []}',
  -- {available_calendars: [{id, name}]}, refreshed by each check
  data jsonb NOT NULL DEFAULT '{"available_calendars": []}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, slug)
);
