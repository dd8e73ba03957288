import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { findUserByEmail } from '../auth/service';
import { PROVIDER_NAMES, type LoginProviderName } from '../../oauth-providers';
import type { OAuthProfile } from './providers';

// The accounts behind OAuth round trips: social sign-in (social-login.ts) and the local consent
// page (local-routes.ts).

/** The account this provider identity signs in to: linked before, else a verified same email. */
export async function findOrCreateUser(
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
    await linkSocialAccount(trx, user.id, provider, profile);
    return user;
  });
}

/** Whether the provider identity is this user's (linked before, else the same verified email). */
export async function belongsTo(
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
  await linkSocialAccount(app.db, user.id, provider, profile);
  return true;
}

/** The email and id of the user who proves who they are (an impersonator confirming). */
export async function signInIdentity(
  db: DB,
  userId: number,
): Promise<{ id: number; email: string }> {
  return db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** A user's email, else undefined. */
export async function userEmail(db: DB, userId: number): Promise<string | undefined> {
  const user = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirst();
  return user?.email;
}

/** Remembers the provider identity as the user's (a second link of the same one is no error). */
async function linkSocialAccount(
  db: DB,
  userId: number,
  provider: LoginProviderName,
  profile: OAuthProfile,
): Promise<void> {
  await db
    .insertInto('social_accounts')
    .values({
      user_id: userId,
      provider,
      provider_user_id: profile.providerUserId,
      email: profile.email,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'provider_user_id']).doNothing())
    .execute();
}
