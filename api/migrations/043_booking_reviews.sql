-- Reviews tied to bookings (issue 32 "Reviews", decision 114).
--
-- After a completed booking each side reviews the other once: the show side reviews the guest
-- (profile_type 'guest'), the guest side reviews the show (profile_type 'show'). The review
-- belongs to the side, not to one person: whoever acts for the side (its profile's owner or a
-- member of the owner's team) may write and edit it; reviewer_id is who wrote it last.
-- Profile ratings (average, count) are kept on the profiles by a trigger, in the writer's
-- transaction, so the cards and the rating filter read a column, never an aggregate.

ALTER TABLE reviews
  -- null only for reviews written before 043 (none in the seed; the API writes none)
  ADD COLUMN booking_id integer REFERENCES bookings (id) ON DELETE CASCADE,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  -- one review of each side per booking
  ADD CONSTRAINT reviews_booking_side_key UNIQUE (booking_id, profile_type),
  -- the form's rule (spec §5): a comment is required, at most 300 characters
  ADD CONSTRAINT reviews_booking_comment_check
    CHECK (booking_id IS NULL OR (char_length(body) BETWEEN 1 AND 300 AND body ~ '\S'));

UPDATE reviews SET updated_at = created_at;

-- A booking's review is of one of that booking's two profiles.
CREATE FUNCTION reviews_match_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.booking_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM bookings b
    WHERE b.id = NEW.booking_id
      AND NEW.profile_id = CASE NEW.profile_type
        WHEN 'guest' THEN b.guest_profile_id ELSE b.show_profile_id END
  ) THEN
    RAISE EXCEPTION 'review of % % is not of a profile of booking %',
      NEW.profile_type, NEW.profile_id, NEW.booking_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER reviews_match_booking BEFORE INSERT OR UPDATE OF booking_id, profile_type, profile_id
  ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_match_booking();

-- Ratings kept on the profiles. Shows had their average computed per request (profiles/detail.ts);
-- now both sides keep it, rounded to hundredths as the detail answered it.
ALTER TABLE guest_profiles ADD COLUMN reviews_count integer NOT NULL DEFAULT 0;
ALTER TABLE show_profiles
  ADD COLUMN avg_rating numeric(3, 2) CHECK (avg_rating IS NULL OR (avg_rating >= 0 AND avg_rating <= 5)),
  ADD COLUMN reviews_count integer NOT NULL DEFAULT 0;

-- Recounts one profile's rating. The profile row is locked first: a concurrent review of the same
-- profile waits here, and its recount (a later statement, so a new snapshot in READ COMMITTED)
-- then sees this one's review. Writes only when the figures change.
CREATE FUNCTION refresh_profile_rating(p_type text, p_id integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_average numeric;
BEGIN
  IF p_type = 'guest' THEN
    PERFORM 1 FROM guest_profiles WHERE id = p_id FOR UPDATE;
  ELSE
    PERFORM 1 FROM show_profiles WHERE id = p_id FOR UPDATE;
  END IF;
  SELECT count(*)::int, round(avg(rating), 2) INTO v_count, v_average
  FROM reviews WHERE profile_type = p_type AND profile_id = p_id;
  IF p_type = 'guest' THEN
    UPDATE guest_profiles SET avg_rating = v_average, reviews_count = v_count
    WHERE id = p_id AND (avg_rating, reviews_count) IS DISTINCT FROM (v_average, v_count);
  ELSE
    UPDATE show_profiles SET avg_rating = v_average, reviews_count = v_count
    WHERE id = p_id AND (avg_rating, reviews_count) IS DISTINCT FROM (v_average, v_count);
  END IF;
END
$$;

CREATE FUNCTION reviews_refresh_rating() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (TG_OP = 'UPDATE' AND (NEW.profile_type, NEW.profile_id)
      IS DISTINCT FROM (OLD.profile_type, OLD.profile_id)) THEN
    PERFORM refresh_profile_rating(OLD.profile_type, OLD.profile_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND (NEW.profile_type, NEW.profile_id, NEW.rating)
      IS DISTINCT FROM (OLD.profile_type, OLD.profile_id, OLD.rating)) THEN
    PERFORM refresh_profile_rating(NEW.profile_type, NEW.profile_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER reviews_refresh_rating AFTER INSERT OR UPDATE OR DELETE ON reviews
  FOR EACH ROW EXECUTE FUNCTION reviews_refresh_rating();

-- The existing figures, once.
UPDATE guest_profiles g SET avg_rating = r.average, reviews_count = r.count
FROM (SELECT profile_id, round(avg(rating), 2) AS average, count(*)::int AS count
      FROM reviews WHERE profile_type = 'guest' GROUP BY profile_id) r
WHERE g.id = r.profile_id;
UPDATE show_profiles s SET avg_rating = r.average, reviews_count = r.count
FROM (SELECT profile_id, round(avg(rating), 2) AS average, count(*)::int AS count
      FROM reviews WHERE profile_type = 'show' GROUP BY profile_id) r
WHERE s.id = r.profile_id;
