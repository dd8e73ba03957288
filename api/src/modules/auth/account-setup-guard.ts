import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { currentSession, type AuthUser } from './require-user';

// One place decides what an account that is not set up yet may do (decision 066): a user whose
// email is not verified (status pending), or who has not accepted the Terms of Service. Routes
// opt in through their config; a route that says nothing is refused to such users, so a new
// route is safe by default.

export const VERIFY_EMAIL_FIRST = 'Verify your email address first.';
export const ACCEPT_TERMS_FIRST = 'Accept the Terms of Service first.';

/** Route options: a write anyone may make whatever their account's state (sign in and out,
 * visitor forms, verifying, accepting the terms). */
export const OPEN_TO_UNFINISHED_ACCOUNTS = {
  config: { allowPendingEmail: true, allowTermsPending: true },
} as const;

/** Route options: a call of the registration wizard, which runs before the email is verified. */
export const REGISTRATION_WIZARD_CALL = { config: { allowPendingEmail: true } } as const;

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the guard looks at this request: writes, and reads their route marks as acting. */
function guarded(request: FastifyRequest): boolean {
  return !READS.has(request.method) || request.routeOptions.config.sideEffects === true;
}

/** The 403 for a signed-in user this route is closed to, or null. */
export async function accountSetupRefusal(request: FastifyRequest): Promise<HttpError | null> {
  if (!guarded(request)) return null;
  const user = (await currentSession(request))?.user;
  // Visitors: the route itself decides (401 where it needs a user).
  if (!user) return null;
  return setupRefusal(user, request.routeOptions.config);
}

/**
 * The 403 for a user an action with these options is closed to, or null. The guard applies it
 * to a route's config; a route that serves actions of both kinds (the resumable recording
 * upload: an answer anyone may send, or a user's own recording) applies it to the action.
 */
export function setupRefusal(
  user: Pick<AuthUser, 'status' | 'terms_accepted_at'>,
  config: { allowPendingEmail?: boolean; allowTermsPending?: boolean },
): HttpError | null {
  if (user.status === 'pending' && config.allowPendingEmail !== true) {
    return new HttpError(403, VERIFY_EMAIL_FIRST);
  }
  if (user.terms_accepted_at === null && config.allowTermsPending !== true) {
    return new HttpError(403, ACCEPT_TERMS_FIRST);
  }
  return null;
}

/** Registers the guard on the API scope, before any route runs (after the CSRF check). */
export function registerAccountSetupGuard(api: FastifyInstance): void {
  api.addHook('onRequest', async (request) => {
    const refusal = await accountSetupRefusal(request);
    if (refusal) throw refusal;
  });
}
