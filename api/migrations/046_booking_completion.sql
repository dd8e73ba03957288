-- Completion, payouts and no-shows (issue 32 "Completion and money", decision 116).
--
-- After the interview's time the show is asked whether it happened (a 'completion-asked'
-- activity, told as the strip's 'confirm_completed_booking' and by email); a booking scheduled
-- outside the product is asked whether it was scheduled ('scheduled-asked',
-- 'confirm_scheduled_booking'). It Happened, or seven days of silence, completes the booking
-- and releases the invitee's payout and the referrer's share through the payout provider
-- (api/src/modules/bookings/completion*.ts). The initiator may report a no-show, which holds
-- a payout not yet released until support decides (no-show*.ts).

-- The questions and their answers, on the booking (re-checked under its row lock).
ALTER TABLE bookings
  -- when the show was asked "did it happen?" (null: not yet, or asked again after a reschedule)
  ADD COLUMN completion_asked_at timestamptz,
  -- when the show was last asked "did you schedule it?" of a booking scheduled outside
  ADD COLUMN scheduled_asked_at timestamptz,
  -- the show said yes: the interview is scheduled outside the product
  ADD COLUMN scheduled_confirmed_at timestamptz,
  ADD COLUMN completed_at timestamptz,
  -- who completed it: a side (It Happened) or the system (seven days of silence)
  ADD COLUMN completed_by text CHECK (completed_by IN ('guest', 'show', 'system')),
  -- Report No-Show: reported by the initiator, resolved by support (refunded or dismissed)
  ADD COLUMN no_show_reported_at timestamptz,
  ADD COLUMN no_show_details text,
  ADD COLUMN no_show_outcome text CHECK (no_show_outcome IN ('refunded', 'dismissed')),
  ADD COLUMN no_show_resolved_at timestamptz,
  ADD CONSTRAINT bookings_no_show_resolved_check
    CHECK ((no_show_outcome IS NULL) = (no_show_resolved_at IS NULL)),
  ADD CONSTRAINT bookings_no_show_reported_check
    CHECK (no_show_outcome IS NULL OR no_show_reported_at IS NOT NULL);

-- The sweeps' look-ups: scheduled bookings by date; completed ones with money still to pay out.
CREATE INDEX bookings_scheduled_date_idx ON bookings (booking_date) WHERE status = 'scheduled';

-- Who a payout or referral share is paid to, fixed when the booking completes (the booked
-- profile's owner; the booker's referrer), and the provider's transfer once released.
ALTER TABLE booking_payments
  ADD COLUMN payee_user_id integer REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX booking_payments_payee_pending_idx ON booking_payments (payee_user_id)
  WHERE status = 'pending' AND kind IN ('payout', 'referral_share');

-- LOCAL payout provider: the transfers it made, one per idempotency key (the ledger row), as
-- Stripe answers the same transfer for a repeated key.
CREATE TABLE local_transfers (
  id text PRIMARY KEY,
  account_id text NOT NULL,
  amount integer NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  description text NOT NULL,
  reversed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- LOCAL payment provider: a refund may be partial now (a cancel after acceptance keeps the
-- non-refundable service fee): how much of the charge went back.
ALTER TABLE local_charges ADD COLUMN refunded_amount integer CHECK (refunded_amount > 0);
UPDATE local_charges SET refunded_amount = amount WHERE status = 'refunded';

-- Telling people of the new activities: a trigger of its own beside booking_activity_outbox()
-- (migrations 040, 042), which it leaves alone. The questions go to the strip and by email;
-- the other entries by email only.
CREATE FUNCTION booking_completion_outbox() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('guestspot.seeding', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  IF NEW.type NOT IN ('completion-asked', 'scheduled-asked', 'completed', 'payout-pending',
                      'completion-rescheduled', 'no-show-reported', 'no-show-resolved') THEN
    RETURN NULL;
  END IF;
  IF NEW.type IN ('completion-asked', 'scheduled-asked') THEN
    INSERT INTO activity_outbox (activity_id, consumer) VALUES (NEW.id, 'notification')
    ON CONFLICT DO NOTHING;
  END IF;
  INSERT INTO activity_outbox (activity_id, consumer) VALUES (NEW.id, 'email')
  ON CONFLICT DO NOTHING;
  PERFORM pg_notify('activity_outbox', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER booking_activities_completion_outbox
  AFTER INSERT ON booking_activities
  FOR EACH ROW EXECUTE FUNCTION booking_completion_outbox();
