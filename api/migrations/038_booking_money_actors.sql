-- Who moved money (issue 28, decision 106): every timeline entry, ledger row and store-credit
-- entry written while someone impersonates the account records the impersonator beside the
-- owner, so "by agency@ for pro@" can be shown and audited. A ledger row also names the user who
-- caused it (the booker for a create, the one who accepted, canceled...).
ALTER TABLE booking_activities ADD COLUMN impersonator_id integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE booking_payments ADD COLUMN actor_user_id integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE booking_payments ADD COLUMN impersonator_id integer REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE store_credit_entries ADD COLUMN impersonator_id integer REFERENCES users (id) ON DELETE SET NULL;

-- An Idempotency-Key stands for one request: the SHA-256 of what was sent with it, so the same
-- key with another body is refused instead of answered with the first booking.
ALTER TABLE bookings ADD COLUMN request_hash text;

-- Store credit given back by a cancel or a reject keeps the expiry of the grant it came from:
-- the grant that a returned amount restores (null for grants and uses).
ALTER TABLE store_credit_entries ADD COLUMN restores_entry_id integer REFERENCES store_credit_entries (id) ON DELETE SET NULL;
