import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError, ValidationError } from '../../http/errors';
import { OneOf, Str } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { saveConnection } from './connections';
import { localOAuthRoutes } from './local-routes';
import { LINK_PROVIDERS, PROVIDER_NAMES, type LinkProviderName } from '../../oauth-providers';
import { resolveProvider, type OAuthProfile } from './providers';
import { socialLoginRoutes } from './social-login';
import { consumeState, createState } from './state';

export const AUTHORIZATION_EXPIRED = 'This authorization link has expired. Please try again.';

/** Another provider in the path is 404. */
const LinkProvider = Type.Object({ provider: OneOf(LINK_PROVIDERS) });
/** return_to: a path on the site (safeReturnPath), /settings when not given */
const RedirectQuery = Type.Object({ return_to: Type.Optional(Str({ max: 2000 })) });
const Completion = Type.Object({ code: Str({ max: 4096 }), state: Str({ max: 200 }) });

/** Same rule as the browser's safeRedirectPath: a same-origin path only. */
export function safeReturnPath(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/') || path.length > 2000) return null;
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  if ([...path].some((char) => char.charCodeAt(0) < 0x20)) return null;
  return path;
}

function linkRedirectUri(app: FastifyInstance, provider: LinkProviderName): string {
  return `${app.config.appUrl}/${provider}/authorization`;
}

/**
 * Connecting an account (calendars, payouts, socials): GET /oauth/{provider}/redirect gives the
 * provider's consent URL; the provider returns to the site's /{provider}/authorization page,
 * which posts the code to POST /oauth/{provider}/complete.
 */
export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  await app.register(socialLoginRoutes);
  await app.register(localOAuthRoutes);

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // 401 for a visitor comes first, then 404 for another provider, then the input
  const redirect = {
    preValidation: authenticated,
    schema: { params: LinkProvider, querystring: RedirectQuery },
  };
  api.get('/oauth/:provider/redirect', redirect, async (request) => {
    const user = await requireUser(request);
    const { provider: name } = request.params;
    const rawReturn = request.query.return_to;
    const returnTo = rawReturn === undefined ? '/settings' : safeReturnPath(rawReturn);
    if (!returnTo) {
      throw ValidationError.single('return_to', 'The return to field must be a path on this site.');
    }
    const provider = resolveProvider(app.config, name);
    if (!provider) throw new HttpError(404, `${PROVIDER_NAMES[name]} is not available.`);
    const scopes = provider.scopes('link');
    const { state, codeChallenge } = await createState(app.db, {
      purpose: 'link',
      provider: name,
      userId: user.id,
      sessionId: null,
      returnTo,
      scopes,
      pkce: true,
    });
    return {
      url: provider.authorizeUrl({
        state,
        scopes,
        redirectUri: linkRedirectUri(app, name),
        codeChallenge,
      }),
    };
  });

  const complete = {
    preValidation: authenticated,
    schema: { params: LinkProvider, body: Completion },
  };
  api.post('/oauth/:provider/complete', complete, async (request) => {
    const user = await requireUser(request);
    const { provider: name } = request.params;
    const { code, state } = request.body;

    const row = await consumeState(app.db, state, name, ['link']);
    if (!row || row.user_id !== user.id)
      throw ValidationError.single('state', AUTHORIZATION_EXPIRED);
    const provider = resolveProvider(app.config, name);
    if (!provider) throw ValidationError.single('state', AUTHORIZATION_EXPIRED);

    const displayName = PROVIDER_NAMES[name];
    let profile: OAuthProfile;
    try {
      profile = await provider.exchange(code, {
        redirectUri: linkRedirectUri(app, name),
        codeVerifier: row.code_verifier,
      });
      await saveConnection(app, user.id, name, profile, row.scopes);
    } catch (error) {
      request.log.warn({ err: error, provider: name }, 'oauth connection failed');
      throw ValidationError.single(
        'code',
        `Your ${displayName} account could not be connected. Please try again.`,
      );
    }
    return {
      message: `Your ${displayName} account is connected.`,
      return_to: row.return_to ?? '/settings',
      data: { provider: name, account_name: profile.name, account_email: profile.email },
    };
  });
}
