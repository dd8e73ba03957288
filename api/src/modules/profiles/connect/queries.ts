import type { DB } from '../../../db/database';
import type { ProfileKind } from '../queries';

// The rows connect's routes read and write besides the candidates (candidates.ts).

/** Whether the user owns a profile of this kind (the right to explore the other side). */
export async function ownsProfileOf(db: DB, kind: ProfileKind, userId: number): Promise<boolean> {
  const owned = await db
    .selectFrom(kind.table)
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return owned !== undefined;
}

/** A public profile's id and owner, or undefined when there is none. */
export function findPublicProfile(
  db: DB,
  kind: ProfileKind,
  id: number,
): Promise<{ id: number; user_id: number } | undefined> {
  return db
    .selectFrom(kind.table)
    .select(['id', 'user_id'])
    .where('id', '=', id)
    .where('is_public', '=', true)
    .executeTakeFirst();
}

/** Stores the user's rejection of a candidate (rejecting twice is fine). */
export async function rejectCandidate(
  db: DB,
  kind: ProfileKind,
  userId: number,
  profileId: number,
): Promise<void> {
  if (kind.type === 'guest') {
    await db
      .insertInto('connect_guest_rejections')
      .values({ user_id: userId, guest_profile_id: profileId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  } else {
    await db
      .insertInto('connect_show_rejections')
      .values({ user_id: userId, show_profile_id: profileId })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}
