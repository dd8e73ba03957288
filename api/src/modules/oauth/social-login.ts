import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { OneOf } from '../../http/schema';
import { markLoginConfirmed } from '../auth/sessions';
import { setCsrfCookie } from '../auth/csrf';
import { currentSession } from '../auth/require-user';
import { createSession, deleteSession, sessionToken, setSessionCookie } from '../auth/sessions';
import { findImpersonator } from '../impersonation/service';
import { LOGIN_PROVIDERS, type LoginProviderName } from '../../oauth-providers';
import { resolveProvider, type OAuthProfile } from './providers';
import { belongsTo, findOrCreateUser, signInIdentity } from './service';
import { consumeState, createState, peekState, STATE_TTL_MINUTES } from './state';

/** Read by the password reconfirmation modal, which polls document.cookie for it. */
export const LOGIN_CONFIRMED_COOKIE = 'login_confirmed';
export const LOGIN_CONFIRMED_COOKIE_SECONDS = 120;

export const SOCIAL_LOGIN_FAILED = 'The social login failed. Please try again.';
export const SOCIAL_CONFIRM_FAILED = 'The social login confirmation failed.';

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

/** Another provider in the path is 404. */
const LoginProvider = Type.Object({ provider: OneOf(LOGIN_PROVIDERS) });
/** purpose=confirm: the password reconfirmation (anything else signs in) */
const StartQuery = Type.Object({ purpose: Type.Optional(Type.Unknown()) });
/** What the provider sends back; anything missing or odd lands on the error page. */
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.Unknown()),
  state: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.Unknown()),
});

/**
 * GET /auth/login/{facebook|google}[?purpose=confirm] → the provider's consent page (the site
 * opens it in a popup); GET .../callback → signs in (or confirms the session) and lands on the
 * site's /login/{provider}?status=... page, which tells the window that opened it.
 */
export async function socialLoginRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const start = { schema: { params: LoginProvider, querystring: StartQuery } };
  api.get('/auth/login/:provider', start, async (request, reply) => {
    const { provider: name } = request.params;
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
  });

  const callback = { schema: { params: LoginProvider, querystring: CallbackQuery } };
  api.get('/auth/login/:provider/callback', callback, async (request, reply) => {
    const { provider: name } = request.params;
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
    const identity = impersonator ? await signInIdentity(app.db, impersonator.id) : session.user;
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
