import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../../db/database';
import { setCsrfCookie } from './csrf';
import { createSession, deleteSession, sessionToken, setSessionCookie } from './sessions';

/**
 * Signs the user in on this browser the way POST /auth/login does: a new session id (the one the
 * browser had, if any, ends here), the session cookie and a fresh XSRF token.
 */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  { remember = false, device = null }: { remember?: boolean; device?: string | null } = {},
): Promise<void> {
  const db: DB = request.server.db;
  const previous = sessionToken(request);
  if (previous) await deleteSession(db, previous);
  const token = await createSession(db, {
    userId,
    remember,
    device,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  setSessionCookie(reply, token, remember);
  setCsrfCookie(reply);
}
