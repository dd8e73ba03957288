import type { DB } from '../../db/database';

/** Counts one visit of a referral link per visitor; false when this visitor was counted before. */
export async function recordReferralView(
  db: DB,
  referrerId: number,
  visitorHash: string,
): Promise<boolean> {
  const inserted = await db
    .insertInto('referral_views')
    .values({ referrer_id: referrerId, visitor_hash: visitorHash })
    .onConflict((conflict) => conflict.doNothing())
    .returning('referrer_id')
    .executeTakeFirst();
  return inserted !== undefined;
}
