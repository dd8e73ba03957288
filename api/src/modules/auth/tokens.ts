import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { AuthTokenPurpose } from '../../db/schema';
import { hashToken } from './sessions';

/** How long an emailed link stays valid. */
export const TOKEN_TTL_MINUTES: Record<AuthTokenPurpose, number> = {
  'verify-email': 24 * 60,
  'reset-password': 60,
  'complete-account': 7 * 24 * 60,
};

/**
 * Issues a one-time token for a link we email; earlier unused tokens of the same purpose for the
 * same user stop working (only the newest link is valid). Only the token's hash is stored.
 */
export async function issueToken(
  db: DB,
  userId: number,
  purpose: AuthTokenPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('auth_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('auth_tokens')
      .values({
        user_id: userId,
        purpose,
        token_hash: hashToken(token),
        expires_at: sql<Date>`now() + make_interval(mins => ${TOKEN_TTL_MINUTES[purpose]})`,
      })
      .execute();
  });
  return token;
}

/** The user a token belongs to while it is unused and unexpired, without using it. */
export async function peekToken(
  db: DB,
  token: string,
  purpose: AuthTokenPurpose,
): Promise<number | null> {
  const row = await db
    .selectFrom('auth_tokens')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * Uses a token: returns its user and marks it used in one statement, so two requests racing
 * with the same link cannot both succeed. Null when unknown, used or expired.
 */
export async function consumeToken(
  db: DB,
  token: string,
  purpose: AuthTokenPurpose,
): Promise<number | null> {
  const row = await db
    .updateTable('auth_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}
