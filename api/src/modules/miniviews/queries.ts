import { sql } from 'kysely';
import type { Miniview } from '../../contract';
import type { DB } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import { containsPattern } from '../profiles/list-query';

export interface MiniviewListQuery {
  page: PageRequest;
  title?: string;
}

/** The viewer's own miniviews, newest first, with question and answer counts. */
export async function listOwnMiniviews(
  db: DB,
  ownerId: number,
  query: MiniviewListQuery,
): Promise<{ rows: Miniview[]; total: number }> {
  let base = db.selectFrom('miniviews as m').where('m.user_id', '=', ownerId);
  if (query.title) base = base.where('m.title', 'ilike', containsPattern(query.title));

  const [count, rows] = await Promise.all([
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'm.id',
        'm.uuid',
        'm.title',
        'm.created_at',
        sql<number>`(select count(*)::int from miniview_questions q where q.miniview_id = m.id)`.as(
          'questions_count',
        ),
        sql<number>`(
          select count(*)::int from miniview_answers a
          join miniview_questions q on q.id = a.question_id
          where q.miniview_id = m.id
        )`.as('answers_count'),
      ])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(query.page.perPage)
      .offset(query.page.offset)
      .execute(),
  ]);
  return {
    total: count.total,
    rows: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
  };
}
