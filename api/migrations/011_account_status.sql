-- Account status (spec account §4): pausing, resuming and deleting an account.

-- When the account was paused (null while active or pending).
ALTER TABLE users ADD COLUMN paused_at timestamptz;
-- Pausing cancelled a renewing Pro subscription: resuming undoes that cancellation, and only
-- that one (a subscription the user had cancelled themselves stays cancelled).
ALTER TABLE users ADD COLUMN pause_cancelled_subscription boolean NOT NULL DEFAULT false;
-- A deleted account whose profiles other people's bookings still name is replaced by a nameless
-- placeholder row that owns those (private) profiles; it can never sign in.
ALTER TABLE users ADD COLUMN deleted_at timestamptz;
