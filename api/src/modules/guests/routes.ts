import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { paginated } from '../../http/pagination';
import { optionalUser } from '../auth/require-user';
import { loadGuestDetail, readInclude } from '../profiles/detail';
import { readProfileListQuery } from '../profiles/list-query';
import { findProfilePage, GUEST_KIND, idOrSlug } from '../profiles/queries';
import { findVisibleGuestId, loadGuestProfiles } from './queries';

export async function guestRoutes(app: FastifyInstance): Promise<void> {
  app.get('/guests', async (request) => {
    const query = readProfileListQuery(request.query, 'guest');
    const viewer = await optionalUser(request);
    const { ids, total } = await findProfilePage(app.db, GUEST_KIND, query);
    const data = await loadGuestProfiles(app.db, ids, viewer?.id ?? null);
    return paginated(data, total, query.page);
  });

  app.get<{ Params: { guest: string } }>('/guests/:guest', async (request) => {
    const key = idOrSlug(request.params.guest);
    if (!key) throw notFound();
    const include = readInclude(request.query);
    const viewer = await optionalUser(request);
    const id = await findVisibleGuestId(app.db, key, viewer?.id ?? null);
    if (id === null) throw notFound();
    const profile = await loadGuestDetail(app.db, id, viewer?.id ?? null, include);
    if (!profile) throw notFound();
    return { data: profile };
  });
}
