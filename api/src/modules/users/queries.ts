import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type {
  AdminUserSummary,
  Impersonator,
  ProfileSummary,
  TeamMembership,
  User,
} from '../../contract';
import { NEW_BOOKING_STATUSES } from '../../booking-list-facts';
import type { DB } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../http/errors';
import { generatedImageUrl } from '../images/urls';
import { upsellsOfProfiles } from '../profiles/booking-setup/queries';
import { containsPattern } from '../profiles/list-query';
import { unreadMessagesOf } from '../messages/inbox';
import { GUEST_KIND, SHOW_KIND } from '../profiles/queries';
import { mediaUrl } from '../uploads/service';

export function formatPhone(digits: string | null): string | null {
  if (!digits) return null;
  const match = /^(\d{3})(\d{3})(\d{4})$/.exec(digits);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : digits;
}

export function emailHash(email: string): string {
  return createHash('md5').update(email.trim().toLowerCase()).digest('hex');
}

export interface LoadUserOptions {
  /** The session's real user while it impersonates this one (GET /users/me). */
  impersonator?: Impersonator | null;
}

/** The User payload of /users/me and /auth/login. */
export async function loadUser(
  db: DB,
  userId: number,
  options: LoadUserOptions = {},
): Promise<User> {
  const [user, guest, shows, teams, ownsTeamWithMembers, newBookings, unread] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('guest_profiles')
      .select(['id', 'name', 'slug'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db
      .selectFrom('show_profiles')
      .select(['id', 'name', 'slug'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('team_members')
      .innerJoin('teams', 'teams.id', 'team_members.team_id')
      .innerJoin('users as owner', 'owner.id', 'teams.owner_id')
      .select([
        'teams.id',
        'teams.owner_id',
        sql<string>`owner.first_name || ' ' || owner.last_name`.as('owner_name'),
        'team_members.role',
      ])
      .where('team_members.user_id', '=', userId)
      .orderBy('teams.id')
      .execute(),
    db
      .selectFrom('teams')
      .innerJoin('team_members', 'team_members.team_id', 'teams.id')
      .select('teams.id')
      .where('teams.owner_id', '=', userId)
      .limit(1)
      .executeTakeFirst(),
    newBookingsOf(db, userId),
    // the inbox's figure, as GET /users/{id}/unread-messages counts it
    unreadMessagesOf(db, userId),
  ]);
  if (!user) throw notFound();

  const summary = (kind: 'guests' | 'shows', row: { id: number; name: string; slug: string }) =>
    ({ ...row, imageUrl: generatedImageUrl(kind, row.id) }) satisfies ProfileSummary;
  const memberships: TeamMembership[] = teams;

  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: formatPhone(user.phone),
    title: user.title,
    timezone: user.timezone,
    imageUrl: user.image_uuid ? mediaUrl(user.image_uuid) : generatedImageUrl('users', user.id),
    imageUuid: user.image_uuid,
    email_hash: emailHash(user.email),
    email_notifications: user.email_notifications,
    sms_notifications: user.sms_notifications,
    has_team: ownsTeamWithMembers !== undefined,
    has_stripe_connect: user.stripe_connect_id !== null,
    account_type: user.account_type,
    status: user.status,
    referred_by: user.referred_by,
    referral_code: user.referral_code,
    terms_accepted_at: user.terms_accepted_at?.toISOString() ?? null,
    team_role: memberships[0]?.role ?? null,
    is_admin: user.is_admin,
    guest: guest ? summary('guests', guest) : null,
    shows: shows.map((show) => summary('shows', show)),
    teams: memberships,
    new_bookings_count: newBookings,
    unread_messages_count: unread.count,
    impersonator: options.impersonator ?? null,
  };
}

/** What GET /users/{id}?include= may add to the User. */
export type UserInclude = 'guest.upsellPackages' | 'shows.upsellPackages';

/** The user's guest profile and/or shows with their upsell packages (decision 089). */
export async function withUpsellPackages(
  db: DB,
  user: User,
  include: ReadonlySet<UserInclude>,
): Promise<User> {
  const guest = include.has('guest.upsellPackages') ? user.guest : null;
  const shows = include.has('shows.upsellPackages') ? user.shows : [];
  const [guestUpsells, showUpsells] = await Promise.all([
    upsellsOfProfiles(db, GUEST_KIND, guest ? [guest.id] : []),
    upsellsOfProfiles(
      db,
      SHOW_KIND,
      shows.map((show) => show.id),
    ),
  ]);
  return {
    ...user,
    guest: guest ? { ...guest, upsellPackages: guestUpsells.get(guest.id) ?? [] } : user.guest,
    shows: include.has('shows.upsellPackages')
      ? user.shows.map((show) => ({ ...show, upsellPackages: showUpsells.get(show.id) ?? [] }))
      : user.shows,
  };
}

/** Up to 10 users whose id, email or name holds `search` (all of them, by id, when it is ''). */
export async function searchUsers(db: DB, search: string): Promise<AdminUserSummary[]> {
  let query = db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'is_admin', 'account_type'])
    // Placeholders left by deleted accounts (account-status/service.ts) are nobody to find.
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .limit(10);
  if (search) {
    const like = containsPattern(search);
    const id = /^\d{1,9}$/.test(search) ? Number(search) : null;
    query = query.where((eb) =>
      eb.or([
        ...(id === null ? [] : [eb('id', '=', id)]),
        eb('email', 'ilike', like),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', like),
      ]),
    );
  }
  return query.execute();
}

/** The account's whole row (what an update checks against), or undefined. */
export async function findUserRow(db: DB, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The user's own profiles' bookings that side has not seen yet, among those still going on
 * (new_bookings_count; spec §7: pending, accepted, scheduled). PATCH /bookings/see-bookings
 * clears it (decision 117).
 */
export async function newBookingsOf(db: DB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('bookings')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('status', 'in', NEW_BOOKING_STATUSES)
    .where((eb) =>
      eb.or([
        eb.and([
          eb(
            'guest_profile_id',
            'in',
            eb.selectFrom('guest_profiles').select('id').where('user_id', '=', userId),
          ),
          eb('guest_seen_at', 'is', null),
        ]),
        eb.and([
          eb(
            'show_profile_id',
            'in',
            eb.selectFrom('show_profiles').select('id').where('user_id', '=', userId),
          ),
          eb('show_seen_at', 'is', null),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return row.count;
}
