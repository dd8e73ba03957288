import { sql } from 'kysely';
import type {
  Miniview,
  MiniviewDetail,
  MiniviewMediaType,
  MiniviewQuestion,
  PublicMiniview,
} from '../../contract';
import type { DB } from '../../db/database';
import type { PageRequest } from '../../http/pagination';
import { containsPattern } from '../profiles/list-query';

export interface MiniviewListQuery {
  page: PageRequest;
  title?: string;
}

/** The viewer's own miniviews, newest first, with their question and answer-group counts. */
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
          select count(*)::int from miniview_answer_groups g where g.miniview_id = m.id
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

async function questionsOf(db: DB, miniviewId: number): Promise<MiniviewQuestion[]> {
  return db
    .selectFrom('miniview_questions')
    .select(['id', 'body', 'question_media_url', 'question_media_type'])
    .where('miniview_id', '=', miniviewId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The owner's view of a miniview: questions in order, answer groups newest first. */
async function detailOf(
  db: DB,
  miniview: { id: number; uuid: string; title: string; created_at: Date },
): Promise<MiniviewDetail> {
  const [questions, groups, answers] = await Promise.all([
    questionsOf(db, miniview.id),
    db
      .selectFrom('miniview_answer_groups')
      .select(['id', 'name', 'created_at'])
      .where('miniview_id', '=', miniview.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),
    db
      .selectFrom('miniview_answers as a')
      .innerJoin('miniview_answer_groups as g', 'g.id', 'a.answer_group_id')
      .innerJoin('miniview_questions as q', 'q.id', 'a.question_id')
      .select(['a.answer_group_id', 'a.question_id', 'a.url', 'a.type'])
      .where('g.miniview_id', '=', miniview.id)
      .orderBy('q.position')
      .orderBy('a.id')
      .execute(),
  ]);
  return {
    id: miniview.id,
    uuid: miniview.uuid,
    title: miniview.title,
    created_at: miniview.created_at.toISOString(),
    questions,
    answer_groups: groups.map((group) => ({
      id: group.id,
      name: group.name,
      created_at: group.created_at.toISOString(),
      answers: answers
        .filter((answer) => answer.answer_group_id === group.id)
        .map(({ question_id, url, type }) => ({ question_id, url, type })),
    })),
  };
}

/** One of the owner's miniviews with its answers; undefined when it is not theirs. */
export async function findOwnMiniview(
  db: DB,
  ownerId: number,
  id: number,
): Promise<MiniviewDetail | undefined> {
  const miniview = await db
    .selectFrom('miniviews')
    .select(['id', 'uuid', 'title', 'created_at'])
    .where('id', '=', id)
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
  return miniview && detailOf(db, miniview);
}

export interface NewMiniview {
  title: string;
  questions: {
    body: string;
    media: { url: string; type: MiniviewMediaType } | null;
  }[];
}

/** A miniview and its questions, in one transaction. */
export async function createMiniview(
  db: DB,
  ownerId: number,
  values: NewMiniview,
): Promise<MiniviewDetail> {
  return db.transaction().execute(async (trx) => {
    const miniview = await trx
      .insertInto('miniviews')
      .values({ user_id: ownerId, title: values.title })
      .returning(['id', 'uuid', 'title', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('miniview_questions')
      .values(
        values.questions.map((question, position) => ({
          miniview_id: miniview.id,
          position,
          body: question.body,
          question_media_url: question.media?.url ?? null,
          question_media_type: question.media?.type ?? null,
        })),
      )
      .execute();
    return detailOf(trx, miniview);
  });
}

/** Deletes one of the owner's miniviews (its questions and answers go with it). */
export async function deleteOwnMiniview(db: DB, ownerId: number, uuid: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('miniviews')
    .where('uuid', '=', uuid)
    .where('user_id', '=', ownerId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/** The miniview a link's uuid names, if it takes answers (its owner is not paused). */
export async function findAnswerableMiniview(
  db: DB,
  uuid: string,
): Promise<{ id: number; uuid: string; title: string } | undefined> {
  return db
    .selectFrom('miniviews as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.uuid', 'm.title'])
    .where('m.uuid', '=', uuid)
    .where('u.status', '!=', 'paused')
    .executeTakeFirst();
}

/** A miniview as the person answering it sees it, by the uuid in its link. */
export async function findPublicMiniview(
  db: DB,
  uuid: string,
): Promise<PublicMiniview | undefined> {
  const miniview = await findAnswerableMiniview(db, uuid);
  if (!miniview) return undefined;
  return {
    uuid: miniview.uuid,
    title: miniview.title,
    questions: await questionsOf(db, miniview.id),
  };
}

export interface NewAnswerGroup {
  name: string;
  answers: { questionId: number; url: string; type: MiniviewMediaType }[];
}

/** One person's answers to a miniview, in one transaction. */
export async function createAnswerGroup(
  db: DB,
  miniviewId: number,
  group: NewAnswerGroup,
): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('miniview_answer_groups')
      .values({ miniview_id: miniviewId, name: group.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('miniview_answers')
      .values(
        group.answers.map((answer) => ({
          answer_group_id: created.id,
          question_id: answer.questionId,
          url: answer.url,
          type: answer.type,
        })),
      )
      .execute();
    return created;
  });
}
