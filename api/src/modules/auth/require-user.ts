import type { FastifyRequest } from 'fastify';
import { forbidden, HttpError, unauthenticated } from '../../http/errors';
import { findSessionUser, sessionToken, type SessionUser } from './sessions';
import { oncePerRequest } from '../../http/per-request';

// Every module asks here who is calling; permission checks stay on the server.

/** The caller's session and user, or null for a visitor. Looked up once per request. */
export const currentSession = oncePerRequest(async (request): Promise<SessionUser | null> => {
  const token = sessionToken(request);
  return token ? findSessionUser(request.server.db, token) : null;
});

export type AuthUser = SessionUser['user'];

/** The signed-in user, or null for a visitor (public routes that personalise, e.g. favourites). */
export async function optionalUser(request: FastifyRequest): Promise<AuthUser | null> {
  return (await currentSession(request))?.user ?? null;
}

/** The signed-in user; a visitor gets 401 {message: 'Unauthenticated.'}. */
export async function requireUser(request: FastifyRequest): Promise<AuthUser> {
  const user = await optionalUser(request);
  if (!user) throw unauthenticated();
  return user;
}

/** The signed-in admin; others get 403. */
export async function requireAdmin(request: FastifyRequest): Promise<AuthUser> {
  const user = await requireUser(request);
  if (!user.is_admin) throw forbidden();
  return user;
}

/**
 * `preValidation: authenticated` on a route whose handler calls requireUser before reading its
 * input: a visitor gets 401 before the route schema is checked (decision 069).
 */
export async function authenticated(request: FastifyRequest): Promise<void> {
  await requireUser(request);
}

/** The same for requireAdmin: 401 for a visitor, 403 for a user, then the schema. */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  await requireAdmin(request);
}

/** The status and message of a Pro-only answer (spec: "426 means pro only"). */
export const PRO_ONLY_STATUS = 426;
export const PRO_ONLY_MESSAGE = 'Only PRO users have access to this feature.';

/** The signed-in Pro user; a standard account gets 426 with the spec's message. */
export async function requirePro(request: FastifyRequest): Promise<AuthUser> {
  const user = await requireUser(request);
  if (user.account_type !== 'pro') throw new HttpError(PRO_ONLY_STATUS, PRO_ONLY_MESSAGE);
  return user;
}

/** The same as a preValidation: 401 for a visitor, 426 for a standard account, then the schema. */
export async function proOnly(request: FastifyRequest): Promise<void> {
  await requirePro(request);
}
