-- Browse's name search (filter[guest_profiles.name] / filter[show_profiles.name], "contains",
-- case-insensitive: p.name ILIKE '%text%') by a trigram index (issue 34 §3). Without one it read
-- every public profile: 190-235 ms at a million profiles, growing with the catalogue. pg_trgm is
-- a trusted contrib extension (PostgreSQL 13+; PGlite ships it): the application's role may
-- create it. Partial, as the lists only ever show public profiles. Searches of one or two
-- characters have no trigram to look up; the planner reads the table for them, as before.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX guest_profiles_name_trgm_idx ON guest_profiles USING gin (name gin_trgm_ops)
  WHERE is_public;
CREATE INDEX show_profiles_name_trgm_idx ON show_profiles USING gin (name gin_trgm_ops)
  WHERE is_public;
