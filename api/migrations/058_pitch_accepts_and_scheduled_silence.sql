-- Two gaps of issue 32 found in its audit (decisions 114 and 116, amendments of 2026-11-28).
--
-- 1. Reputation counts an accepted pitch. Accepting a pitch (PATCH /bookings/{id}/accept-pitch)
--    records 'pitch-accepted', not 'accepted', so migration 044's count never saw it: the
--    request stayed "unknown" (not counted) and the trigger never fired. Both now read it as an
--    acceptance; the kept rows are recounted once.
--
-- 2. A booking scheduled outside the product whose show never answers "Is it scheduled?" was
--    asked again every three days, forever: it never completed and its payout stayed pending.
--    Silence now counts as a yes, as it does for "did it happen?" (the terms: "no response
--    counts as confirmation"): seven days after the first question left unanswered, the sweep
--    records the yes as of that question (api/src/modules/bookings/completion-sweep.ts), so
--    "did it happen?" follows at once and seven more days of silence complete the booking.

-- 1. ------------------------------------------------------------------------------------------

-- As migration 044's, with 'pitch-accepted' an answer that accepts.
CREATE OR REPLACE FUNCTION refresh_profile_reputation(
  p_now timestamptz,
  p_type text DEFAULT NULL,
  p_id integer DEFAULT NULL
) RETURNS void
LANGUAGE sql AS $$
  WITH fresh AS (
    SELECT q.profile_type, q.profile_id,
           count(*)::int AS requests,
           count(*) FILTER (WHERE q.outcome = 'accepted')::int AS accepted,
           round(percentile_cont(0.5) WITHIN GROUP (ORDER BY q.seconds)
                 FILTER (WHERE q.outcome IN ('accepted', 'rejected')))::int
             AS median_answer_seconds
    FROM (
      SELECT CASE b.initiator WHEN 'show' THEN 'guest' ELSE 'show' END AS profile_type,
             CASE b.initiator WHEN 'show' THEN b.guest_profile_id ELSE b.show_profile_id END
               AS profile_id,
             -- a pitch is accepted by accept-pitch (decision 115)
             CASE answer.type WHEN 'pitch-accepted' THEN 'accepted' ELSE answer.type END
               AS outcome,
             extract(epoch FROM answer.created_at - asked.created_at) AS seconds
      FROM booking_activities asked
      JOIN bookings b ON b.id = asked.booking_id
      JOIN LATERAL (
        SELECT a.type, a.created_at FROM booking_activities a
        WHERE a.booking_id = asked.booking_id
          AND a.type IN ('accepted', 'pitch-accepted', 'rejected', 'expired')
          AND a.created_at <= p_now
        ORDER BY a.created_at, a.id
        LIMIT 1
      ) answer ON true
      WHERE asked.type = 'order-started'
        AND asked.created_at > p_now - interval '90 days'
        AND asked.created_at <= p_now
        -- one profile: the requests it was the invitee of
        AND (p_type IS NULL OR (
          b.initiator <> p_type
          AND p_id = CASE p_type WHEN 'guest' THEN b.guest_profile_id ELSE b.show_profile_id END
        ))
    ) q
    GROUP BY q.profile_type, q.profile_id
  ),
  gone AS (
    DELETE FROM profile_reputation r
    WHERE (p_type IS NULL OR (r.profile_type = p_type AND r.profile_id = p_id))
      AND NOT EXISTS (
        SELECT 1 FROM fresh f
        WHERE f.profile_type = r.profile_type AND f.profile_id = r.profile_id
      )
  )
  INSERT INTO profile_reputation AS r
    (profile_type, profile_id, requests, accepted, median_answer_seconds, updated_at)
  SELECT profile_type, profile_id, requests, accepted, median_answer_seconds, p_now FROM fresh
  ON CONFLICT (profile_type, profile_id) DO UPDATE
    SET requests = excluded.requests,
        accepted = excluded.accepted,
        median_answer_seconds = excluded.median_answer_seconds,
        updated_at = excluded.updated_at
    WHERE (r.requests, r.accepted, r.median_answer_seconds)
      IS DISTINCT FROM (excluded.requests, excluded.accepted, excluded.median_answer_seconds);
$$;

-- The answer recounts the invitee when it is a pitch's acceptance too.
DROP TRIGGER booking_activities_reputation ON booking_activities;
CREATE TRIGGER booking_activities_reputation AFTER INSERT ON booking_activities
  FOR EACH ROW WHEN (NEW.type IN ('accepted', 'pitch-accepted', 'rejected', 'expired'))
  EXECUTE FUNCTION booking_activity_reputation();

SELECT refresh_profile_reputation(now());

-- 2. ------------------------------------------------------------------------------------------

-- Since when the scheduled-outside question has been open without an answer: set by the
-- sweep's first question (its reminders every three days keep it), cleared by any answer (not
-- yet, yes, the date agreed on Guestspot after all) and by a return to `accepted`.
ALTER TABLE bookings ADD COLUMN scheduled_unanswered_since timestamptz;

-- Open questions asked before this migration: since the first question after the latest
-- answer (or link), so the bookings that waited longest are confirmed by the first sweep.
UPDATE bookings b
SET scheduled_unanswered_since = q.first_asked
FROM (
  SELECT a.booking_id, min(a.created_at) AS first_asked
  FROM booking_activities a
  WHERE a.type = 'scheduled-asked'
    AND a.created_at > coalesce(
      (SELECT max(r.created_at) FROM booking_activities r
       WHERE r.booking_id = a.booking_id
         AND r.type IN ('scheduled-not-yet', 'scheduled-undone', 'completion-rescheduled',
                        'scheduling-link')),
      '-infinity'::timestamptz)
  GROUP BY a.booking_id
) q
WHERE q.booking_id = b.id
  AND b.status = 'scheduled'
  AND b.scheduled_without_date
  AND b.scheduled_confirmed_at IS NULL;

-- The sweep's look-up (decision 121): only the bookings whose question is open, by its age.
CREATE INDEX bookings_scheduled_silence_idx ON bookings (scheduled_unanswered_since)
  WHERE status = 'scheduled' AND scheduled_without_date AND scheduled_confirmed_at IS NULL
    AND scheduled_unanswered_since IS NOT NULL;
