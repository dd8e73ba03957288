import type { LiveEvents } from '../../contract';
import type { DB } from '../../db/database';
import { unreadMessagesOf } from '../messages/inbox';
import { newBookingsOf } from '../users/queries';
import { unreadNotificationCount } from '../notifications/queries';

// The badges a live stream's 'counts' event carries (decision 113), each worked out the way its
// own read does: unread messages as GET /users/{id}/unread-messages, new bookings as the User's
// new_bookings_count (users/queries.ts: the user's own profiles' bookings that side has not
// seen), unread notifications as the strip's.

export async function liveCounts(db: DB, userId: number): Promise<LiveEvents['counts']> {
  const [messages, newBookings, notifications] = await Promise.all([
    unreadMessagesOf(db, userId),
    newBookingsOf(db, userId),
    unreadNotificationCount(db, userId),
  ]);
  return {
    unread_messages: messages.count,
    new_bookings: newBookings,
    notifications,
  };
}
