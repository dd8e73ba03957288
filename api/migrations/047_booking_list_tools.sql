-- The bookings list's tools (issue 33, decision 117): the month filter, the new-bookings badge.
--
-- A listed booking's month is its interview's date, or the day it was asked for while it has
-- none (a pending request): one expression per side, so that a month of a profile's bookings is
-- one index range (bookings/list-query.ts writes the same expression).
CREATE INDEX bookings_guest_month_idx
  ON bookings (guest_profile_id, (coalesce(booking_date, created_at)));
CREATE INDEX bookings_show_month_idx
  ON bookings (show_profile_id, (coalesce(booking_date, created_at)));

-- The badge (users/queries.ts newBookingsOf, also the live 'counts'): a side's bookings it has not
-- seen, among those still going on (spec §7: pending, accepted, scheduled). Small: PATCH
-- /bookings/see-bookings empties a user's part of it.
CREATE INDEX bookings_guest_unseen_idx ON bookings (guest_profile_id)
  WHERE guest_seen_at IS NULL AND status IN ('pending', 'accepted', 'scheduled');
CREATE INDEX bookings_show_unseen_idx ON bookings (show_profile_id)
  WHERE show_seen_at IS NULL AND status IN ('pending', 'accepted', 'scheduled');
