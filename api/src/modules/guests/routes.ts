import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { PaginatedSchema, GuestProfileSchema } from '../../contract';
import { notFound } from '../../http/errors';
import { paginated } from '../../http/pagination';
import { optionalUser } from '../auth/require-user';
import { includesOf, loadGuestDetail, ProfileDetailQuery } from '../profiles/detail';
import { profileListQuery, profileListSchema } from '../profiles/list-query';
import { findProfilePage, GUEST_KIND, IdOrSlugParam, idOrSlug } from '../profiles/queries';
import { findVisibleGuestId, loadGuestProfiles } from './queries';
import { PUBLIC_ANSWER, publicList } from '../../http/public-cache';

const GuestListQuery = profileListSchema('guest');
const GuestParams = Type.Object({ guest: IdOrSlugParam() });

export async function guestRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();

  // The list's answer has a schema: fast-json-stringify writes it (decision 072).
  const listOptions = {
    config: publicList('guest'),
    schema: {
      querystring: GuestListQuery,
      response: { 200: PaginatedSchema(GuestProfileSchema) },
    },
  };
  routes.get('/guests', listOptions, async (request) => {
    const query = profileListQuery('guest', request.query);
    const viewer = await optionalUser(request);
    const found = await findProfilePage(app.db, GUEST_KIND, query);
    const data = await loadGuestProfiles(app.db, found.ids, viewer?.id ?? null);
    return paginated(data, found.total, query.page, { served: found.window, capped: found.capped });
  });

  routes.get(
    '/guests/:guest',
    { config: PUBLIC_ANSWER, schema: { params: GuestParams, querystring: ProfileDetailQuery } },
    async (request) => {
      const key = idOrSlug(request.params.guest);
      if (!key) throw notFound();
      const include = includesOf(request.query.include);
      const viewer = await optionalUser(request);
      const id = await findVisibleGuestId(app.db, key, viewer?.id ?? null);
      if (id === null) throw notFound();
      const profile = await loadGuestDetail(app.db, id, viewer?.id ?? null, include);
      if (!profile) throw notFound();
      return { data: profile };
    },
  );
}
