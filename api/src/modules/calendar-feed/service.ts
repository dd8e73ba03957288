import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { CalendarFeedStatus } from '../../contract';
import type { DB } from '../../db/database';
import { hashToken } from '../auth/sessions';
import { icalendarFeedOf } from '../integrations/ical';
import { dateState, loadNotifyContext } from '../notify/context';
import { interviewEvent } from '../notify/invitation';

// The private calendar feed (issue 33, decision 118): one secret token per user, kept as its
// SHA-256 only; the feed lists the scheduled bookings of the user's profiles and of the owners
// whose team the user manages (Basic or Agency: booking_side_users' people), each event built by
// the invitations' own code (notify/invitation.ts, notify/context.ts), so a subscribed calendar
// and an emailed invitation describe one event: same UID, SEQUENCE and DTSTAMP.

/** 32 random bytes as 64 hex digits: URL-safe, and nothing a router reads as a separator. */
const TOKEN_PATTERN = /^[0-9a-f]{64}$/;
/** last_used_at is written at most this often, not on every read. */
const TOUCH_EVERY_SECONDS = 60;
/** The most events one feed lists: the soonest upcoming and most recent past ones. */
export const FEED_MAX_EVENTS = 500;
/** Changes when the feed's wording or format changes, so that kept copies are not reused. */
const FEED_FORMAT = 1;

export const CALENDAR_NAME = 'Guestspot interviews';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export async function feedStatusOf(db: DB, userId: number): Promise<CalendarFeedStatus> {
  const row = await db
    .selectFrom('calendar_feed_tokens')
    .select(['created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return {
    active: row !== undefined,
    created_at: iso(row?.created_at ?? null),
    last_used_at: iso(row?.last_used_at ?? null),
  };
}

/** Makes the user's feed token, replacing any earlier one (rotation); the token, shown once. */
export async function issueFeedToken(
  db: DB,
  userId: number,
): Promise<{ token: string; createdAt: Date }> {
  const token = randomBytes(32).toString('hex');
  const row = await db
    .insertInto('calendar_feed_tokens')
    .values({ user_id: userId, token_hash: hashToken(token) })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        token_hash: hashToken(token),
        created_at: sql<Date>`now()`,
        last_used_at: null,
      }),
    )
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return { token, createdAt: row.created_at };
}

/** Revokes the user's feed; whether there was one. */
export async function revokeFeedToken(db: DB, userId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('calendar_feed_tokens')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The user a feed token belongs to (marking it read), or null for an unknown or revoked one. */
export async function feedOwnerOf(db: DB, token: string): Promise<number | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .selectFrom('calendar_feed_tokens')
    .select([
      'id',
      'user_id',
      sql<boolean>`last_used_at IS NULL OR last_used_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})`.as(
        'stale',
      ),
    ])
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  if (row.stale) {
    await db
      .updateTable('calendar_feed_tokens')
      .set({ last_used_at: sql<Date>`now()` })
      .where('id', '=', row.id)
      .execute();
  }
  return row.user_id;
}

interface FeedBooking {
  id: number;
  /** the booking's newest activity: its notify context is the whole timeline */
  lastActivityId: number;
  guestName: string;
  showName: string;
}

/**
 * The scheduled bookings the feed lists, upcoming first then the most recent past ones, at most
 * FEED_MAX_EVENTS: those of the user's own profiles and of the owners whose team the user is a
 * member of (Basic 'admin' or 'agency'), as booking_side_users (migration 042) names the people
 * of a booking's side. Computed at each read, so leaving a team drops its bookings at once.
 */
async function feedBookingsOf(db: DB, userId: number, now: Date): Promise<FeedBooking[]> {
  const owners = db
    .selectFrom('users')
    .select('users.id as owner_id')
    .where('users.id', '=', userId)
    .union(
      db
        .selectFrom('team_members as tm')
        .innerJoin('teams as t', 't.id', 'tm.team_id')
        .innerJoin('users as member', 'member.id', 'tm.user_id')
        .select('t.owner_id')
        .where('tm.user_id', '=', userId)
        .where('tm.role', 'in', ['admin', 'agency'])
        .where('member.status', '<>', 'pending'),
    );
  const rows = await db
    .selectFrom('bookings as b')
    .innerJoin('guest_profiles as gp', 'gp.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as sp', 'sp.id', 'b.show_profile_id')
    .select((eb) => [
      'b.id',
      'gp.name as guestName',
      'sp.name as showName',
      eb
        .selectFrom('booking_activities as a')
        .select((inner) => inner.fn.max('a.id').as('last'))
        .whereRef('a.booking_id', '=', 'b.id')
        .as('lastActivityId'),
    ])
    .where('b.status', '=', 'scheduled')
    .where('b.booking_date', 'is not', null)
    .where((eb) => eb.or([eb('gp.user_id', 'in', owners), eb('sp.user_id', 'in', owners)]))
    // Upcoming interviews first (soonest first), then past ones (latest first).
    .orderBy(sql`b.booking_date < ${now}`)
    .orderBy(sql`abs(extract(epoch from b.booking_date - ${now}))`)
    .orderBy('b.id')
    .limit(FEED_MAX_EVENTS)
    .execute();
  return rows.flatMap((row) =>
    row.lastActivityId === null
      ? []
      : [
          {
            id: row.id,
            lastActivityId: Number(row.lastActivityId),
            guestName: row.guestName,
            showName: row.showName,
          },
        ],
  );
}

export interface FeedVersion {
  /** a strong ETag of what the feed would say: the bookings, their timelines, the names */
  etag: string;
  bookings: FeedBooking[];
}

/**
 * What the feed is at, cheaply (one query): a calendar app asking again with the same ETag gets a
 * 304 without the events being built. The newest activity of each booking stands for its date and
 * SEQUENCE; the profiles' names for its summary.
 */
export async function feedVersionOf(
  db: DB,
  userId: number,
  appUrl: string,
  now: Date,
): Promise<FeedVersion> {
  const bookings = await feedBookingsOf(db, userId, now);
  const digest = createHash('sha256')
    .update(JSON.stringify([FEED_FORMAT, appUrl, bookings]))
    .digest('base64url');
  return { etag: `"${digest}"`, bookings };
}

/** The feed's iCalendar text: one VEVENT per booking, as its invitation describes it. */
export async function feedCalendarOf(
  db: DB,
  bookings: readonly FeedBooking[],
  appUrl: string,
): Promise<string> {
  const events = [];
  for (const booking of bookings) {
    const context = await loadNotifyContext(db, booking.lastActivityId);
    if (!context) continue;
    const state = dateState(context);
    if (!state.date || state.withdrawn || !state.at) continue;
    events.push({
      event: interviewEvent(context, state.date, state.sequence, appUrl),
      stamp: state.at,
    });
  }
  return icalendarFeedOf(events, CALENDAR_NAME);
}
