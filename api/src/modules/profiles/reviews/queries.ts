import { sql } from 'kysely';
import type { Review } from '../../../contract';
import type { DB } from '../../../db/database';
import type { PageRequest } from '../../../http/pagination';

/** One page of a profile's reviews, newest first, and how many it has. */
export async function findReviews(
  db: DB,
  type: 'guest' | 'show',
  profileId: number,
  page: PageRequest,
): Promise<{ rows: Review[]; total: number }> {
  const base = db
    .selectFrom('reviews')
    .where('profile_type', '=', type)
    .where('profile_id', '=', profileId);
  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base
      .select(['id', 'rating', 'body', 'reviewer_name', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset(page.offset)
      .execute(),
  ]);
  return {
    total: count.total,
    rows: rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      body: row.body,
      reviewer_name: row.reviewer_name,
      created_at: row.created_at.toISOString(),
    })),
  };
}
