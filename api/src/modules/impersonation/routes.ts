import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError, notFound, unauthenticated, ValidationError } from '../../http/errors';
import { idOf, NoBody } from '../../http/schema';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { currentSession } from '../auth/require-user';
import { loadUser } from '../users/queries';
import { actAs, findImpersonator, mayImpersonate, userExists } from './service';

export const CANNOT_IMPERSONATE = 'You cannot impersonate this user.';
export const NOT_IMPERSONATING = 'You are not impersonating anyone.';

/**
 * POST /auth/impersonate/{id} and DELETE /auth/impersonate. The session keeps its cookie; its
 * user becomes the target and impersonator_id remembers who is really there, so stopping
 * restores them on the same session.
 */
export async function impersonationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // Any id: who asks decides between 404 (an admin) and 403 (anyone else) for one that is none.
  const startOptions = {
    schema: { params: Type.Object({ id: Type.String() }), body: NoBody },
  };
  api.post('/auth/impersonate/:id', startOptions, async (request) => {
    const session = await currentSession(request);
    if (!session) throw unauthenticated();
    const actor = session.user;
    const targetId = idOf(request.params.id);

    if (await findImpersonator(app.db, session.sessionId)) {
      throw ValidationError.single('id', 'Stop impersonating before you impersonate someone else.');
    }
    if (targetId === actor.id)
      throw ValidationError.single('id', 'You cannot impersonate yourself.');
    if (targetId === null)
      throw actor.is_admin ? notFound() : new HttpError(403, CANNOT_IMPERSONATE);
    if (actor.is_admin) {
      if (!(await userExists(app.db, targetId))) throw notFound();
    }
    if (!(await mayImpersonate(app.db, actor, targetId))) {
      throw new HttpError(403, CANNOT_IMPERSONATE);
    }

    await actAs(app.db, session.sessionId, { userId: targetId, impersonatorId: actor.id });
    request.log.info({ impersonator: actor.id, target: targetId }, 'impersonation started');
    return {
      data: await loadUser(app.db, targetId, {
        impersonator: await findImpersonator(app.db, session.sessionId),
      }),
    };
  });

  api.delete('/auth/impersonate', OPEN_TO_UNFINISHED_ACCOUNTS, async (request) => {
    const session = await currentSession(request);
    if (!session) throw unauthenticated();
    const impersonator = await findImpersonator(app.db, session.sessionId);
    if (!impersonator) throw ValidationError.single('session', NOT_IMPERSONATING);

    await actAs(app.db, session.sessionId, { userId: impersonator.id, impersonatorId: null });
    request.log.info(
      { impersonator: impersonator.id, target: session.user.id },
      'impersonation stopped',
    );
    return { data: await loadUser(app.db, impersonator.id) };
  });
}
