import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { ValidationError } from '../../http/errors';

export const NOT_BOOKABLE = 'This profile is not available for booking right now.';

/**
 * Every path that creates a booking (a request, a pitch, an availability answer...) calls this
 * first: both sides must be public profiles of accounts that are neither paused nor deleted
 * (spec account §4: pausing blocks booking). Throws 422 with NOT_BOOKABLE otherwise.
 */
export async function assertBookable(
  db: DB,
  pair: { guestProfileId: number; showProfileId: number },
): Promise<void> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('guest_profiles as g')
            .innerJoin('users as u', 'u.id', 'g.user_id')
            .select(sql`1`.as('one'))
            .where('g.id', '=', pair.guestProfileId)
            .where('g.is_public', '=', true)
            .where('u.status', '<>', 'paused')
            .where('u.deleted_at', 'is', null),
        )
        .as('guest'),
      eb
        .exists(
          eb
            .selectFrom('show_profiles as s')
            .innerJoin('users as u', 'u.id', 's.user_id')
            .select(sql`1`.as('one'))
            .where('s.id', '=', pair.showProfileId)
            .where('s.is_public', '=', true)
            .where('u.status', '<>', 'paused')
            .where('u.deleted_at', 'is', null),
        )
        .as('show'),
    ])
    .executeTakeFirstOrThrow();
  if (!row.guest || !row.show) throw ValidationError.single('booking', NOT_BOOKABLE);
}
