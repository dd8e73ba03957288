import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { UserRow } from '../../db/schema';
import { markLoginConfirmed } from '../auth/confirm-login';
import { setCsrfCookie } from '../auth/csrf';
import { currentSession } from '../auth/require-user';
import { findUserByEmail } from '../auth/service';
import { createSession, deleteSession, sessionToken, setSessionCookie } from '../auth/sessions';
import { findImpersonator } from '../impersonation/service';
import {
  LOGIN_PROVIDERS,
  PROVIDER_NAMES,
  resolveProvider,
  type LoginProviderName,
  type OAuthProfile,
} from './providers';
import { consumeState, createState, peekState, STATE_TTL_MINUTES } from './state';

/** Read by the password reconfirmation modal, which polls document.cookie for it. */
export const LOGIN_CONFIRMED_COOKIE = 'login_confirmed';
export const LOGIN_CONFIRMED_COOKIE_SECONDS = 120;

export const SOCIAL_LOGIN_FAILED = 'The social login failed. Please try again.';
export const SOCIAL_CONFIRM_FAILED = 'The social login confirmation failed.';

const isLoginProvider = (value: string): value is LoginProviderName =>
  (LOGIN_PROVIDERS as readonly string[]).includes(value);

/** Where the browser starts a social sign-in (the popup opens it) and where the provider returns. */
const loginPath = (provider: string) => `/api/v1/auth/login/${provider}`;

export function socialCallbackUri(app: FastifyInstance, provider: string): string {
  return `${app.config.appUrl}${loginPath(provider)}/callback`;
}

/**
 * Ties a sign-in round trip to the browser that started it (decision 065): the start sets this
 * httpOnly cookie to an HMAC of the state, scoped to the provider's login path, and the callback
 * goes on only when the cookie matches the state it carries. Without it, a victim who opened an
 * attacker's callback URL (the attacker's own code and state) would be signed in as the attacker.
 */
export const OAUTH_BROWSER_COOKIE = 'guestspot_oauth_browser';

function browserBinding(secret: string, state: string): string {
  return createHmac('sha256', secret).update(`oauth-browser:${state}`).digest('base64url');
}

function browserCookieOptions(app: FastifyInstance, provider: string) {
  return {
    path: loginPath(provider),
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: app.config.cookieSecure,
  };
}

function setBrowserCookie(
  app: FastifyInstance,
  reply: FastifyReply,
  provider: string,
  state: string,
): void {
  reply.setCookie(OAUTH_BROWSER_COOKIE, browserBinding(app.config.sessionSecret, state), {
    ...browserCookieOptions(app, provider),
    maxAge: STATE_TTL_MINUTES * 60,
  });
}

/** Whether this request comes from the browser that was handed `state` (its cookie matches). */
function startedInThisBrowser(
  app: FastifyInstance,
  request: FastifyRequest,
  state: unknown,
): boolean {
  const cookie = request.cookies[OAUTH_BROWSER_COOKIE];
  if (typeof state !== 'string' || !state || !cookie) return false;
  const expected = Buffer.from(browserBinding(app.config.sessionSecret, state));
  const actual = Buffer.from(cookie);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The popup's landing page on the site: /login/{provider}?status=... */
function landing(
  app: FastifyInstance,
  reply: FastifyReply,
  provider: string,
  status: 'success' | 'confirmed' | 'error',
  message?: string,
) {
  const query = new URLSearchParams({ status });
  if (message) query.set('message', message);
  return reply.redirect(`${app.config.appUrl}/login/${provider}?${query.toString()}`, 302);
}

/** The account this provider identity signs in to: linked before, else a verified same email. */
async function findOrCreateUser(
  app: FastifyInstance,
  provider: LoginProviderName,
  profile: OAuthProfile,
): Promise<UserRow | string> {
  const linked = await app.db
    .selectFrom('social_accounts')
    .innerJoin('users', 'users.id', 'social_accounts.user_id')
    .selectAll('users')
    .where('social_accounts.provider', '=', provider)
    .where('social_accounts.provider_user_id', '=', profile.providerUserId)
    .executeTakeFirst();
  if (linked) return linked;

  if (!profile.email || !profile.emailVerified) {
    return `Your ${PROVIDER_NAMES[provider]} account did not share a verified email address.`;
  }
  const existing = await findUserByEmail(app.db, profile.email);
  if (existing && !existing.email_verified_at) {
    // Someone registered this email without proving it; signing in here would hand the provider's
    // owner an account a stranger may hold the password to (or the reverse).
    return 'An account with this email already exists. Please sign in with your password.';
  }

  return app.db.transaction().execute(async (trx) => {
    let user = existing;
    if (!user) {
      const first = profile.firstName ?? profile.name?.split(' ')[0] ?? 'Guestspot';
      const last = profile.lastName ?? (profile.name?.split(' ').slice(1).join(' ') || 'User');
      user = await trx
        .insertInto('users')
        .values({
          first_name: first.slice(0, 255),
          last_name: last.slice(0, 255),
          email: profile.email!.slice(0, 255),
          // The provider vouched for the address.
          email_verified_at: sql<Date>`now()`,
          // No password until they set one (reset password): nothing can match this.
          password_hash: `!social$${randomBytes(16).toString('base64url')}`,
          status: 'active',
          // NULL: the terms modal asks them to accept.
          terms_accepted_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await trx
      .insertInto('social_accounts')
      .values({
        user_id: user.id,
        provider,
        provider_user_id: profile.providerUserId,
        email: profile.email,
      })
      .onConflict((conflict) => conflict.columns(['provider', 'provider_user_id']).doNothing())
      .execute();
    return user;
  });
}

async function belongsTo(
  app: FastifyInstance,
  provider: LoginProviderName,
  profile: OAuthProfile,
  user: { id: number; email: string },
): Promise<boolean> {
  const linked = await app.db
    .selectFrom('social_accounts')
    .select('user_id')
    .where('provider', '=', provider)
    .where('provider_user_id', '=', profile.providerUserId)
    .executeTakeFirst();
  if (linked) return linked.user_id === user.id;
  const sameEmail =
    profile.emailVerified &&
    profile.email?.trim().toLowerCase() === user.email.trim().toLowerCase();
  if (!sameEmail) return false;
  await app.db
    .insertInto('social_accounts')
    .values({
      user_id: user.id,
      provider,
      provider_user_id: profile.providerUserId,
      email: profile.email,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'provider_user_id']).doNothing())
    .execute();
  return true;
}

/**
 * GET /auth/login/{facebook|google}[?purpose=confirm] → the provider's consent page (the site
 * opens it in a popup); GET .../callback → signs in (or confirms the session) and lands on the
 * site's /login/{provider}?status=... page, which tells the window that opened it.
 */
export async function socialLoginRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { provider: string }; Querystring: { purpose?: string } }>(
    '/auth/login/:provider',
    async (request, reply) => {
      const { provider: name } = request.params;
      if (!isLoginProvider(name)) return reply.code(404).send({ message: 'Not found.' });
      const provider = resolveProvider(app.config, name);
      if (!provider) return landing(app, reply, name, 'error', SOCIAL_LOGIN_FAILED);

      const confirm = request.query.purpose === 'confirm';
      const session = confirm ? await currentSession(request) : null;
      if (confirm && !session) return landing(app, reply, name, 'error', SOCIAL_CONFIRM_FAILED);

      const scopes = provider.scopes('login');
      const { state, codeChallenge } = await createState(app.db, {
        purpose: confirm ? 'confirm' : 'login',
        provider: name,
        userId: session?.user.id ?? null,
        sessionId: session?.sessionId ?? null,
        returnTo: null,
        scopes,
        pkce: true,
      });
      reply.header('cache-control', 'no-store');
      setBrowserCookie(app, reply, name, state);
      return reply.redirect(
        provider.authorizeUrl({
          state,
          scopes,
          redirectUri: socialCallbackUri(app, name),
          codeChallenge,
        }),
        302,
      );
    },
  );

  app.get<{
    Params: { provider: string };
    Querystring: { code?: string; state?: string; error?: string };
  }>('/auth/login/:provider/callback', async (request, reply) => {
    const { provider: name } = request.params;
    if (!isLoginProvider(name)) return reply.code(404).send({ message: 'Not found.' });
    reply.header('cache-control', 'no-store');
    // The round trip ends here whatever happens: its cookie is used once.
    reply.clearCookie(OAUTH_BROWSER_COOKIE, browserCookieOptions(app, name));
    const { state } = request.query;
    if (!startedInThisBrowser(app, request, state)) {
      // Another browser's round trip: refused without using its state, so the browser that
      // started it can still finish.
      const purpose = (await peekState(app.db, state, name))?.purpose;
      return landing(
        app,
        reply,
        name,
        'error',
        purpose === 'confirm' ? SOCIAL_CONFIRM_FAILED : SOCIAL_LOGIN_FAILED,
      );
    }
    const stateRow = await consumeState(app.db, state, name, ['login', 'confirm']);
    const failed = stateRow?.purpose === 'confirm' ? SOCIAL_CONFIRM_FAILED : SOCIAL_LOGIN_FAILED;
    const provider = resolveProvider(app.config, name);
    const code = request.query.code;
    if (!stateRow || !provider || request.query.error || typeof code !== 'string' || !code) {
      return landing(app, reply, name, 'error', failed);
    }

    let profile: OAuthProfile;
    try {
      profile = await provider.exchange(code, {
        redirectUri: socialCallbackUri(app, name),
        codeVerifier: stateRow.code_verifier,
      });
    } catch (error) {
      request.log.warn({ err: error, provider: name }, 'social login exchange failed');
      return landing(app, reply, name, 'error', failed);
    }

    if (stateRow.purpose === 'confirm') {
      return confirmSession(request, reply, name, profile, stateRow.session_id);
    }

    const user = await findOrCreateUser(app, name, profile);
    if (typeof user === 'string') return landing(app, reply, name, 'error', user);

    const previous = sessionToken(request);
    if (previous) await deleteSession(app.db, previous);
    const token = await createSession(app.db, {
      userId: user.id,
      remember: false,
      device: 'spa',
      ip: request.ip,
      userAgent: request.headers['user-agent'] ?? null,
    });
    setSessionCookie(reply, token, false);
    setCsrfCookie(reply);
    return landing(app, reply, name, 'success');
  });

  async function confirmSession(
    request: FastifyRequest,
    reply: FastifyReply,
    name: LoginProviderName,
    profile: OAuthProfile,
    stateSessionId: string | null,
  ) {
    const session = await currentSession(request);
    // The popup must finish in the browser session that asked for it.
    if (!session || session.sessionId !== stateSessionId) {
      return landing(app, reply, name, 'error', SOCIAL_CONFIRM_FAILED);
    }
    // While impersonating, the person at the keyboard proves who *they* are.
    const impersonator = await findImpersonator(app.db, session.sessionId);
    const identity = impersonator
      ? await app.db
          .selectFrom('users')
          .select(['id', 'email'])
          .where('id', '=', impersonator.id)
          .executeTakeFirstOrThrow()
      : session.user;
    if (!(await belongsTo(app, name, profile, identity))) {
      return landing(app, reply, name, 'error', SOCIAL_CONFIRM_FAILED);
    }
    await markLoginConfirmed(app.db, session.sessionId);
    reply.setCookie(LOGIN_CONFIRMED_COOKIE, '1', {
      path: '/',
      maxAge: LOGIN_CONFIRMED_COOKIE_SECONDS,
      httpOnly: false,
      sameSite: 'lax',
      secure: app.config.cookieSecure,
    });
    return landing(app, reply, name, 'confirmed');
  }
}
