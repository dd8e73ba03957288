-- One number that changes whenever data a public answer shows changes (issue 14, decision 080):
-- the API keeps visitors' answers (GET /guests, /home, a profile...) while it stays the same, and
-- the site's server keeps a visitor's server-rendered page the same way (decision 077). Every API
-- instance reads it from the database, so a change made through one is seen by all.
--
-- A statement-level trigger on each table public answers read bumps it, whoever writes (the API,
-- a seed, an admin in psql), in the writer's transaction: the new number is visible exactly when
-- the new rows are. The tables no public answer reads are listed in api/src/http/public-cache.ts
-- (PRIVATE_TABLES); a test fails when a table is in neither list.

CREATE TABLE data_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 1
);
INSERT INTO data_version DEFAULT VALUES;

CREATE FUNCTION bump_data_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET version = version + 1;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  public_table text;
BEGIN
  FOREACH public_table IN ARRAY ARRAY[
    'users', 'categories', 'tags', 'booking_options', 'show_types',
    'guest_profiles', 'show_profiles',
    'guest_profile_categories', 'show_profile_categories',
    'guest_profile_tags', 'show_profile_tags', 'show_profile_types',
    'guest_option_prices', 'show_option_prices',
    'guest_profile_links', 'show_profile_links',
    'guest_availability_settings', 'bookings', 'reviews', 'pages', 'uploads',
    'miniviews', 'miniview_questions'
  ] LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version()',
      public_table || '_bump_data_version', public_table
    );
  END LOOP;
END
$$;
