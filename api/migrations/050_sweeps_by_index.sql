-- The booking sweeps by index (decision 121): each minute's look-up for what is due reads only
-- the bookings that are, so a sweep with nothing to do costs about a millisecond however many
-- bookings there are (bookings/completion-sweep.ts writes the same conditions and orders).
-- Each index holds only the bookings still waiting for its sweep, keyed by the time they fall
-- due from; the expiry's (bookings_expires_idx, migration 032) already is one.

-- "Did it happen?" of a date agreed on Guestspot: its start has passed (an interview lasts a
-- positive number of minutes, so its end passing implies it; the end is checked on the row).
CREATE INDEX bookings_completion_dated_idx ON bookings (booking_date)
  WHERE status = 'scheduled' AND completion_asked_at IS NULL AND NOT scheduled_without_date;

-- "Did it happen?" of one scheduled outside: seven days after the show's yes.
CREATE INDEX bookings_completion_outside_idx ON bookings (scheduled_confirmed_at)
  WHERE status = 'scheduled' AND completion_asked_at IS NULL AND scheduled_without_date
    AND scheduled_confirmed_at IS NOT NULL;

-- Seven days of silence after the question complete the booking.
CREATE INDEX bookings_completion_asked_idx ON bookings (completion_asked_at)
  WHERE status = 'scheduled' AND completion_asked_at IS NOT NULL;

-- "Is it scheduled?" three days after the last question, else after the latest scheduling link,
-- else after the booking's last change. The link's time was read from the timeline for each
-- booking; it is kept on the booking instead, by a trigger, whoever writes the activity. The
-- timeline is append-only, so the latest link is the greatest time inserted.
ALTER TABLE bookings ADD COLUMN scheduling_link_at timestamptz;

UPDATE bookings b
SET scheduling_link_at = l.created_at
FROM (
  SELECT booking_id, max(created_at) AS created_at
  FROM booking_activities
  WHERE type = 'scheduling-link'
  GROUP BY booking_id
) l
WHERE l.booking_id = b.id;

CREATE FUNCTION booking_scheduling_link_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bookings
  SET scheduling_link_at = greatest(scheduling_link_at, NEW.created_at)
  WHERE id = NEW.booking_id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER booking_activities_scheduling_link_at
  AFTER INSERT ON booking_activities
  FOR EACH ROW WHEN (NEW.type = 'scheduling-link')
  EXECUTE FUNCTION booking_scheduling_link_at();

CREATE INDEX bookings_scheduled_question_idx
  ON bookings ((coalesce(scheduled_asked_at, scheduling_link_at, updated_at)))
  WHERE status = 'scheduled' AND scheduled_without_date AND scheduled_confirmed_at IS NULL;
