-- Browse's rating filter (filter[rating]=n: guests with coalesce(avg_rating, 0) >= n, an unrated
-- guest counting as 0). An expression index on exactly that expression, partial on is_public like
-- every list index, so the filter does not scan every guest (profiles/queries.ts).
CREATE INDEX guest_profiles_rating_idx ON guest_profiles ((coalesce(avg_rating, 0)), id)
  WHERE is_public;
