import type { Kysely } from 'kysely';
import type { Database } from '../schema';

// The demo conversations (issue 31): the demo accounts' bookings that are under way carry a few
// messages each, as POST /bookings/{id}/messages writes them (the message and its 'message'
// timeline entry), so /messages, the booking page's chat and the unread counts have something
// to show. The last message of a conversation is left unread by the other side.

const HOUR = 60 * 60 * 1000;

/** Who says what, in turn: the side that did not start the booking answers first. */
const CONVERSATIONS = [
  [
    'Thanks for the invitation! Happy to talk about building habits that last.',
    'Wonderful. Anything you would rather we did not cover?',
    'Nothing off limits. Could you send the questions a day ahead?',
  ],
  [
    'Looking forward to it. Do you record video as well, or audio only?',
    'Both: video for YouTube, audio for the podcast apps.',
  ],
  [
    'Hi! Quick question before we settle the date: is the interview live or recorded?',
    'Recorded, and you get to review the edit before it goes out.',
    'Perfect, that works for me.',
    'Great, see you then!',
  ],
];

export async function seedMessages(
  trx: Kysely<Database>,
  { demoUsers, now }: { demoUsers: number[]; now: Date },
): Promise<void> {
  const bookings = await trx
    .selectFrom('bookings as b')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .select([
      'b.id',
      'b.initiator',
      'b.created_at',
      'g.user_id as guest_user',
      's.user_id as show_user',
    ])
    .where('b.status', 'in', ['pending', 'accepted', 'scheduled', 'completed'])
    .where((eb) => eb.or([eb('g.user_id', 'in', demoUsers), eb('s.user_id', 'in', demoUsers)]))
    .orderBy('b.id')
    .execute();

  for (const [index, booking] of bookings.entries()) {
    const lines = CONVERSATIONS[index % CONVERSATIONS.length]!;
    const invitee = booking.initiator === 'guest' ? 'show' : 'guest';
    const userOf = (side: 'guest' | 'show') =>
      side === 'guest' ? booking.guest_user : booking.show_user;
    // Spread between the booking's creation and an hour ago.
    const start = booking.created_at.getTime() + HOUR;
    const step = Math.max(60_000, (now.getTime() - HOUR - start) / lines.length);
    for (const [turn, body] of lines.entries()) {
      const side = turn % 2 === 0 ? invitee : booking.initiator;
      const at = new Date(start + turn * step);
      const last = turn === lines.length - 1;
      const message = await trx
        .insertInto('booking_messages')
        .values({
          booking_id: booking.id,
          sender_side: side,
          sender_user_id: userOf(side),
          author_user_id: userOf(side),
          body,
          created_at: at,
          read_at: last ? null : new Date(at.getTime() + 10 * 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('booking_activities')
        .values({
          booking_id: booking.id,
          type: 'message',
          actor_side: side,
          actor_user_id: userOf(side),
          payload: JSON.stringify({ message_id: message.id }),
          created_at: at,
        })
        .execute();
    }
  }
}
