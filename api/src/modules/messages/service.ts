import type { Transaction } from 'kysely';
import type { BookingMessageUpdatePayload } from '../../contract';
import type { ProfileSide } from '../../booking-facts';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { forbidden, HttpError, notFound, ValidationError } from '../../http/errors';
import { recordActivity } from '../bookings/lifecycle';
import { markMessageNotificationsRead } from '../notifications/queries';

// Writing in a booking's conversation (issue 31): a message is stored with a booking_activities
// row of type 'message' ({message_id}) in one transaction, so the timeline shows it and the
// activity outbox (decision 112) hears of it exactly when it is committed. The booking's row is
// share-locked meanwhile: a cancel (which locks it for update) is either before the message,
// and refuses it, or after it.

/** booking-management… §4: "Sending messages is disabled when the booking is canceled or expired". */
export const MESSAGES_CLOSED = 'Messages cannot be sent on a canceled or expired booking.';
export const BODY_REQUIRED = 'The body field is required.';
/** PUT …/messages/{id} with nothing to change. */
export const UPDATE_REQUIRED =
  'The body field is required when contains schedule link is not present.';

/** Who writes: the side, the signed-in account, and who really typed while impersonating. */
export interface MessageWriter {
  side: ProfileSide;
  /** the signed-in account: the side's owner (also while impersonated) or their team member */
  userId: number;
  /** the real user while the session impersonates `userId`; null otherwise */
  impersonatorId: number | null;
}

export interface MessageDeps {
  db: DB;
  now: () => Date;
}

interface LockedBooking {
  status: string;
  expires_at: Date | null;
  guest_profile_id: number;
  show_profile_id: number;
}

/** Canceled, expired, or a request past its time to answer that the sweep has not reached. */
function isClosed(booking: LockedBooking, now: Date): boolean {
  if (booking.status === 'canceled' || booking.status === 'expired') return true;
  return booking.status === 'pending' && booking.expires_at !== null && booking.expires_at <= now;
}

async function lockBooking(trx: Transaction<Database>, bookingId: number): Promise<LockedBooking> {
  const booking = await trx
    .selectFrom('bookings')
    .select(['status', 'expires_at', 'guest_profile_id', 'show_profile_id'])
    .where('id', '=', bookingId)
    .forShare()
    .executeTakeFirst();
  if (!booking) throw notFound();
  return booking;
}

/** The owner of the booking's profile on `side`: whom the message is written for. */
async function ownerOf(
  trx: Transaction<Database>,
  booking: LockedBooking,
  side: ProfileSide,
): Promise<number> {
  const row =
    side === 'guest'
      ? await trx
          .selectFrom('guest_profiles')
          .select('user_id')
          .where('id', '=', booking.guest_profile_id)
          .executeTakeFirstOrThrow()
      : await trx
          .selectFrom('show_profiles')
          .select('user_id')
          .where('id', '=', booking.show_profile_id)
          .executeTakeFirstOrThrow();
  return row.user_id;
}

/** The text as stored: trimmed, and not blank. */
function bodyOf(body: string): string {
  const text = body.trim();
  if (text === '') throw ValidationError.single('body', BODY_REQUIRED);
  return text;
}

/** Stores a message of `writer`'s side and its timeline entry; the new message's id. */
export async function sendMessage(
  { db, now }: MessageDeps,
  bookingId: number,
  writer: MessageWriter,
  body: string,
): Promise<number> {
  const text = bodyOf(body);
  return db.transaction().execute(async (trx) => {
    const booking = await lockBooking(trx, bookingId);
    if (isClosed(booking, now())) throw new HttpError(409, MESSAGES_CLOSED);
    const message = await trx
      .insertInto('booking_messages')
      .values({
        booking_id: bookingId,
        sender_side: writer.side,
        sender_user_id: await ownerOf(trx, booking, writer.side),
        author_user_id: writer.impersonatorId ?? writer.userId,
        body: text,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordActivity(
      trx,
      bookingId,
      'message',
      { side: writer.side, userId: writer.userId, impersonatorId: writer.impersonatorId },
      { message_id: message.id },
    );
    return message.id;
  });
}

/**
 * Changes a message of `side`'s: its text (not once the booking is canceled or expired; marked
 * edited when it differs) and/or its "trying to update the booking date" flag. 404 when the
 * booking has no such message, 403 when the other side wrote it.
 */
export async function updateMessage(
  { db, now }: MessageDeps,
  bookingId: number,
  messageId: number,
  side: ProfileSide,
  changes: BookingMessageUpdatePayload,
): Promise<void> {
  if (changes.body === undefined && changes.contains_schedule_link === undefined) {
    throw ValidationError.single('body', UPDATE_REQUIRED);
  }
  const text = changes.body === undefined ? undefined : bodyOf(changes.body);
  await db.transaction().execute(async (trx) => {
    const booking = await lockBooking(trx, bookingId);
    const message = await trx
      .selectFrom('booking_messages')
      .select(['sender_side', 'body'])
      .where('id', '=', messageId)
      .where('booking_id', '=', bookingId)
      .forUpdate()
      .executeTakeFirst();
    if (!message) throw notFound();
    if (message.sender_side !== side) throw forbidden();
    if (text !== undefined && isClosed(booking, now())) throw new HttpError(409, MESSAGES_CLOSED);
    const set = {
      // the same text again is no edit
      ...(text !== undefined && text !== message.body ? { body: text, edited_at: now() } : {}),
      ...(changes.contains_schedule_link === undefined
        ? {}
        : { contains_schedule_link: changes.contains_schedule_link }),
    };
    if (Object.keys(set).length === 0) return;
    await trx.updateTable('booking_messages').set(set).where('id', '=', messageId).execute();
  });
}

/**
 * The other side's unread messages of the booking become read by `side`; how many did. The
 * side's "wrote" notifications of the booking go with them (the strip's news is read).
 */
export async function markRead(
  { db, now }: MessageDeps,
  bookingId: number,
  side: ProfileSide,
): Promise<number> {
  const at = now();
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('booking_messages')
      .set({ read_at: at })
      .where('booking_id', '=', bookingId)
      .where('sender_side', '!=', side)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    await markMessageNotificationsRead(trx, bookingId, side, at);
    return Number(result.numUpdatedRows);
  });
}
