import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { sessionImpersonator } from '../impersonation/service';

// The email address and the password are what an account is signed into and recovered with, so
// changing them through PUT /users/{id} is guarded harder than the other rows (decision 063).

export const EMAIL_OWNER_ONLY = 'Only the account owner can change the email address.';
export const PASSWORD_OWNER_ONLY = 'Only the account owner can change the password.';
export const EMAIL_CHANGED_SUBJECT = 'Your Guestspot email address was changed';

/** Same mailbox: login, uniqueness and delivery all ignore case and surrounding spaces. */
function isSameAddress(sent: unknown, current: string): boolean {
  return typeof sent === 'string' && sent.trim().toLowerCase() === current.toLowerCase();
}

/**
 * Before PUT /users/{id} changes anything: an `email` other than the account's address, or any
 * `password`, is refused (403) to an agency/team member impersonating the owner — they could
 * otherwise move the account to their own mailbox and reset the password. A site admin
 * impersonating (support) passes. What the owner needs besides (a recent login confirmation for
 * a new address, current_password for a new password) is checked by updateAccount.
 */
export async function refuseSignInChangesByTeam(
  request: FastifyRequest,
  account: { email: string },
  body: Record<string, unknown>,
): Promise<void> {
  const changesEmail = Object.hasOwn(body, 'email') && !isSameAddress(body.email, account.email);
  const changesPassword = Object.hasOwn(body, 'password');
  if (!changesEmail && !changesPassword) return;

  const impersonator = await sessionImpersonator(request);
  if (impersonator && !impersonator.is_admin) {
    throw new HttpError(403, changesEmail ? EMAIL_OWNER_ONLY : PASSWORD_OWNER_ONLY);
  }
}

/**
 * Tells the address the account had that it no longer signs in there, so an owner whose
 * account was moved away learns of it (the reset link now goes to the new address).
 */
export async function sendEmailChangedNotice(
  app: FastifyInstance,
  account: { oldEmail: string; newEmail: string; first_name: string },
): Promise<void> {
  await app.mailer.send({
    to: account.oldEmail,
    subject: EMAIL_CHANGED_SUBJECT,
    text: [
      `Hi ${account.first_name},`,
      '',
      `The email address of your Guestspot account was changed from ${account.oldEmail} to ${account.newEmail}. Sign-in, password reset links and notifications now go to the new address.`,
      '',
      'If you made this change, there is nothing more to do.',
      '',
      'If you did not, someone else may have access to your account: reply to this email right away so we can lock the account and give it back to you, and do not follow links sent to the new address.',
    ].join('\n'),
  });
}
