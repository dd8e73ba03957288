import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { UserRow } from '../../db/schema';

export const SESSION_COOKIE = 'guestspot_session';
/** remember_me: a persistent cookie and session for 30 days. */
export const REMEMBER_SECONDS = 30 * 24 * 60 * 60;
/** Otherwise a browser-session cookie; the row expires after this much inactivity. */
export const IDLE_SECONDS = 120 * 60;
/** last_used_at is written at most this often, not on every request. */
const TOUCH_EVERY_SECONDS = 60;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface NewSession {
  userId: number;
  remember: boolean;
  device: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** Stores a session and returns the cookie token (only its hash is stored). */
export async function createSession(db: DB, session: NewSession): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const lifetime = session.remember ? REMEMBER_SECONDS : IDLE_SECONDS;
  // Housekeeping on the way: this user's dead sessions.
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', session.userId)
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: session.userId,
      remember: session.remember,
      device: session.device,
      ip_address: session.ip,
      user_agent: session.userAgent?.slice(0, 512) ?? null,
      expires_at: sql<Date>`now() + make_interval(secs => ${lifetime})`,
    })
    .execute();
  return token;
}

export interface SessionUser {
  sessionId: string;
  user: UserRow;
}

/** The live session behind a cookie token, sliding its expiry when it is idle-limited. */
export async function findSessionUser(db: DB, token: string): Promise<SessionUser | null> {
  const sessionId = hashToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.remember',
      sql<boolean>`sessions.last_used_at < now() - make_interval(secs => ${TOUCH_EVERY_SECONDS})`.as(
        'stale',
      ),
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return null;

  const { remember, stale, ...user } = row;
  if (stale) {
    await db
      .updateTable('sessions')
      .set({
        last_used_at: sql<Date>`now()`,
        ...(remember
          ? {}
          : { expires_at: sql<Date>`now() + make_interval(secs => ${IDLE_SECONDS})` }),
      })
      .where('id', '=', sessionId)
      .execute();
  }
  return { sessionId, user };
}

export async function deleteSession(db: DB, token: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
}

export async function deleteExpiredSessions(db: DB): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
}

export function sessionToken(request: FastifyRequest): string | null {
  const token = request.cookies[SESSION_COOKIE];
  return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
}

export function setSessionCookie(reply: FastifyReply, token: string, remember: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.cookieSecure,
    // Without maxAge the cookie lasts as long as the browser session.
    ...(remember ? { maxAge: REMEMBER_SECONDS } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.cookieSecure,
  });
}

/** The session re-proved its identity (password or social confirmation) just now. */
export async function markLoginConfirmed(db: DB, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ login_confirmed_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .execute();
}

/** Whether the session confirmed its login within the last `seconds`. */
export async function loginConfirmedWithin(
  db: DB,
  sessionId: string,
  seconds: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select(
      sql<boolean>`login_confirmed_at > now() - make_interval(secs => ${seconds})`.as('recent'),
    )
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.recent === true;
}

/** While the session impersonates someone: the real user's email and password hash. */
export async function impersonatorCredentials(
  db: DB,
  sessionId: string,
): Promise<{ email: string; password_hash: string } | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.impersonator_id')
    .select(['users.email', 'users.password_hash'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}

/** Signs the user out everywhere (a password reset, a completed invitation). */
export async function endAllSessions(db: DB, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
