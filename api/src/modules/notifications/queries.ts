import { sql, type Transaction } from 'kysely';
import type { ProfileSide } from '../../booking-facts';
import type { Notification } from '../../contract';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';

// The notifications strip's reads and its read mark (booking-management… §2 "Notification
// flows", §3 Notification; decision 113). The rows are written by the activity outbox
// (notify/notifications.ts), worded for their user; the answer adds the booking's profiles and
// where the reader stands (the side they were told as).

/** GET /notifications answers at most this many (the newest unread). */
export const NOTIFICATIONS_SHOWN = 20;

function notificationsWithBooking(db: DB) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('bookings as b', 'b.id', 'n.booking_id')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .select([
      'n.id',
      'n.type',
      'n.booking_id',
      'n.side',
      'n.data',
      'n.read_at',
      'n.created_at',
      'b.initiator',
      'g.id as guest_id',
      'g.name as guest_name',
      's.id as show_id',
      's.name as show_name',
    ]);
}

type NotificationRow = Awaited<
  ReturnType<ReturnType<typeof notificationsWithBooking>['executeTakeFirstOrThrow']>
>;

function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    read_at: row.read_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    data: {
      type: row.type,
      booking_id: row.booking_id,
      is_guest: row.side === 'guest',
      is_show: row.side === 'show',
      is_initiator: row.side === row.initiator,
      show: { id: row.show_id, name: row.show_name },
      guest: { id: row.guest_id, name: row.guest_name },
      message: row.data.message,
    },
  };
}

/** The user's unread notifications, newest first (at most NOTIFICATIONS_SHOWN). */
export async function unreadNotificationsOf(db: DB, userId: number): Promise<Notification[]> {
  const rows = await notificationsWithBooking(db)
    .where('n.user_id', '=', userId)
    .where('n.read_at', 'is', null)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(NOTIFICATIONS_SHOWN)
    .execute();
  return rows.map(toNotification);
}

/** How many unread notifications the user has (the live stream's counts). */
export async function unreadNotificationCount(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Marks the user's notification read (kept when it already was) or unread again; 404 when it is
 * not theirs or does not exist.
 */
export async function markNotification(
  db: DB,
  userId: number,
  id: number,
  read: boolean,
): Promise<Notification> {
  const updated = await db
    .updateTable('notifications')
    .set({ read_at: read ? sql`coalesce(read_at, now())` : null })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw notFound();
  const row = await notificationsWithBooking(db).where('n.id', '=', id).executeTakeFirstOrThrow();
  return toNotification(row);
}

/**
 * The side's "wrote" notifications of a booking become read once its messages are read (by any
 * of the side's users: the messages are read for the side, so the news is old for all of them).
 */
export async function markMessageNotificationsRead(
  db: Transaction<Database>,
  bookingId: number,
  side: ProfileSide,
  now: Date,
): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('booking_id', '=', bookingId)
    .where('side', '=', side)
    .where('type', '=', 'new_message')
    .where('read_at', 'is', null)
    .execute();
}
