import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound } from '../../http/errors';
import { parseId } from '../../http/validation';
import { currentSession, requireUser } from '../auth/require-user';
import { findImpersonator } from '../impersonation/service';
import { loadUser } from './queries';
import { updateAccount } from './update';

export const ADMIN_ONLY = 'Only site admins can edit other users.';
export const ADMIN_TARGET_REFUSED = 'An admin account can only be edited by its owner.';

/**
 * The real person at the keyboard must be a site admin: signed in as one, or impersonating
 * someone from an admin account; else 403. Answers the session's user (whoever POST /uploads
 * stored a new picture for: the admin, or the account the admin is impersonating).
 */
async function requireSiteAdmin(request: FastifyRequest): Promise<{ sessionUserId: number }> {
  const user = await requireUser(request);
  if (user.is_admin) return { sessionUserId: user.id };
  const session = await currentSession(request);
  const impersonator = session
    ? await findImpersonator(request.server.db, session.sessionId)
    : null;
  if (impersonator?.is_admin) return { sessionUserId: user.id };
  throw new HttpError(403, ADMIN_ONLY);
}

/** The user an admin may edit: any account but an admin's (decision 024), else 403/404. */
async function loadTarget(request: FastifyRequest, rawId: string) {
  const id = parseId(rawId);
  if (id === null) throw notFound();
  const target = await request.server.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!target) throw notFound();
  if (target.is_admin) throw new HttpError(403, ADMIN_TARGET_REFUSED);
  return target;
}

/**
 * GET /admin/users/{id} (the user's settings as /users/me shows them) and PUT /admin/users/{id}:
 * the admin update of spec §6 — name, email, phone, password (no current password), timezone,
 * image and notifications; never the title.
 */
export async function adminUserUpdateRoutes(server: FastifyInstance): Promise<void> {
  server.get<{ Params: { id: string } }>('/admin/users/:id', async (request) => {
    await requireSiteAdmin(request);
    const target = await loadTarget(request, request.params.id);
    return { data: await loadUser(server.db, target.id) };
  });

  server.put<{ Params: { id: string } }>('/admin/users/:id', async (request) => {
    const { sessionUserId } = await requireSiteAdmin(request);
    const target = await loadTarget(request, request.params.id);
    const body = (request.body ?? {}) as Record<string, unknown>;
    await updateAccount(
      server,
      target,
      body,
      { kind: 'admin', uploaderId: sessionUserId },
      request.log,
    );
    return { data: await loadUser(server.db, target.id) };
  });
}
