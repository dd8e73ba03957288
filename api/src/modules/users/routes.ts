import type { FastifyInstance } from 'fastify';
import { requireUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import { loadUser } from './queries';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get('/users/me', async (request) => {
    const user = await requireUser(request);
    return {
      data: await loadUser(app.db, user.id, { impersonator: await sessionImpersonator(request) }),
    };
  });
}
