import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { pageOf, paginated } from '../../http/pagination';
import { MAX_STRING, PageQuery, Str } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { listOwnMiniviews } from './queries';

export const MINIVIEWS_PER_PAGE = 10;

const MiniviewQuery = Type.Object({
  ...PageQuery,
  filter: Type.Optional(
    Type.Object(
      { title: Type.Optional(Str({ max: MAX_STRING })) },
      { additionalProperties: false },
    ),
  ),
});

export async function miniviewRoutes(app: FastifyInstance): Promise<void> {
  const options = { preValidation: authenticated, schema: { querystring: MiniviewQuery } };
  app.withTypeProvider<TypeBoxTypeProvider>().get('/miniviews', options, async (request) => {
    const viewer = await requireUser(request);
    const page = pageOf(request.query, MINIVIEWS_PER_PAGE);
    const title = request.query.filter?.title?.trim();

    const { rows, total } = await listOwnMiniviews(app.db, viewer.id, {
      page,
      ...(title ? { title } : {}),
    });
    return paginated(rows, total, page);
  });
}
