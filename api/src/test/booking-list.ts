import type { Insertable } from 'kysely';
import type { DB } from '../db/database';
import type { BookingsTable } from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed/seed';

// Fixtures of the bookings list's suites (decision 117): accounts of their own with profiles,
// and bookings written straight into the table with exactly the fields a filter reads.

let made = 0;

/** A signed-up, verified account (the demo password) with a guest and/or a show profile. */
export async function makeAccount(
  db: DB,
  name: string,
  {
    guest,
    show,
    timezone = 'US/Central',
  }: { guest?: string; show?: string; timezone?: string } = {},
): Promise<{ email: string; userId: number; guestId: number | null; showId: number | null }> {
  made += 1;
  const demo = await db
    .selectFrom('users')
    .select('password_hash')
    .where('email', '=', DEMO_ACCOUNTS.standard)
    .executeTakeFirstOrThrow();
  const [first = name, last = 'Tester'] = name.split(' ');
  const email = `list-${process.pid}-${made}@guestspot.test`;
  const { id: userId } = await db
    .insertInto('users')
    .values({
      first_name: first,
      last_name: last,
      email,
      password_hash: demo.password_hash,
      status: 'active',
      timezone,
      email_verified_at: new Date(),
      terms_accepted_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const slug = (text: string) => `${text.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${made}`;
  const guestId = guest
    ? (
        await db
          .insertInto('guest_profiles')
          .values({ user_id: userId, name: guest, slug: slug(guest) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    : null;
  const showId = show
    ? (
        await db
          .insertInto('show_profiles')
          .values({ user_id: userId, name: show, slug: slug(show) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    : null;
  return { email, userId, guestId, showId };
}

export type BookingSeed = Pick<
  Insertable<BookingsTable>,
  'guest_profile_id' | 'show_profile_id' | 'initiator'
> &
  Partial<Omit<Insertable<BookingsTable>, 'proposed_dates'>> & { proposed_dates?: string[] };

/** Inserts a booking (seen by both sides unless told); canceled ones get their cancel fields. */
export async function insertBooking(db: DB, seed: BookingSeed): Promise<number> {
  const created = seed.created_at ?? new Date('2031-03-01T12:00:00Z');
  const { proposed_dates: proposed = [], ...values } = seed;
  const row = await db
    .insertInto('bookings')
    .values({
      interview_duration: 30,
      guest_seen_at: created,
      show_seen_at: created,
      ...(values.status === 'canceled' ? { canceled_at: created, cancel_kind: 'canceled' } : {}),
      ...values,
      created_at: created,
      updated_at: created,
      proposed_dates: JSON.stringify(proposed),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Adds `memberId` to the team `ownerId` owns (made when missing); Basic is stored as 'admin'. */
export async function addToTeam(
  db: DB,
  ownerId: number,
  memberId: number,
  role: 'admin' | 'agency',
): Promise<void> {
  const existing = await db
    .selectFrom('teams')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  const team =
    existing ??
    (await db
      .insertInto('teams')
      .values({ owner_id: ownerId })
      .returning('id')
      .executeTakeFirstOrThrow());
  await db
    .insertInto('team_members')
    .values({ team_id: team.id, user_id: memberId, role })
    .execute();
}
