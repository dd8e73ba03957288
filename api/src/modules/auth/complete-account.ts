import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ValidationError } from '../../http/errors';
import { hashPassword } from './password';
import { issueToken } from './tokens';
import { EMAIL_TAKEN } from './user-fields';

/** The page where an account created on someone's behalf is finished. */
export function completeAccountLink(appUrl: string, token: string): string {
  return `${appUrl}/complete-account/${token}`;
}

/**
 * Creates a pending account for someone invited by email (a team invitation to an address with
 * no account yet) and returns the one-time link where they choose their name and password. The
 * caller sends the invitation email with that link. The account has a random password nobody
 * knows, so it cannot be signed into until it is completed.
 *
 * Inviting the same address again while the account was never completed issues a new link (the
 * old one stops working). An address that belongs to a real account is refused with 422.
 */
export async function createInvitedAccount(
  app: FastifyInstance,
  { email, first_name, last_name }: { email: string; first_name?: string; last_name?: string },
): Promise<{ userId: number; link: string }> {
  const address = email.trim();
  const existing = await app.db
    .selectFrom('users')
    .select(['id', 'email_verified_at'])
    .where(sql`lower(email)`, '=', address.toLowerCase())
    .executeTakeFirst();

  let userId: number;
  if (existing) {
    const invitedBefore = await app.db
      .selectFrom('auth_tokens')
      .select('id')
      .where('user_id', '=', existing.id)
      .where('purpose', '=', 'complete-account')
      .executeTakeFirst();
    const completed = await app.db
      .selectFrom('auth_tokens')
      .select('id')
      .where('user_id', '=', existing.id)
      .where('purpose', '=', 'complete-account')
      .where('used_at', 'is not', null)
      .executeTakeFirst();
    if (!invitedBefore || completed || existing.email_verified_at !== null) {
      throw ValidationError.single('email', EMAIL_TAKEN);
    }
    userId = existing.id;
  } else {
    const inserted = await app.db
      .insertInto('users')
      .values({
        first_name: first_name?.trim() ?? '',
        last_name: last_name?.trim() ?? '',
        email: address,
        password_hash: await hashPassword(randomBytes(32).toString('base64url')),
        status: 'pending',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userId = inserted.id;
  }
  const token = await issueToken(app.db, userId, 'complete-account');
  return { userId, link: completeAccountLink(app.config.appUrl, token) };
}
