import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Paginated, Review } from '../../../contract';
import { notFound } from '../../../http/errors';
import { pageOf, paginated } from '../../../http/pagination';
import { PageQuery } from '../../../http/schema';
import { optionalUser } from '../../auth/require-user';
import { findVisibleGuestId } from '../../guests/queries';
import { idOrSlug } from '../queries';
import { findVisibleShowId } from '../../shows/queries';
import { findReviews } from './queries';
import { PUBLIC_ANSWER } from '../../../http/public-cache';

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
    const { rows, total } = await findReviews(app.db, type, id, page);
    return paginated(rows, total, page);
  }

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const guestOptions = {
    config: PUBLIC_ANSWER,
    schema: { params: GuestParams, querystring: ReviewQuery },
  };
  api.get('/guests/:guest/reviews', guestOptions, async (request) => {
    const viewer = await optionalUser(request);
    return list('guest', request.params.guest, request.query, viewer?.id ?? null);
  });

  const showOptions = {
    config: PUBLIC_ANSWER,
    schema: { params: ShowParams, querystring: ReviewQuery },
  };
  api.get('/shows/:show/reviews', showOptions, async (request) => {
    const viewer = await optionalUser(request);
    return list('show', request.params.show, request.query, viewer?.id ?? null);
  });
}
