import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/require-user';
import { syncBilling } from '../billing/service';
import { loadUser } from './queries';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get('/users/me', async (request) => {
    const user = await requireUser(request);
    // A cancelled Pro subscription that has reached its end turns the account standard here.
    await syncBilling(app, user.id);
    return { data: await loadUser(app.db, user.id) };
  });
}
