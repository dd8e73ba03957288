-- The payments page (issue 33, decision 119): a month of one user's payments is one index range.
--
-- A ledger row (booking_payments) is written from a booking's point of view (its side, the
-- platform's split); the payments page reads it from a person's: whose money it is. That person
-- is fixed by the row itself, so a trigger names them on every insert, and again when a payout or
-- referral share gets its payee at completion (decision 116):
--   charge, extra_fee, store_credit, refund  the booker's account (bookings.booker_user_id)
--   payout                                   its payee, else the booked profile's owner
--   referral_share                           its payee, else whoever referred the booker
--   service_fee                              nobody: the platform's part, already inside the
--                                            booker's charge (or taken out of the guest's payout)
ALTER TABLE booking_payments
  ADD COLUMN owner_user_id integer REFERENCES users (id) ON DELETE SET NULL;

CREATE FUNCTION booking_payment_owner(
  p_kind text, p_side text, p_booking_id integer, p_payee integer
) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN p_kind IN ('charge', 'extra_fee', 'store_credit', 'refund') THEN b.booker_user_id
    WHEN p_kind = 'payout' THEN coalesce(
      p_payee,
      CASE p_side
        WHEN 'guest' THEN (SELECT g.user_id FROM guest_profiles g WHERE g.id = b.guest_profile_id)
        ELSE (SELECT s.user_id FROM show_profiles s WHERE s.id = b.show_profile_id)
      END)
    WHEN p_kind = 'referral_share' THEN coalesce(
      p_payee, (SELECT u.referred_by FROM users u WHERE u.id = b.booker_user_id))
  END
  FROM bookings b
  WHERE b.id = p_booking_id
$$;

CREATE FUNCTION booking_payment_owner_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_user_id := booking_payment_owner(NEW.kind, NEW.side, NEW.booking_id, NEW.payee_user_id);
  RETURN NEW;
END;
$$;

CREATE TRIGGER booking_payments_owner
  BEFORE INSERT OR UPDATE OF payee_user_id, kind, side, booking_id ON booking_payments
  FOR EACH ROW EXECUTE FUNCTION booking_payment_owner_set();

-- A booking's rows follow it when who booked it is set after its ledger (the demo seed writes
-- the rows first) or a side's profile changes.
CREATE FUNCTION booking_payments_owner_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_payments p
  SET owner_user_id = booking_payment_owner(p.kind, p.side, p.booking_id, p.payee_user_id)
  WHERE p.booking_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER bookings_payment_owner
  AFTER UPDATE OF booker_user_id, guest_profile_id, show_profile_id ON bookings
  FOR EACH ROW
  WHEN (OLD.booker_user_id IS DISTINCT FROM NEW.booker_user_id
     OR OLD.guest_profile_id IS DISTINCT FROM NEW.guest_profile_id
     OR OLD.show_profile_id IS DISTINCT FROM NEW.show_profile_id)
  EXECUTE FUNCTION booking_payments_owner_follow();

UPDATE booking_payments
SET owner_user_id = booking_payment_owner(kind, side, booking_id, payee_user_id);

-- A payment's date is when it was paid, or when it was asked for while pending
-- (ledger-payments.ts writes the same expression); void rows never moved money and are not shown.
CREATE INDEX booking_payments_owner_month_idx
  ON booking_payments (owner_user_id, (coalesce(paid_at, created_at)))
  WHERE owner_user_id IS NOT NULL AND status <> 'void';
