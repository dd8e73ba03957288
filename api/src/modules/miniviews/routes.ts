import type { FastifyInstance } from 'fastify';
import { paginated, readPage } from '../../http/pagination';
import { Validator } from '../../http/validation';
import { requireUser } from '../auth/require-user';
import { listOwnMiniviews } from './queries';

export const MINIVIEWS_PER_PAGE = 10;

export async function miniviewRoutes(app: FastifyInstance): Promise<void> {
  app.get('/miniviews', async (request) => {
    const viewer = await requireUser(request);
    const input = new Validator(request.query);
    const page = readPage(input, MINIVIEWS_PER_PAGE);
    const filter = input.object('filter', ['title']);
    const title = filter.string('title', { max: 255 })?.trim();
    input.throwIfInvalid();

    const { rows, total } = await listOwnMiniviews(app.db, viewer.id, {
      page,
      ...(title ? { title } : {}),
    });
    return paginated(rows, total, page);
  });
}
