import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PUBLIC_ANSWER } from '../../http/public-cache';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DataEnvelope, PopularTag, Tag } from '../../contract';
import { Int, MAX_PER_PAGE, OneOf } from '../../http/schema';
import { listAllTags, listPopularTags, listUsedTags } from './queries';

/** GET /tags/popular returns this many unless `limit` (1..100) says otherwise. */
export const POPULAR_TAGS_DEFAULT_LIMIT = 20;

const PopularTagsQuery = Type.Object({
  type: Type.Optional(OneOf(['guests', 'shows'])),
  limit: Type.Optional(Int({ min: 1, max: MAX_PER_PAGE })),
});

export async function tagRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/tags',
    { config: PUBLIC_ANSWER },
    async (): Promise<DataEnvelope<Tag[]>> => ({ data: await listAllTags(app.db) }),
  );

  for (const type of ['guests', 'shows'] as const) {
    api.get(
      `/tags/${type}`,
      { config: PUBLIC_ANSWER },
      async (): Promise<DataEnvelope<Tag[]>> => ({ data: await listUsedTags(app.db, type) }),
    );
  }

  /** GET /tags/popular[?type=guests|shows][&limit=n]: most used first, with counts. */
  api.get(
    '/tags/popular',
    { config: PUBLIC_ANSWER, schema: { querystring: PopularTagsQuery } },
    async (request): Promise<DataEnvelope<PopularTag[]>> => {
      const { type, limit = POPULAR_TAGS_DEFAULT_LIMIT } = request.query;
      return { data: await listPopularTags(app.db, { ...(type ? { type } : {}), limit }) };
    },
  );
}
