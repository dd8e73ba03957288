-- Pitches answered and paid (issue 32, decision 115): the invitee accepts a pitch with no extra
-- fee, its full booking fee or a special price, and the initiator then pays the difference.
--
-- While the difference is due it lives on the booking (extra_fee, extra_payment_status
-- 'pending'); nothing is written to the ledger until it is paid, so the ledger's sums
-- (card + credit = full_booking_fee, fee + payout = value) hold at every moment. Paying adds
-- extra_fee to price and full_booking_fee (pitch_fee keeps what the pitch itself cost, so
-- full_booking_fee − pitch_fee is what the answer added, as booking-management… §9 says).

ALTER TABLE bookings
  -- cents the initiator owes (pending) or paid (paid, refunded) on top of the pitch
  ADD COLUMN extra_fee integer NOT NULL DEFAULT 0 CHECK (extra_fee >= 0),
  ADD COLUMN extra_payment_status text NOT NULL DEFAULT 'none'
    CHECK (extra_payment_status IN ('none', 'pending', 'paid', 'refunded', 'void')),
  -- the Idempotency-Key of the charge that paid it, and the SHA-256 of its request
  ADD COLUMN extra_payment_key text,
  ADD COLUMN extra_payment_hash text,
  ADD CONSTRAINT bookings_extra_payment_check
    CHECK ((extra_payment_status = 'none') = (extra_fee = 0));

-- What a pitch cost when it was sent is its pitch_fee (it was left 0 until now).
UPDATE bookings SET pitch_fee = full_booking_fee WHERE is_pitch AND pitch_fee = 0;

-- The strip's kinds of the new activities (the emails' words are notify/emails.ts's).
ALTER TABLE notifications DROP CONSTRAINT notifications_type_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
  'booking_request', 'booking_accepted', 'booking_rejected', 'booking_canceled',
  'booking_expired', 'new_message', 'dates_proposed', 'date_confirmed', 'date_changed',
  'scheduling_link', 'confirm_completed_booking', 'confirm_scheduled_booking',
  'extra_payment_paid', 'pitch_fee_changed', 'pitch_recording'));

-- The outbox (migrations 040, 042) hears of the pitch answers, payments, fee changes and the
-- recordings sent from the booking page. A trigger of its own, beside booking_activity_outbox
-- (which does not know these types), so that a later redefinition of that function leaves these
-- alone. A recording sent with the order (same moment as its order-started) is part of the
-- request's email, as the opening proposals are.
CREATE FUNCTION pitch_activity_outbox() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('guestspot.seeding', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF NEW.type IN ('pitch-accepted', 'extra-payment', 'pitch-fee-changed')
     OR (NEW.type IN ('video-pitch', 'audio-pitch') AND NOT EXISTS (
       SELECT 1 FROM booking_activities started
       WHERE started.booking_id = NEW.booking_id
         AND started.type = 'order-started'
         AND started.created_at = NEW.created_at)) THEN
    INSERT INTO activity_outbox (activity_id, consumer)
    VALUES (NEW.id, 'notification'), (NEW.id, 'email');
    PERFORM pg_notify('activity_outbox', '');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER booking_activities_pitch_outbox
  AFTER INSERT ON booking_activities
  FOR EACH ROW EXECUTE FUNCTION pitch_activity_outbox();
