import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError, unauthenticated, ValidationError } from '../../http/errors';
import { Str } from '../../http/schema';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from './account-setup-guard';
import { verifyPassword } from './password';
import { currentSession } from './require-user';
import { impersonatorCredentials, loginConfirmedWithin, markLoginConfirmed } from './sessions';
import { tooManyAttempts } from './service';
import { clearFailures, lockoutSeconds, recordFailure, throttleKey } from './throttle';
import { MAX_PASSWORD } from './user-fields';

export const LOGIN_NOT_CONFIRMED = 'Login not confirmed.';
export const WRONG_PASSWORD = 'The provided password is incorrect.';
/**
 * 428 Precondition Required: the browser asks for the password (requestLoginConfirmation) and
 * retries. Not 403, which the site treats as "go to /403-forbidden".
 */
export const LOGIN_NOT_CONFIRMED_STATUS = 428;
/** How long a confirmation counts for sensitive actions by default. */
export const LOGIN_CONFIRMATION_SECONDS = 15 * 60;

/**
 * For pause, resume, delete and the like: the session must have re-proved its identity (password
 * or social confirmation) within maxAgeSeconds, else 428 {message: 'Login not confirmed.'}.
 * A visitor gets 401.
 */
export async function requireRecentLoginConfirmation(
  request: FastifyRequest,
  maxAgeSeconds = LOGIN_CONFIRMATION_SECONDS,
): Promise<void> {
  const session = await currentSession(request);
  if (!session) throw unauthenticated();
  if (!(await loginConfirmedWithin(request.server.db, session.sessionId, maxAgeSeconds))) {
    throw new HttpError(LOGIN_NOT_CONFIRMED_STATUS, LOGIN_NOT_CONFIRMED);
  }
}

/** POST /auth/confirm-login {password}: the signed-in user types their password again. */
export async function confirmLoginRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const options = {
    ...OPEN_TO_UNFINISHED_ACCOUNTS,
    // a visitor is told so before anything about the body
    preValidation: async (request: FastifyRequest) => {
      if (!(await currentSession(request))) throw unauthenticated();
    },
    schema: { body: Type.Object({ password: Str({ max: MAX_PASSWORD }) }) },
  };
  api.post('/auth/confirm-login', options, async (request) => {
    const session = await currentSession(request);
    if (!session) throw unauthenticated();
    const { password } = request.body;

    // While impersonating, the password asked for is the real user's (the one at the keyboard).
    const real = (await impersonatorCredentials(app.db, session.sessionId)) ?? session.user;

    // Guessing at an unlocked screen is limited like guessing at the login form.
    const key = throttleKey(`confirm-login:${real.email}`, request.ip);
    const wait = await lockoutSeconds(app.db, key);
    if (wait > 0) throw tooManyAttempts(wait);
    if (!(await verifyPassword(password, real.password_hash))) {
      await recordFailure(app.db, key);
      throw ValidationError.single('password', WRONG_PASSWORD);
    }
    await clearFailures(app.db, key);
    await markLoginConfirmed(app.db, session.sessionId);
    return { message: 'Login confirmed.' };
  });
}
