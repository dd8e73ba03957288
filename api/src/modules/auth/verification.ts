import type { FastifyInstance } from 'fastify';
import { sql, type Updateable } from 'kysely';
import type { DB } from '../../db/database';
import type { UsersTable } from '../../db/schema';
import { setProfilesPublic } from '../profiles/write';
import { issueToken } from './tokens';

/** The API path the /verify-email page calls (it arrives there in the `url` query parameter). */
export function verificationApiPath(userId: number, token: string): string {
  return `/api/v1/auth/email/verify/${userId}/${token}`;
}

/**
 * Emails a fresh verification link (older links stop working). The link opens the site's
 * /verify-email page, which calls the API path it carries.
 */
export async function sendVerificationEmail(
  app: FastifyInstance,
  user: { id: number; email: string; first_name: string },
): Promise<void> {
  const token = await issueToken(app.db, user.id, 'verify-email');
  const link = `${app.config.appUrl}/verify-email?url=${encodeURIComponent(
    verificationApiPath(user.id, token),
  )}`;
  await app.mailer.send({
    to: user.email,
    subject: 'Verify your email address',
    text: [
      `Hi ${user.first_name},`,
      '',
      'Please confirm your email address to finish setting up your Guestspot account:',
      link,
      '',
      'The link works once and expires in 24 hours.',
    ].join('\n'),
  });
}

/** Verified (they proved they read the mailbox), and active unless the account is paused. */
const markVerified = {
  email_verified_at: sql<Date>`coalesce(email_verified_at, now())`,
  status: sql<
    'active' | 'pending' | 'paused'
  >`case when status = 'pending' then 'active' else status end`,
  updated_at: sql<Date>`now()`,
};

/**
 * Saves `changes` with the address marked verified. An account that was pending becomes active
 * and the profiles it made meanwhile, kept private until now, are listed (decision 066).
 */
export async function markEmailVerified(
  db: DB,
  userId: number,
  changes: Updateable<UsersTable> = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select('status')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .updateTable('users')
      .set({ ...changes, ...markVerified })
      .where('id', '=', userId)
      .execute();
    if (before?.status === 'pending') await setProfilesPublic(trx, userId, true);
  });
}
