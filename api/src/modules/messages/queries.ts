import { sql, type Transaction } from 'kysely';
import type { BookingMessage } from '../../contract';
import type { ProfileSide } from '../../booking-facts';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { generatedImageUrl } from '../images/urls';

// A booking's messages as their readers see them (booking-management… §3 Booking message): the
// sending side's profile name and picture, and who really wrote it when that was not the
// profile's owner (a team member, or someone impersonating the owner). The booking page's
// timeline reads the same rows (bookings/timeline.ts, its 'message' entries).

/** One stored message with the names its answer shows. */
export interface MessageRow {
  id: number;
  booking_id: number;
  body: string;
  created_at: Date;
  edited_at: Date | null;
  read_at: Date | null;
  contains_schedule_link: boolean;
  sender_side: ProfileSide;
  sender_user_id: number;
  author_user_id: number | null;
  /** the sending side's profile */
  sender_profile_id: number;
  sender_name: string;
  /** the author's name when the author is not the profile's owner; null otherwise */
  written_by: string | null;
}

type Executor = DB | Transaction<Database>;

/** The messages with their booking's profiles and, when it was someone else, the author. */
function messagesWithNames(db: Executor) {
  return db
    .selectFrom('booking_messages as m')
    .innerJoin('bookings as b', 'b.id', 'm.booking_id')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .leftJoin('users as author', (join) =>
      join
        .onRef('author.id', '=', 'm.author_user_id')
        .onRef('m.author_user_id', '!=', 'm.sender_user_id'),
    )
    .select([
      'm.id',
      'm.booking_id',
      'm.body',
      'm.created_at',
      'm.edited_at',
      'm.read_at',
      'm.contains_schedule_link',
      'm.sender_side',
      'm.sender_user_id',
      'm.author_user_id',
      sql<number>`case when m.sender_side = 'guest' then g.id else s.id end`.as(
        'sender_profile_id',
      ),
      sql<string>`case when m.sender_side = 'guest' then g.name else s.name end`.as('sender_name'),
      sql<string | null>`author.first_name || ' ' || author.last_name`.as('written_by'),
    ]);
}

/** The booking's messages, oldest first. */
export async function messagesOfBooking(db: Executor, bookingId: number): Promise<MessageRow[]> {
  return messagesWithNames(db)
    .where('m.booking_id', '=', bookingId)
    .orderBy('m.created_at')
    .orderBy('m.id')
    .execute();
}

/** One message of the booking, or undefined. */
export async function messageOfBooking(
  db: Executor,
  bookingId: number,
  messageId: number,
): Promise<MessageRow | undefined> {
  return messagesWithNames(db)
    .where('m.booking_id', '=', bookingId)
    .where('m.id', '=', messageId)
    .executeTakeFirst();
}

/** The answer of one message for a reader on `viewer`'s side. */
export function toBookingMessage(row: MessageRow, viewer: ProfileSide): BookingMessage {
  return {
    id: row.id,
    booking_id: row.booking_id,
    body: row.body,
    created_at: row.created_at.toISOString(),
    edited_at: row.edited_at?.toISOString() ?? null,
    read_at: row.read_at?.toISOString() ?? null,
    contains_schedule_link: row.contains_schedule_link,
    is_mine: row.sender_side === viewer,
    sender: {
      user_id: row.sender_user_id,
      name: row.sender_name,
      imageUrl: generatedImageUrl(
        row.sender_side === 'guest' ? 'guests' : 'shows',
        row.sender_profile_id,
      ),
      side: row.sender_side,
      written_by: row.written_by,
    },
  };
}
