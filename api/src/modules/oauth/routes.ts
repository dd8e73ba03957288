import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../../http/errors';
import { Validator } from '../../http/validation';
import { requireUser } from '../auth/require-user';
import { saveConnection } from './connections';
import { localOAuthRoutes } from './local-routes';
import {
  LINK_PROVIDERS,
  PROVIDER_NAMES,
  resolveProvider,
  type LinkProviderName,
  type OAuthProfile,
} from './providers';
import { socialLoginRoutes } from './social-login';
import { consumeState, createState } from './state';

export const AUTHORIZATION_EXPIRED = 'This authorization link has expired. Please try again.';

const isLinkProvider = (value: string): value is LinkProviderName =>
  (LINK_PROVIDERS as readonly string[]).includes(value);

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

  app.get<{ Params: { provider: string }; Querystring: { return_to?: string } }>(
    '/oauth/:provider/redirect',
    async (request) => {
      const user = await requireUser(request);
      const { provider: name } = request.params;
      if (!isLinkProvider(name)) throw notFound();
      const input = new Validator(request.query);
      const rawReturn = input.string('return_to', { max: 2000 });
      input.throwIfInvalid();
      const returnTo = rawReturn === undefined ? '/settings' : safeReturnPath(rawReturn);
      if (!returnTo) {
        throw new HttpError(422, 'The return to field must be a path on this site.');
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
    },
  );

  app.post<{ Params: { provider: string } }>('/oauth/:provider/complete', async (request) => {
    const user = await requireUser(request);
    const { provider: name } = request.params;
    if (!isLinkProvider(name)) throw notFound();
    const input = new Validator(request.body);
    const code = input.string('code', { required: true, max: 4096 });
    const state = input.string('state', { required: true, max: 200 });
    input.throwIfInvalid();

    const row = await consumeState(app.db, state, name, ['link']);
    if (!row || row.user_id !== user.id) throw new HttpError(422, AUTHORIZATION_EXPIRED);
    const provider = resolveProvider(app.config, name);
    if (!provider) throw new HttpError(422, AUTHORIZATION_EXPIRED);

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
      throw new HttpError(
        422,
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
