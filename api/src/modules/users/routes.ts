import type { FastifyInstance } from 'fastify';
import { syncBilling } from '../billing/service';
import { forbidden, notFound } from '../../http/errors';
import { parseId } from '../../http/validation';
import { requireRecentLoginConfirmation } from '../auth/confirm-login';
import { currentSession, requireUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import { loadUser } from './queries';
import { refuseSignInChangesByTeam } from './sign-in-details';
import { updateAccount } from './update';

export { TEAM_EMAIL_RULE } from './update';

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get('/users/me', async (request) => {
    const user = await requireUser(request);
    // A cancelled Pro subscription that has reached its end turns the account standard here.
    await syncBilling(app, user.id);
    return {
      data: await loadUser(app.db, user.id, { impersonator: await sessionImpersonator(request) }),
    };
  });

  // The user's own settings rows. Only the fields sent are changed; admins editing others use
  // the separate admin update (spec §6, PUT /admin/users/{id} in admin-routes.ts).
  app.put<{ Params: { id: string } }>('/users/:id', async (request) => {
    const user = await requireUser(request);
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    if (id !== user.id) throw forbidden();

    const body = (request.body ?? {}) as Record<string, unknown>;
    // Never a new email or password from a team member acting as the owner (decision 063).
    await refuseSignInChangesByTeam(request, user, body);
    const session = await currentSession(request);
    await updateAccount(
      app,
      user,
      body,
      {
        kind: 'own',
        keepSessionId: session?.sessionId ?? null,
        confirmEmailChange: () => requireRecentLoginConfirmation(request),
      },
      request.log,
    );
    return { data: await loadUser(app.db, user.id) };
  });
}
