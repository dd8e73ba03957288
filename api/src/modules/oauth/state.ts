import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { OAuthPurposeColumn } from '../../db/schema';
import { hashToken } from '../auth/sessions';

/** How long an authorization round trip may take. */
export const STATE_TTL_MINUTES = 10;

export interface NewState {
  purpose: OAuthPurposeColumn;
  provider: string;
  userId: number | null;
  sessionId: string | null;
  returnTo: string | null;
  scopes: string[];
  pkce: boolean;
}

export interface IssuedState {
  state: string;
  codeChallenge: string | null;
}

/** Stores a random state (only its hash) bound to the round trip's purpose, user and session. */
export async function createState(db: DB, input: NewState): Promise<IssuedState> {
  const state = randomBytes(32).toString('base64url');
  const verifier = input.pkce ? randomBytes(32).toString('base64url') : null;
  await db
    .deleteFrom('oauth_states')
    .where('expires_at', '<=', sql<Date>`now()`)
    .execute();
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: hashToken(state),
      purpose: input.purpose,
      provider: input.provider,
      user_id: input.userId,
      session_id: input.sessionId,
      return_to: input.returnTo,
      scopes: input.scopes,
      code_verifier: verifier,
      expires_at: sql<Date>`now() + make_interval(mins => ${STATE_TTL_MINUTES})`,
    })
    .execute();
  return {
    state,
    codeChallenge: verifier ? createHash('sha256').update(verifier).digest('base64url') : null,
  };
}

function stateQuery(db: DB) {
  return db.selectFrom('oauth_states').selectAll();
}

const looksLikeState = (state: unknown): state is string =>
  typeof state === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(state);

/**
 * The live, unused state for this provider without using it (the local consent page, and the
 * message of a callback refused in another browser).
 */
export async function peekState(db: DB, state: unknown, provider: string) {
  if (!looksLikeState(state)) return null;
  const row = await stateQuery(db)
    .where('state_hash', '=', hashToken(state))
    .where('provider', '=', provider)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ?? null;
}

/** Uses a state once: two requests racing with the same state cannot both succeed. */
export async function consumeState(
  db: DB,
  state: unknown,
  provider: string,
  purposes: readonly OAuthPurposeColumn[],
) {
  if (!looksLikeState(state)) return null;
  const row = await db
    .updateTable('oauth_states')
    .set({ used_at: sql<Date>`now()` })
    .where('state_hash', '=', hashToken(state))
    .where('provider', '=', provider)
    .where('purpose', 'in', [...purposes])
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}
