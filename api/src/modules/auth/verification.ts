import type { FastifyInstance } from 'fastify';
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
