import { sql } from 'kysely';
import type { Conversation } from '../../contract';
import type { ProfileSide } from '../../booking-facts';
import type { DB } from '../../db/database';
import { generatedImageUrl } from '../images/urls';

// The /messages inbox (booking-management… §2 "Messages inbox", §9): every booking the user
// stands on a side of, by their own profiles or, as a team member, their team owner's (as
// profiles/write.ts managerRoleOf lets them act for them), that has a message. Each is read from
// one side, the one the booking page reads it from (action-rules.ts viewerSideOf: the
// initiator's when the user stands on both). One statement each, over the indexes of
// migration 041: no query per booking.

/** The inbox's preview of the last message (spec §9). */
export const PREVIEW_LENGTH = 50;

/**
 * The bookings `userId` reads, each with the side it is read from (`viewed`): the user's own
 * profiles', and their team owners' when they are an active member (Basic or Agency).
 */
function viewedBookings(db: DB, userId: number) {
  return db
    .with('owners', (qb) =>
      qb
        .selectFrom('users')
        .select('users.id')
        .where('users.id', '=', userId)
        .union(
          qb
            .selectFrom('team_members as tm')
            .innerJoin('teams as t', 't.id', 'tm.team_id')
            .innerJoin('users as member', 'member.id', 'tm.user_id')
            .select('t.owner_id as id')
            .where('tm.user_id', '=', userId)
            .where('tm.role', 'in', ['admin', 'agency'])
            // an unverified account manages nobody else's profiles (decision 066)
            .where('member.status', '!=', 'pending'),
        ),
    )
    .with('sides', (qb) =>
      qb
        .selectFrom('bookings as b')
        .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
        .select(['b.id as booking_id', sql<ProfileSide>`'guest'`.as('side')])
        .where('g.user_id', 'in', qb.selectFrom('owners').select('owners.id'))
        .unionAll(
          qb
            .selectFrom('bookings as b')
            .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
            .select(['b.id as booking_id', sql<ProfileSide>`'show'`.as('side')])
            .where('s.user_id', 'in', qb.selectFrom('owners').select('owners.id')),
        ),
    )
    .with('viewed', (qb) =>
      qb
        .selectFrom('sides')
        .innerJoin('bookings as b', 'b.id', 'sides.booking_id')
        .select([
          'sides.booking_id',
          sql<ProfileSide>`case when count(*) > 1 then b.initiator else min(sides.side) end`.as(
            'side',
          ),
        ])
        .groupBy(['sides.booking_id', 'b.initiator']),
    );
}

/** The user's conversations, newest last message first. */
export async function conversationsOf(db: DB, userId: number): Promise<Conversation[]> {
  const rows = await viewedBookings(db, userId)
    .selectFrom('viewed as v')
    .innerJoin('bookings as b', 'b.id', 'v.booking_id')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .innerJoinLateral(
      (eb) =>
        eb
          .selectFrom('booking_messages as m')
          .select(['m.id', 'm.body', 'm.created_at', 'm.sender_side'])
          .whereRef('m.booking_id', '=', 'b.id')
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .select((eb) => [
      'b.id as booking_id',
      'b.status',
      'v.side',
      'g.id as guest_id',
      'g.name as guest_name',
      's.id as show_id',
      's.name as show_name',
      sql<string>`left(last.body, ${PREVIEW_LENGTH})`.as('preview'),
      'last.created_at',
      'last.sender_side',
      eb
        .selectFrom('booking_messages as u')
        .select(sql<number>`count(*)::int`.as('unread'))
        .whereRef('u.booking_id', '=', 'b.id')
        .where('u.read_at', 'is', null)
        .whereRef('u.sender_side', '!=', 'v.side')
        .as('unread_count'),
    ])
    .orderBy('last.created_at', 'desc')
    .orderBy('last.id', 'desc')
    .execute();
  return rows.map((row) => ({
    booking_id: row.booking_id,
    booking_status: row.status,
    counterpart:
      row.side === 'guest'
        ? {
            type: 'show',
            id: row.show_id,
            name: row.show_name,
            imageUrl: generatedImageUrl('shows', row.show_id),
          }
        : {
            type: 'guest',
            id: row.guest_id,
            name: row.guest_name,
            imageUrl: generatedImageUrl('guests', row.guest_id),
          },
    last_message: {
      preview: row.preview,
      created_at: row.created_at.toISOString(),
      is_mine: row.sender_side === row.side,
    },
    unread_count: row.unread_count ?? 0,
  }));
}

/** The other sides' unread messages over the user's bookings, and how many bookings hold them. */
export async function unreadMessagesOf(
  db: DB,
  userId: number,
): Promise<{ count: number; conversations: number }> {
  return viewedBookings(db, userId)
    .selectFrom('viewed as v')
    .innerJoin('booking_messages as m', (join) =>
      join
        .onRef('m.booking_id', '=', 'v.booking_id')
        .onRef('m.sender_side', '!=', 'v.side')
        .on('m.read_at', 'is', null),
    )
    .select([
      sql<number>`count(*)::int`.as('count'),
      sql<number>`count(distinct m.booking_id)::int`.as('conversations'),
    ])
    .executeTakeFirstOrThrow();
}
