import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { paginated } from '../../http/pagination';
import { optionalUser } from '../auth/require-user';
import { loadShowDetail, readInclude } from '../profiles/detail';
import { readProfileListQuery } from '../profiles/list-query';
import { findProfilePage, idOrSlug, SHOW_KIND } from '../profiles/queries';
import { findVisibleShowId, loadShowProfiles } from './queries';

export async function showRoutes(app: FastifyInstance): Promise<void> {
  app.get('/shows', async (request) => {
    const query = readProfileListQuery(request.query, 'show');
    const viewer = await optionalUser(request);
    const { ids, total } = await findProfilePage(app.db, SHOW_KIND, query);
    const data = await loadShowProfiles(app.db, ids, viewer?.id ?? null);
    return paginated(data, total, query.page);
  });

  app.get<{ Params: { show: string } }>('/shows/:show', async (request) => {
    const key = idOrSlug(request.params.show);
    if (!key) throw notFound();
    const include = readInclude(request.query);
    const viewer = await optionalUser(request);
    const id = await findVisibleShowId(app.db, key, viewer?.id ?? null);
    if (id === null) throw notFound();
    const profile = await loadShowDetail(app.db, id, viewer?.id ?? null, include);
    if (!profile) throw notFound();
    return { data: profile };
  });
}
