import { sql, type Insertable } from 'kysely';
import type { DB } from '../../db/database';
import type { InquiriesTable } from '../../db/schema';

/** How many inquiries the user sent in the last hour (they are limited per hour). */
export async function inquiriesInLastHour(db: DB, userId: number): Promise<number> {
  const recent = await db
    .selectFrom('inquiries')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return recent.count;
}

export async function saveInquiry(db: DB, inquiry: Insertable<InquiriesTable>): Promise<void> {
  await db.insertInto('inquiries').values(inquiry).execute();
}
