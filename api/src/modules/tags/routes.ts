import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, PopularTag, ProfileListType, Tag } from '../../contract';
import { Validator } from '../../http/validation';
import { listAllTags, listPopularTags, listUsedTags } from './queries';

/** GET /tags/popular returns this many unless `limit` (1..100) says otherwise. */
export const POPULAR_TAGS_DEFAULT_LIMIT = 20;

export async function tagRoutes(app: FastifyInstance): Promise<void> {
  app.get('/tags', async (): Promise<DataEnvelope<Tag[]>> => ({ data: await listAllTags(app.db) }));

  for (const type of ['guests', 'shows'] as const) {
    app.get(
      `/tags/${type}`,
      async (): Promise<DataEnvelope<Tag[]>> => ({ data: await listUsedTags(app.db, type) }),
    );
  }

  /** GET /tags/popular[?type=guests|shows][&limit=n]: most used first, with counts. */
  app.get('/tags/popular', async (request): Promise<DataEnvelope<PopularTag[]>> => {
    const input = new Validator(request.query);
    const type = input.oneOf<ProfileListType>('type', ['guests', 'shows']);
    const limit = input.integer('limit', { min: 1, max: 100 }) ?? POPULAR_TAGS_DEFAULT_LIMIT;
    input.throwIfInvalid();
    return { data: await listPopularTags(app.db, { ...(type ? { type } : {}), limit }) };
  });
}
