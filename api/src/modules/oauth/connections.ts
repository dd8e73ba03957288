import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { LinkProviderName } from '../../oauth-providers';
import type { OAuthProfile } from './providers';

// Accounts connected for their data (calendars, payouts, socials). Tokens are encrypted with a
// key derived from SESSION_SECRET and never leave the server.

function key(secret: string): Buffer {
  return createHash('sha256').update(`oauth-tokens:${secret}`).digest();
}

export function encryptToken(secret: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(secret), iv);
  const data = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    data.toString('base64url'),
  ].join('.');
}

export function decryptToken(secret: string, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown token format');
  const decipher = createDecipheriv('aes-256-gcm', key(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

export interface ConnectedAccount {
  connectionId: number;
  userId: number;
  provider: LinkProviderName;
  profile: OAuthProfile;
}

type ConnectedHook = (app: FastifyInstance, account: ConnectedAccount) => Promise<void>;
const hooks = new Map<LinkProviderName, ConnectedHook[]>();

/**
 * Where later features plug in (calendars for google/microsoft, payouts for stripe): called after
 * a connection is stored, before the browser is told it succeeded. A hook that throws fails the
 * connection with the generic message.
 */
export function onConnected(provider: LinkProviderName, hook: ConnectedHook): () => void {
  const list = hooks.get(provider) ?? [];
  list.push(hook);
  hooks.set(provider, list);
  return () =>
    hooks.set(
      provider,
      (hooks.get(provider) ?? []).filter((item) => item !== hook),
    );
}

/** Stores (or refreshes) the user's connection to this provider and runs the hooks. */
export async function saveConnection(
  app: FastifyInstance,
  userId: number,
  provider: LinkProviderName,
  profile: OAuthProfile,
  requestedScopes: string[],
): Promise<ConnectedAccount> {
  const secret = app.config.sessionSecret;
  const values = {
    provider_user_id: profile.providerUserId,
    account_name: profile.name,
    account_email: profile.email,
    scopes: profile.scopes.length ? profile.scopes : requestedScopes,
    access_token: profile.accessToken ? encryptToken(secret, profile.accessToken) : null,
    refresh_token: profile.refreshToken ? encryptToken(secret, profile.refreshToken) : null,
    token_expires_at: profile.expiresAt,
  };
  const row = await app.db
    .insertInto('oauth_connections')
    .values({ user_id: userId, provider, ...values })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'provider']).doUpdateSet({
        ...values,
        // keep a refresh token the provider sends only the first time
        refresh_token: sql`coalesce(excluded.refresh_token, oauth_connections.refresh_token)`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const account = { connectionId: row.id, userId, provider, profile };
  for (const hook of hooks.get(provider) ?? []) await hook(app, account);
  return account;
}
