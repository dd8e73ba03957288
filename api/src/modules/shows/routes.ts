import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PaginatedSchema, ShowProfileSchema } from '../../contract';
import { notFound } from '../../http/errors';
import { paginated } from '../../http/pagination';
import { optionalUser } from '../auth/require-user';
import { includesOf, loadShowDetail, ProfileDetailQuery } from '../profiles/detail';
import { profileListQuery, profileListSchema } from '../profiles/list-query';
import { findProfilePage, SHOW_KIND, IdOrSlugParam, idOrSlug } from '../profiles/queries';
import { findVisibleShowId, loadShowProfiles } from './queries';
import { PUBLIC_ANSWER, publicList } from '../../http/public-cache';

const ShowListQuery = profileListSchema('show');
const ShowParams = Type.Object({ show: IdOrSlugParam() });

export async function showRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  // The list's answer has a schema: fast-json-stringify writes it (decision 072).
  const listOptions = {
    config: publicList('show'),
    schema: {
      querystring: ShowListQuery,
      response: { 200: PaginatedSchema(ShowProfileSchema) },
    },
  };
  routes.get('/shows', listOptions, async (request) => {
    const query = profileListQuery('show', request.query);
    const viewer = await optionalUser(request);
    const found = await findProfilePage(app.db, SHOW_KIND, query);
    const data = await loadShowProfiles(app.db, found.ids, viewer?.id ?? null);
    return paginated(data, found.total, query.page, { served: found.window, capped: found.capped });
  });

  routes.get(
    '/shows/:show',
    { config: PUBLIC_ANSWER, schema: { params: ShowParams, querystring: ProfileDetailQuery } },
    async (request) => {
      const key = idOrSlug(request.params.show);
      if (!key) throw notFound();
      const include = includesOf(request.query.include);
      const viewer = await optionalUser(request);
      const id = await findVisibleShowId(app.db, key, viewer?.id ?? null);
      if (id === null) throw notFound();
      const profile = await loadShowDetail(app.db, id, viewer?.id ?? null, include);
      if (!profile) throw notFound();
      return { data: profile };
    },
  );
}
