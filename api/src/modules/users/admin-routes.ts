import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AdminUserSummary } from '../../contract';
import type { UserRow } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { IdParam, idOf, MAX_STRING, Str } from '../../http/schema';
import { adminOnly, currentSession, requireUser } from '../auth/require-user';
import { findImpersonator } from '../impersonation/service';
import { findUserRow, loadUser, searchUsers } from './queries';
import { AdminAccountPatch, accountRules, updateAccount } from './update';
import { oncePerRequest } from '../../http/per-request';

export const ADMIN_ONLY = 'Only site admins can edit other users.';
export const ADMIN_TARGET_REFUSED = 'An admin account can only be edited by its owner.';

/**
 * The real person at the keyboard must be a site admin: signed in as one, or impersonating
 * someone from an admin account; else 403. Answers the session's user (whoever POST /uploads
 * stored a new picture for: the admin, or the account the admin is impersonating).
 */
const requireSiteAdmin = oncePerRequest(async (request): Promise<{ sessionUserId: number }> => {
  const user = await requireUser(request);
  if (user.is_admin) return { sessionUserId: user.id };
  const session = await currentSession(request);
  const impersonator = session
    ? await findImpersonator(request.server.db, session.sessionId)
    : null;
  if (impersonator?.is_admin) return { sessionUserId: user.id };
  throw new HttpError(403, ADMIN_ONLY);
});

/** The user an admin may edit: any account but an admin's (decision 024), else 403/404. */
const loadTarget = oncePerRequest(async (request): Promise<UserRow> => {
  const id = idOf((request.params as { id: string }).id);
  if (id === null) throw notFound();
  const target = await findUserRow(request.server.db, id);
  if (!target) throw notFound();
  if (target.is_admin) throw new HttpError(403, ADMIN_TARGET_REFUSED);
  return target;
});

const AdminUserParams = Type.Object({ id: IdParam() });

/**
 * The admins' user pages: GET /admin/users (search), GET /admin/users/{id} (the user's settings as /users/me shows them) and PUT /admin/users/{id}:
 * the admin update of spec §6 — name, email, phone, password (no current password), timezone,
 * image and notifications; never the title.
 */
export async function adminUserRoutes(server: FastifyInstance): Promise<void> {
  const api = server.withTypeProvider<TypeBoxTypeProvider>();

  /** GET /admin/users?search= — look a user up by id, email or name (e.g. to impersonate). */
  const search = {
    // a visitor 401 and a non-admin 403 before anything about the query
    preValidation: adminOnly,
    schema: { querystring: Type.Object({ search: Type.Optional(Str({ max: MAX_STRING })) }) },
  };
  api.get('/admin/users', search, async (request) => {
    const data: AdminUserSummary[] = await searchUsers(
      server.db,
      request.query.search?.trim() ?? '',
    );
    return { data };
  });

  // Who may look comes before what the request holds (401/403, then 404 for an unknown id).
  const adminAndTarget = async (request: FastifyRequest) => {
    await requireSiteAdmin(request);
    await loadTarget(request);
  };

  const read = { preValidation: adminAndTarget, schema: { params: AdminUserParams } };
  api.get('/admin/users/:id', read, async (request) => {
    const target = await loadTarget(request);
    return { data: await loadUser(server.db, target.id) };
  });

  const update = {
    preValidation: adminAndTarget,
    config: { rules: accountRules('admin', loadTarget) },
    schema: { params: AdminUserParams, body: AdminAccountPatch },
  };
  api.put('/admin/users/:id', update, async (request) => {
    const { sessionUserId } = await requireSiteAdmin(request);
    const target = await loadTarget(request);
    await updateAccount(
      server,
      target,
      request.body,
      { kind: 'admin', uploaderId: sessionUserId },
      request.log,
    );
    return { data: await loadUser(server.db, target.id) };
  });
}
