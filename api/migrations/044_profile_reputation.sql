-- How a guest or show answers requests (issue 32 "Reputation", decision 114): over the last 90
-- days, of the requests made to the profile (it was the invitee), how many were answered or
-- expired, how many accepted, and the median time from the request ('order-started') to the
-- answer ('accepted' or 'rejected'). Kept in a table, never computed per request: public reads
-- (cards, profile pages, browse's sort) read one row by primary key.
--
-- Kept fresh two ways: a trigger recounts the invitee's row when an answer or an expiry is
-- recorded (in that transaction, as of the activity's time), and every API process recounts
-- every row hourly (the 90-day window slides: api/src/modules/reputation/refresh.ts). The
-- minimum number of requests below which the figures are not shown is the API's
-- (REPUTATION_MIN_REQUESTS); the table keeps every profile's figures.

CREATE TABLE profile_reputation (
  profile_type text NOT NULL CHECK (profile_type IN ('guest', 'show')),
  profile_id integer NOT NULL,
  -- requests of the window whose outcome is known: accepted, rejected or expired
  requests integer NOT NULL CHECK (requests >= 0),
  accepted integer NOT NULL CHECK (accepted >= 0 AND accepted <= requests),
  -- median seconds from request to accept or reject; null when none was answered
  median_answer_seconds integer CHECK (median_answer_seconds >= 0),
  -- when the figures last changed
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (profile_type, profile_id)
);

-- Browse's "Fastest response" sort reads these; the count of requests gates it.
CREATE INDEX profile_reputation_answer_idx
  ON profile_reputation (profile_type, median_answer_seconds, profile_id);

-- The window's requests, found by their start.
CREATE INDEX booking_activities_order_started_idx ON booking_activities (created_at)
  WHERE type = 'order-started';

-- Public answers read it: a change bumps the data version (migration 023). Only a change: the
-- hourly recount writes nothing when nothing moved, and a statement that changed no row must
-- not empty every kept answer (transition tables tell).
CREATE FUNCTION bump_data_version_if_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE data_version SET version = version + 1;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER profile_reputation_insert_bump_data_version AFTER INSERT ON profile_reputation
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_if_rows();
CREATE TRIGGER profile_reputation_update_bump_data_version AFTER UPDATE ON profile_reputation
  REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_if_rows();
CREATE TRIGGER profile_reputation_delete_bump_data_version AFTER DELETE ON profile_reputation
  REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_if_rows();

-- Recounts as of p_now the rows of one profile (p_type, p_id) or, both null, of every profile.
-- Rows whose figures did not change are not written; profiles with no request left in the
-- window lose their row.
CREATE FUNCTION refresh_profile_reputation(
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
             answer.type AS outcome,
             extract(epoch FROM answer.created_at - asked.created_at) AS seconds
      FROM booking_activities asked
      JOIN bookings b ON b.id = asked.booking_id
      JOIN LATERAL (
        SELECT a.type, a.created_at FROM booking_activities a
        WHERE a.booking_id = asked.booking_id
          AND a.type IN ('accepted', 'rejected', 'expired')
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

-- An answer or an expiry recounts the invitee, as of the activity's own time (the writer's
-- clock). The seed's history recounts once at its end instead (guestspot.seeding).
CREATE FUNCTION booking_activity_reputation() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_initiator text;
  v_guest integer;
  v_show integer;
BEGIN
  IF coalesce(current_setting('guestspot.seeding', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  SELECT initiator, guest_profile_id, show_profile_id INTO v_initiator, v_guest, v_show
  FROM bookings WHERE id = NEW.booking_id;
  IF v_initiator = 'show' THEN
    PERFORM refresh_profile_reputation(NEW.created_at, 'guest', v_guest);
  ELSE
    PERFORM refresh_profile_reputation(NEW.created_at, 'show', v_show);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER booking_activities_reputation AFTER INSERT ON booking_activities
  FOR EACH ROW WHEN (NEW.type IN ('accepted', 'rejected', 'expired'))
  EXECUTE FUNCTION booking_activity_reputation();

SELECT refresh_profile_reputation(now());
