import type { FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../../http/errors';
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
