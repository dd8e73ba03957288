-- The show's own page on each platform type it has (spec §3 type_urls), e.g. its Apple Podcasts
-- or YouTube page. Optional; the API checks it like every URL (http(s), no spaces).
ALTER TABLE show_profile_types ADD COLUMN url text
  CHECK (url IS NULL OR (url ~* '^https?://\S+$' AND length(url) <= 2048));
