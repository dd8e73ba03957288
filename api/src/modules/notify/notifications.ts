import { sql, type Transaction } from 'kysely';
import { otherSide, PROFILE_SIDES, type ProfileSide } from '../../booking-facts';
import type { NotificationType } from '../../contract';
import type { DB } from '../../db/database';
import type { Database } from '../../db/schema';
import { PREVIEW_LENGTH } from '../messages/inbox';
import { dateState, type NotifyContext } from './context';
import { formatTime } from './emails';
import { completionTelling, completionWording } from './completion-words';
import { pitchNotice, pitchNotificationType } from './pitch-words';

// The notifications strip's messages (issue 31, decision 113): the activity outbox's consumer
// 'notification' (migration 042 gives it the activities the emails tell of, and messages).
// Everyone on the side that did not act is told (both sides for what the system did): the
// profile's owner and the owner's team members, whatever their email or SMS settings (those
// are channels; the strip is where the team works). Worded for each reader, with times in their
// own time zone. outbox.ts stores them in the transaction that marks the row done: exactly once.

export interface NewNotification {
  user_id: number;
  type: NotificationType;
  booking_id: number;
  activity_id: number;
  side: ProfileSide;
  message: string;
}

/** Who is told and what the activity is called for them. */
interface Telling {
  type: NotificationType;
  sides: readonly ProfileSide[];
}

/** The activity of `type` recorded with this one (same transaction, hence the same time). */
function sameMoment(context: NotifyContext, type: string) {
  const at = context.activity.createdAt.getTime();
  return context.log.find((item) => item.type === type && item.createdAt.getTime() === at);
}

function tellingOf(context: NotifyContext): Telling | null {
  const { type, actorSide, payload } = context.activity;
  const sides = actorSide === 'system' ? PROFILE_SIDES : [otherSide(actorSide)];
  switch (type) {
    case 'order-started':
      return { type: 'booking_request', sides };
    case 'accepted':
      // Accepted by confirming a date (one transaction): the date's notification says it all.
      return sameMoment(context, 'confirmed') ? null : { type: 'booking_accepted', sides };
    case 'rejected':
      return { type: 'booking_rejected', sides };
    case 'canceled':
      return { type: 'booking_canceled', sides };
    case 'expired':
      return { type: 'booking_expired', sides: PROFILE_SIDES };
    case 'proposed_dates':
      return { type: 'dates_proposed', sides };
    case 'confirmed':
      return { type: payload.updated === true ? 'date_changed' : 'date_confirmed', sides };
    case 'scheduling-link':
      return { type: 'scheduling_link', sides };
    case 'message':
      return { type: 'new_message', sides };
    default: {
      // After the interview: the show's questions (decision 116).
      const completion = completionTelling(type);
      if (completion) return completion;
      // A pitch's answer, extra payment, fee change or recording (decision 115).
      const kind = pitchNotificationType(type);
      return kind ? { type: kind, sides } : null;
    }
  }
}

/** The start of a message's text, as the inbox previews it (spec §9). */
function preview(body: string): string {
  const text = body.trim().replace(/\s+/g, ' ');
  return text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH).trimEnd()}…` : text;
}

interface Reader {
  side: ProfileSide;
  timezone: string;
}

/** What the strip says to `reader`, naming the other side's profile. */
function wording(
  context: NotifyContext,
  type: NotificationType,
  reader: Reader,
  messageBody: string | null,
): string {
  const { activity, booking } = context;
  const other = context.parties[otherSide(reader.side)].profileName;
  const own = context.parties[reader.side].profileName;
  const request = booking.isPitch ? 'pitch' : 'booking request';
  const date = dateState(context, activity.id).date;
  const at = date ? formatTime(date.startsAt, reader.timezone) : null;
  const pitch = pitchNotice(activity, other);
  if (pitch !== null) return pitch;
  switch (type) {
    case 'booking_request':
      return reader.side === 'guest'
        ? `${other} sent you a ${request}`
        : `${other} sent ${own} a ${request}`;
    case 'booking_accepted':
      return `${other} accepted your ${request}`;
    case 'booking_rejected':
      return `${other} declined your ${request}`;
    case 'booking_canceled':
      return activity.actorSide === 'system'
        ? `Your booking with ${other} was canceled`
        : `${other} canceled the booking`;
    case 'booking_expired':
      return reader.side === booking.initiator
        ? `Your ${request} to ${other} expired`
        : `The ${request} from ${other} expired`;
    case 'dates_proposed':
      return activity.payload.rescheduled === true
        ? `${other} asked to reschedule the interview`
        : `${other} proposed interview times`;
    case 'date_confirmed':
      if (activity.actorSide === 'system') {
        return at
          ? `Your interview with ${other} is on ${at}`
          : `Your interview with ${other} is scheduled`;
      }
      return at ? `${other} confirmed the interview for ${at}` : `${other} confirmed the interview`;
    case 'date_changed':
      return at ? `${other} moved the interview to ${at}` : `${other} changed the interview date`;
    case 'scheduling_link':
      return `${other} shared a scheduling link`;
    case 'new_message':
      return messageBody === null
        ? `${other} sent you a message`
        : `${other} wrote: ${preview(messageBody)}`;
    default:
      return completionWording(type, other) ?? `Your booking with ${other} changed`;
  }
}

/** The text of the message a 'message' activity names (null when it is gone). */
async function messageBodyOf(db: DB, context: NotifyContext): Promise<string | null> {
  const id = Number(context.activity.payload.message_id);
  if (!Number.isInteger(id)) return null;
  const row = await db
    .selectFrom('booking_messages')
    .select('body')
    .where('id', '=', id)
    .where('booking_id', '=', context.booking.id)
    .executeTakeFirst();
  return row?.body ?? null;
}

/**
 * The notifications of one activity, one per user on a side to be told (migration 042's
 * booking_side_users: the owner and the owner's team members), never to the user who acted.
 * Read-only: worked out again, it gives the same rows.
 */
export async function activityNotifications(
  db: DB,
  context: NotifyContext,
): Promise<NewNotification[]> {
  const telling = tellingOf(context);
  if (!telling) return [];
  const people = await db
    .selectFrom(
      sql<{ user_id: number; side: ProfileSide }>`booking_side_users(${context.booking.id})`.as(
        'p',
      ),
    )
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.user_id', 'p.side', 'u.timezone'])
    .where('p.side', 'in', [...telling.sides])
    .where((eb) =>
      eb(
        'p.user_id',
        'is distinct from',
        eb
          .selectFrom('booking_activities')
          .select('actor_user_id')
          .where('id', '=', context.activity.id),
      ),
    )
    .orderBy('p.user_id')
    .orderBy('p.side')
    .execute();
  const body = telling.type === 'new_message' ? await messageBodyOf(db, context) : null;
  const told = new Set<number>();
  return people.flatMap((person) => {
    // someone on both sides (a member of both teams) is told once
    if (told.has(person.user_id)) return [];
    told.add(person.user_id);
    return [
      {
        user_id: person.user_id,
        type: telling.type,
        booking_id: context.booking.id,
        activity_id: context.activity.id,
        side: person.side,
        message: wording(context, telling.type, person, body),
      },
    ];
  });
}

/** Stores them (inside the outbox row's finishing transaction); a second insert does nothing. */
export async function storeNotifications(
  trx: Transaction<Database>,
  notifications: readonly NewNotification[],
): Promise<void> {
  if (notifications.length === 0) return;
  await trx
    .insertInto('notifications')
    .values(
      notifications.map(({ message, ...row }) => ({ ...row, data: JSON.stringify({ message }) })),
    )
    .onConflict((conflict) => conflict.columns(['activity_id', 'user_id']).doNothing())
    .execute();
}
