import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { sql } from 'kysely';
import type { Paginated, Review } from '../../../contract';
import { notFound } from '../../../http/errors';
import { pageOf, paginated } from '../../../http/pagination';
import { PageQuery } from '../../../http/schema';
import { optionalUser } from '../../auth/require-user';
import { findVisibleGuestId } from '../../guests/queries';
import { idOrSlug } from '../queries';
import { findVisibleShowId } from '../../shows/queries';

export const REVIEWS_PER_PAGE = 5;

const ReviewQuery = Type.Object(PageQuery);
/** An id or a slug (idOrSlug decides; anything else is 404 after the query is checked). */
const GuestParams = Type.Object({ guest: Type.String() });
const ShowParams = Type.Object({ show: Type.String() });

/** GET /guests/{id|slug}/reviews and /shows/{id|slug}/reviews: newest first, paginated. */
export async function reviewRoutes(app: FastifyInstance): Promise<void> {
  async function list(
    type: 'guest' | 'show',
    param: string,
    query: Static<typeof ReviewQuery>,
    viewerId: number | null,
  ): Promise<Paginated<Review>> {
    const page = pageOf(query, REVIEWS_PER_PAGE);
    const key = idOrSlug(param);
    if (!key) throw notFound();
    const find = type === 'guest' ? findVisibleGuestId : findVisibleShowId;
    const id = await find(app.db, key, viewerId);
    if (id === null) throw notFound();
    const base = app.db
      .selectFrom('reviews')
      .where('profile_type', '=', type)
      .where('profile_id', '=', id);
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
    const data = rows.map((row) => ({
      id: row.id,
      rating: row.rating,
      body: row.body,
      reviewer_name: row.reviewer_name,
      created_at: row.created_at.toISOString(),
    }));
    return paginated(data, count.total, page);
  }

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const guestOptions = { schema: { params: GuestParams, querystring: ReviewQuery } };
  api.get('/guests/:guest/reviews', guestOptions, async (request) => {
    const viewer = await optionalUser(request);
    return list('guest', request.params.guest, request.query, viewer?.id ?? null);
  });

  const showOptions = { schema: { params: ShowParams, querystring: ReviewQuery } };
  api.get('/shows/:show/reviews', showOptions, async (request) => {
    const viewer = await optionalUser(request);
    return list('show', request.params.show, request.query, viewer?.id ?? null);
  });
}
