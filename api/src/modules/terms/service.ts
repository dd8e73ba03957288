import { sql } from 'kysely';
import type { DB } from '../../db/database';

/** Records the user's acceptance of the Terms of Service, now. */
export async function acceptTerms(db: DB, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ terms_accepted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}
