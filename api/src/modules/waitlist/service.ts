import type { DB } from '../../db/database';

export interface WaitlistEntry {
  email: string;
  source: string;
  userId: number | null;
  /** the profile the visitor wanted to book, when it had no booking options */
  profile: { type: 'guest' | 'show'; id: number } | null;
}

/** Adds the entry; false when the same one is there already (nothing is sent twice). */
export async function joinWaitlist(db: DB, entry: WaitlistEntry): Promise<boolean> {
  const inserted = await db
    .insertInto('waitlist_entries')
    .values({
      email: entry.email,
      source: entry.source,
      user_id: entry.userId,
      ...(entry.profile ? { profile_type: entry.profile.type, profile_id: entry.profile.id } : {}),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}
