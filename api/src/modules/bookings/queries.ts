import type { Booking, BookingStatus } from '../../contract';
import type { DB } from '../../db/database';
import { notFound } from '../../http/errors';
import { generatedImageUrl } from '../images/urls';
import type { ProfileSide } from '../../booking-facts';

// The bookings as the list, the create, the four answers and the booking page read them (the
// list's filters and sorts: list-query.ts).

/** The columns a Booking answer is made of (bookings b, guest_profiles g, show_profiles s). */
export const BOOKING_COLUMNS = [
  'b.id',
  'b.status',
  'b.is_pitch',
  'b.initiator',
  'b.price',
  'b.booking_date',
  'b.created_at',
  'b.guest_seen_at',
  'b.show_seen_at',
  'b.booker_user_id',
  'g.id as guest_id',
  'g.name as guest_name',
  'g.title as guest_title',
  'g.user_id as guest_user_id',
  's.id as show_id',
  's.name as show_name',
] as const;

export function bookingsWithProfiles(db: DB) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id');
}

export interface BookingRow {
  id: number;
  status: BookingStatus;
  is_pitch: boolean;
  initiator: 'guest' | 'show';
  price: number;
  booking_date: Date | null;
  created_at: Date;
  guest_seen_at: Date | null;
  show_seen_at: Date | null;
  booker_user_id: number | null;
  guest_id: number;
  guest_name: string;
  guest_title: string | null;
  guest_user_id: number;
  show_id: number;
  show_name: string;
}

/**
 * The side `viewerId` sees a listed booking from: the booker's own side (who may own both
 * profiles' sides through a team), else the guest when they own the guest profile.
 */
function listedSideOf(row: BookingRow, viewerId: number): ProfileSide {
  const viewerIsGuest =
    row.booker_user_id === viewerId ? row.initiator === 'guest' : row.guest_user_id === viewerId;
  return viewerIsGuest ? 'guest' : 'show';
}

/** One Booking answer as seen from `side`: its new flag and its counterpart are that side's. */
export function toBooking(row: BookingRow, side: ProfileSide): Booking {
  const guest = {
    id: row.guest_id,
    name: row.guest_name,
    title: row.guest_title,
    imageUrl: generatedImageUrl('guests', row.guest_id),
  };
  const show = {
    id: row.show_id,
    name: row.show_name,
    imageUrl: generatedImageUrl('shows', row.show_id),
  };
  const viewerIsGuest = side === 'guest';
  return {
    id: row.id,
    status: row.status,
    is_pitch: row.is_pitch,
    initiator: row.initiator,
    is_new: viewerIsGuest ? row.guest_seen_at === null : row.show_seen_at === null,
    price: row.price,
    booking_date: row.booking_date?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    guest_profile: guest,
    show_profile: show,
    counterpart: viewerIsGuest
      ? { type: 'show', id: show.id, name: show.name, imageUrl: show.imageUrl }
      : { type: 'guest', id: guest.id, name: guest.name, imageUrl: guest.imageUrl },
  };
}

/** One booking as `viewerId` sees it (the answer of a create), or undefined. */
export async function findViewerBooking(
  db: DB,
  id: number,
  viewerId: number,
): Promise<Booking | undefined> {
  const row = await bookingsWithProfiles(db)
    .select(BOOKING_COLUMNS)
    .where('b.id', '=', id)
    .executeTakeFirst();
  return row ? toBooking(row, listedSideOf(row, viewerId)) : undefined;
}

/** The booking as GET /bookings answers it, from the viewer's side: the create's and the
 * four answers' reply. 404 when there is no such booking. */
export async function findBookingFor(db: DB, id: number, viewerId: number): Promise<Booking> {
  const booking = await findViewerBooking(db, id, viewerId);
  if (!booking) throw notFound();
  return booking;
}
