import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../../config';
import { HttpError } from '../../http/errors';
import { PROVIDER_NAMES, type ProviderName } from '../../oauth-providers';

// One interface for every provider: a real OAuth 2 client when the provider's client id and
// secret are configured, otherwise (outside production) the offline local provider, whose consent
// page is ours (local-routes.ts).

/** Who the provider says signed in, plus the tokens for linked accounts (never sent to browsers). */
export interface OAuthProfile {
  providerUserId: string;
  email: string | null;
  /** The provider vouches for the email. */
  emailVerified: boolean;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string[];
}

export interface AuthorizeRequest {
  state: string;
  scopes: string[];
  /** Absolute URL the provider returns to (registered with the provider). */
  redirectUri: string;
  /** PKCE S256 challenge, for providers that want one. */
  codeChallenge: string | null;
}

export interface OAuthProvider {
  readonly name: ProviderName;
  readonly displayName: string;
  readonly local: boolean;
  /** Default scopes per purpose. */
  scopes(purpose: 'login' | 'link'): string[];
  authorizeUrl(request: AuthorizeRequest): string;
  exchange(
    code: string,
    context: { redirectUri: string; codeVerifier: string | null },
  ): Promise<OAuthProfile>;
}

export const providerUnavailable = (name: ProviderName) =>
  new HttpError(404, `${PROVIDER_NAMES[name]} sign-in is not available.`);

// ---------------------------------------------------------------------------------------------
// Real providers: one OAuth 2 authorization-code client configured per provider.

interface RemoteSpec {
  authorizeEndpoint: string;
  tokenEndpoint: string;
  /** Where the profile comes from; null: from the token response itself (Stripe Connect). */
  profileEndpoint: string | null;
  loginScopes: string[];
  linkScopes: string[];
  scopeSeparator?: string;
  clientIdParam?: string;
  /** client_secret_basic instead of client_secret_post */
  basicAuth?: boolean;
  pkce?: boolean;
  extraAuthorizeParams?: Record<string, string>;
  profile(
    body: Record<string, unknown>,
    token: Record<string, unknown>,
  ): Partial<OAuthProfile> & {
    providerUserId: string;
  };
}

const str = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

const openIdProfile: RemoteSpec['profile'] = (body) => ({
  providerUserId: str(body.sub) ?? '',
  email: str(body.email),
  emailVerified: body.email_verified === true || body.email_verified === 'true',
  name: str(body.name),
  firstName: str(body.given_name),
  lastName: str(body.family_name),
});

const GOOGLE = {
  authorizeEndpoint: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenEndpoint: 'https://oauth2.googleapis.com/token',
  profileEndpoint: 'https://openidconnect.googleapis.com/v1/userinfo',
  extraAuthorizeParams: { access_type: 'offline', prompt: 'consent' },
  profile: openIdProfile,
};

export const REMOTE_SPECS: Record<ProviderName, RemoteSpec> = {
  google: {
    ...GOOGLE,
    loginScopes: ['openid', 'email', 'profile'],
    linkScopes: ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/calendar'],
  },
  youtube: {
    ...GOOGLE,
    loginScopes: ['openid', 'email', 'profile'],
    linkScopes: ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/youtube.readonly'],
  },
  facebook: {
    authorizeEndpoint: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v19.0/oauth/access_token',
    profileEndpoint: 'https://graph.facebook.com/me?fields=id,name,email,first_name,last_name',
    loginScopes: ['email', 'public_profile'],
    linkScopes: ['email', 'public_profile'],
    scopeSeparator: ',',
    // Facebook returns only confirmed emails.
    profile: (body) => ({
      providerUserId: str(body.id) ?? '',
      email: str(body.email),
      emailVerified: str(body.email) !== null,
      name: str(body.name),
      firstName: str(body.first_name),
      lastName: str(body.last_name),
    }),
  },
  microsoft: {
    authorizeEndpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    tokenEndpoint: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    profileEndpoint: 'https://graph.microsoft.com/oidc/userinfo',
    loginScopes: ['openid', 'email', 'profile'],
    linkScopes: ['openid', 'email', 'profile', 'offline_access', 'Calendars.ReadWrite'],
    profile: (body) => ({ ...openIdProfile(body, {}), emailVerified: false }),
  },
  instagram: {
    authorizeEndpoint: 'https://api.instagram.com/oauth/authorize',
    tokenEndpoint: 'https://api.instagram.com/oauth/access_token',
    profileEndpoint: 'https://graph.instagram.com/me?fields=id,username',
    loginScopes: ['user_profile'],
    linkScopes: ['user_profile', 'user_media'],
    scopeSeparator: ',',
    profile: (body) => ({ providerUserId: str(body.id) ?? '', name: str(body.username) }),
  },
  twitter: {
    authorizeEndpoint: 'https://twitter.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.twitter.com/2/oauth2/token',
    profileEndpoint: 'https://api.twitter.com/2/users/me',
    loginScopes: ['users.read', 'tweet.read'],
    linkScopes: ['users.read', 'tweet.read', 'offline.access'],
    basicAuth: true,
    pkce: true,
    profile: (body) => {
      const data = obj(body.data);
      return { providerUserId: str(data.id) ?? '', name: str(data.name) ?? str(data.username) };
    },
  },
  tiktok: {
    authorizeEndpoint: 'https://www.tiktok.com/v2/auth/authorize/',
    tokenEndpoint: 'https://open.tiktokapis.com/v2/oauth/token/',
    profileEndpoint: 'https://open.tiktokapis.com/v2/user/info/?fields=open_id,display_name',
    loginScopes: ['user.info.basic'],
    linkScopes: ['user.info.basic', 'video.list'],
    scopeSeparator: ',',
    clientIdParam: 'client_key',
    profile: (body) => {
      const user = obj(obj(body.data).user);
      return { providerUserId: str(user.open_id) ?? '', name: str(user.display_name) };
    },
  },
  stripe: {
    // Stripe Connect (Standard accounts): the token response names the connected account.
    authorizeEndpoint: 'https://connect.stripe.com/oauth/authorize',
    tokenEndpoint: 'https://connect.stripe.com/oauth/token',
    profileEndpoint: null,
    loginScopes: ['read_write'],
    linkScopes: ['read_write'],
    profile: (_body, token) => ({ providerUserId: str(token.stripe_user_id) ?? '' }),
  },
};

export function remoteProvider(
  name: ProviderName,
  credentials: { clientId: string; clientSecret: string },
  fetchImpl: typeof fetch = fetch,
): OAuthProvider {
  const spec = REMOTE_SPECS[name];
  return {
    name,
    displayName: PROVIDER_NAMES[name],
    local: false,
    scopes: (purpose) => (purpose === 'link' ? spec.linkScopes : spec.loginScopes),
    authorizeUrl({ state, scopes, redirectUri, codeChallenge }) {
      const url = new URL(spec.authorizeEndpoint);
      url.searchParams.set(spec.clientIdParam ?? 'client_id', credentials.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', scopes.join(spec.scopeSeparator ?? ' '));
      url.searchParams.set('state', state);
      if (spec.pkce && codeChallenge) {
        url.searchParams.set('code_challenge', codeChallenge);
        url.searchParams.set('code_challenge_method', 'S256');
      }
      for (const [key, value] of Object.entries(spec.extraAuthorizeParams ?? {})) {
        url.searchParams.set(key, value);
      }
      return url.toString();
    },
    async exchange(code, { redirectUri, codeVerifier }) {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      };
      if (spec.basicAuth) {
        const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`);
        headers.authorization = `Basic ${basic.toString('base64')}`;
        form.set('client_id', credentials.clientId);
      } else {
        form.set(spec.clientIdParam ?? 'client_id', credentials.clientId);
        form.set('client_secret', credentials.clientSecret);
      }
      if (spec.pkce && codeVerifier) form.set('code_verifier', codeVerifier);
      const tokenResponse = await fetchImpl(spec.tokenEndpoint, {
        method: 'POST',
        headers,
        body: form,
      });
      const token = obj(await tokenResponse.json().catch(() => ({})));
      const accessToken = str(token.access_token);
      if (!tokenResponse.ok || !accessToken) throw new Error(`${name} token exchange failed`);

      let body: Record<string, unknown> = {};
      if (spec.profileEndpoint) {
        const profileResponse = await fetchImpl(spec.profileEndpoint, {
          headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        });
        if (!profileResponse.ok) throw new Error(`${name} profile request failed`);
        body = obj(await profileResponse.json());
      }
      const profile = spec.profile(body, token);
      if (!profile.providerUserId) throw new Error(`${name} returned no account id`);
      const expiresIn = Number(token.expires_in);
      return {
        email: null,
        emailVerified: false,
        name: null,
        firstName: null,
        lastName: null,
        ...profile,
        accessToken,
        refreshToken: str(token.refresh_token),
        expiresAt:
          Number.isFinite(expiresIn) && expiresIn > 0
            ? new Date(Date.now() + expiresIn * 1000)
            : null,
        scopes: (str(token.scope) ?? '').split(/[ ,]+/).filter(Boolean),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The local provider: works offline. Its authorization code is a signed, short-lived note of
// what the consent page was told (provider, email, name), so no table is needed.

const LOCAL_CODE_SECONDS = 5 * 60;

function localSign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(`oauth-local:${payload}`).digest('base64url');
}

export function issueLocalCode(
  secret: string,
  note: { provider: ProviderName; email: string; name: string | null },
): string {
  const payload = Buffer.from(
    JSON.stringify({
      ...note,
      exp: Math.floor(Date.now() / 1000) + LOCAL_CODE_SECONDS,
      n: randomBytes(8).toString('hex'),
    }),
  ).toString('base64url');
  return `${payload}.${localSign(payload, secret)}`;
}

function readLocalCode(
  secret: string,
  code: string,
): { provider: string; email: string; name: string | null } | null {
  const [payload, signature, extra] = code.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(localSign(payload, secret));
  const actual = Buffer.from(signature);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const note = obj(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    const email = str(note.email);
    const provider = str(note.provider);
    if (!email || !provider || typeof note.exp !== 'number' || note.exp < Date.now() / 1000)
      return null;
    return { provider, email, name: str(note.name) };
  } catch {
    return null;
  }
}

/** 'maya.brooks@x' -> ['Maya', 'Brooks'] */
function namesFrom(email: string, name: string | null): [string, string] {
  const source = name?.trim() || email.split('@')[0]!.replace(/[._-]+/g, ' ');
  const words = source
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1));
  return [words[0] ?? 'Guestspot', words.slice(1).join(' ') || 'User'];
}

export function localProvider(name: ProviderName, secret: string): OAuthProvider {
  const spec = REMOTE_SPECS[name];
  return {
    name,
    displayName: PROVIDER_NAMES[name],
    local: true,
    scopes: (purpose) => (purpose === 'link' ? spec.linkScopes : spec.loginScopes),
    authorizeUrl({ state, scopes }) {
      const query = new URLSearchParams({ state, scope: scopes.join(' ') });
      return `/api/v1/oauth/local/${name}/authorize?${query.toString()}`;
    },
    async exchange(code) {
      const note = readLocalCode(secret, code);
      if (!note || note.provider !== name) throw new Error('invalid local authorization code');
      const email = note.email.trim().toLowerCase();
      const [firstName, lastName] = namesFrom(email, note.name);
      return {
        providerUserId: `local-${createHash('sha256').update(email).digest('hex').slice(0, 24)}`,
        email,
        emailVerified: true,
        name: `${firstName} ${lastName}`,
        firstName,
        lastName,
        accessToken: `local-access-${randomBytes(12).toString('hex')}`,
        refreshToken: null,
        expiresAt: null,
        scopes: spec.linkScopes,
      };
    },
  };
}

/** The provider to use for `name` under this configuration, or null when none is available. */
export function resolveProvider(
  config: Pick<AppConfig, 'oauthCredentials' | 'oauthLocal' | 'sessionSecret'>,
  name: ProviderName,
): OAuthProvider | null {
  const credentials = config.oauthCredentials[name];
  if (credentials) return remoteProvider(name, credentials);
  return config.oauthLocal ? localProvider(name, config.sessionSecret) : null;
}
