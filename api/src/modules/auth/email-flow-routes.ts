import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AuthTokenPurpose } from '../../db/schema';
import { ValidationError, type FieldErrors } from '../../http/errors';
import { Email, idOf, MAX_STRING, NoBody, OneOf, Str, type FieldRules } from '../../http/schema';
import { loadUser } from '../users/queries';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from './account-setup-guard';
import { startSession } from './login-session';
import { hashPassword } from './password';
import { enforceRateLimit, rateLimitKey, type RateLimit } from './rate-limit';
import { requireUser } from './require-user';
import { findUserByEmail } from './service';
import { clearFailures, throttleKey } from './throttle';
import { consumeToken, issueToken, peekToken } from './tokens';
import {
  Name,
  NewPassword,
  PasswordConfirmation,
  passwordConfirmed,
  Phone,
  phoneDigits,
} from './user-fields';
import { markEmailVerified, sendVerificationEmail } from './verification';
import { endAllSessions } from './sessions';
import { findUserRow } from '../users/queries';

// The email-based flows: verify the address, reset a forgotten password, finish an account
// created by an invitation. Every link carries a one-time token (tokens.ts).

export const VERIFIED_MESSAGE = 'Your email address has been verified.';
export const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired.';
export const RESENT_MESSAGE = 'A new verification link has been sent to your email address.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
export const RESET_LINK_SENT =
  'If an account exists for that email, we have sent a password reset link.';
export const INVALID_LINK = 'This link is invalid or has expired.';
export const INVALID_RESET_TOKEN = 'This password reset token is invalid.';
export const PASSWORD_RESET = 'Your password has been reset.';

/** Resending the verification email: once a minute per user. */
export const RESEND_LIMIT: RateLimit = { max: 1, windowSeconds: 60 };
/** Reset-link requests: per address and ip, and per ip across addresses. */
export const RESET_EMAIL_LIMIT: RateLimit = { max: 5, windowSeconds: 15 * 60 };
export const RESET_IP_LIMIT: RateLimit = { max: 20, windowSeconds: 15 * 60 };

const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const LINK_TYPES = ['reset-password', 'complete-account'] as const satisfies AuthTokenPurpose[];

/** The rules of a new password beside its schema: the confirmation repeats it. */
const newPasswordRules: FieldRules = (_body, request) => {
  const errors: FieldErrors = {};
  passwordConfirmed(request.body, errors);
  return errors;
};

function resetPasswordLink(appUrl: string, token: string, email: string): string {
  return `${appUrl}/reset-password/${token}?email=${encodeURIComponent(email)}`;
}

export async function emailFlowRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  // The link opens the site's /verify-email page, which calls this. It works signed out (the
  // email may be opened on another device) and leaves any session as it is. Invalid links get
  // 422, not 403: the browser turns a 403 into the Forbidden page.
  // Any id and token: a link that cannot be ours is the same 422 as a used one.
  const verifyOptions = {
    schema: { params: Type.Object({ id: Type.String(), token: Type.String() }) },
  };
  api.get('/auth/email/verify/:id/:token', verifyOptions, async (request) => {
    const id = idOf(request.params.id);
    const { token } = request.params;
    const invalid = () => ValidationError.single('token', INVALID_VERIFICATION_LINK);
    if (id === null || !TOKEN.test(token)) throw invalid();
    if ((await peekToken(app.db, token, 'verify-email')) !== id) throw invalid();
    if ((await consumeToken(app.db, token, 'verify-email')) !== id) throw invalid();
    await markEmailVerified(app.db, id);
    return { message: VERIFIED_MESSAGE, data: await loadUser(app.db, id) };
  });

  const resendOptions = { ...OPEN_TO_UNFINISHED_ACCOUNTS, schema: { body: NoBody } };
  api.post('/auth/email/resend', resendOptions, async (request, reply) => {
    const user = await requireUser(request);
    if (user.email_verified_at !== null) throw ValidationError.single('email', ALREADY_VERIFIED);
    await enforceRateLimit(
      app.db,
      rateLimitKey('verify-resend', user.id),
      RESEND_LIMIT,
      (wait) => `Please wait ${wait} seconds before requesting another email.`,
    );
    await sendVerificationEmail(app, user);
    return reply.code(202).send({ message: RESENT_MESSAGE });
  });

  // Always the same answer, so nobody learns which addresses have an account.
  const resetEmailOptions = {
    ...OPEN_TO_UNFINISHED_ACCOUNTS,
    schema: { body: Type.Object({ email: Email() }) },
  };
  api.post('/auth/password/email', resetEmailOptions, async (request) => {
    const { email } = request.body;

    const limited = (wait: number) =>
      `Too many password reset requests. Please try again in ${wait} seconds.`;
    await enforceRateLimit(
      app.db,
      rateLimitKey('password-email-ip', request.ip),
      RESET_IP_LIMIT,
      limited,
    );
    await enforceRateLimit(
      app.db,
      rateLimitKey('password-email', email, request.ip),
      RESET_EMAIL_LIMIT,
      limited,
    );

    const user = await findUserByEmail(app.db, email);
    if (user) {
      const token = await issueToken(app.db, user.id, 'reset-password');
      const link = resetPasswordLink(app.config.appUrl, token, user.email);
      try {
        await app.mailer.send({
          to: user.email,
          subject: 'Reset your password',
          text: [
            `Hi ${user.first_name},`,
            '',
            'We received a request to reset the password of your Guestspot account. Choose a new one here:',
            link,
            '',
            'The link works once and expires in 60 minutes. If you did not ask for it, ignore this email: your password stays as it is.',
          ].join('\n'),
        });
      } catch (error) {
        // The answer must not differ from an unknown address's.
        request.log.error(error, 'the password reset email could not be sent');
      }
    }
    return { message: RESET_LINK_SENT };
  });

  // Lets a page check its link before showing the form (nothing is used up).
  const validateOptions = {
    ...OPEN_TO_UNFINISHED_ACCOUNTS,
    schema: {
      body: Type.Object({
        token: Str({ max: MAX_STRING }),
        email: Type.Optional(Email()),
        type: OneOf(LINK_TYPES),
      }),
    },
  };
  api.post('/auth/validate-token', validateOptions, async (request) => {
    const { token: rawToken, type } = request.body;
    const email = request.body.email?.trim();

    const userId = TOKEN.test(rawToken) ? await peekToken(app.db, rawToken, type) : null;
    const user = userId === null ? undefined : await findUserRow(app.db, userId);
    if (!user || (email !== undefined && email.toLowerCase() !== user.email.toLowerCase())) {
      throw ValidationError.single('token', INVALID_LINK);
    }
    return type === 'complete-account'
      ? { valid: true, email: user.email, first_name: user.first_name, last_name: user.last_name }
      : { valid: true, email: user.email };
  });

  const resetOptions = {
    ...OPEN_TO_UNFINISHED_ACCOUNTS,
    config: { ...OPEN_TO_UNFINISHED_ACCOUNTS.config, rules: newPasswordRules },
    schema: {
      body: Type.Object({
        token: Str({ max: MAX_STRING }),
        email: Email(),
        password: NewPassword(),
        password_confirmation: Type.Optional(PasswordConfirmation()),
      }),
    },
  };
  api.post('/auth/password/reset', resetOptions, async (request, reply) => {
    const { token: rawToken, password } = request.body;
    const email = request.body.email.trim();

    const invalid = () => ValidationError.single('email', INVALID_RESET_TOKEN);
    const user = await findUserByEmail(app.db, email);
    if (!user || !TOKEN.test(rawToken)) throw invalid();
    if ((await peekToken(app.db, rawToken, 'reset-password')) !== user.id) throw invalid();
    if ((await consumeToken(app.db, rawToken, 'reset-password')) !== user.id) throw invalid();

    await markEmailVerified(app.db, user.id, { password_hash: await hashPassword(password) });
    // Whoever knew the old password is signed out everywhere.
    await endAllSessions(app.db, user.id);
    await clearFailures(app.db, throttleKey(user.email, request.ip));
    await startSession(request, reply, user.id, { device: 'spa' });
    return { message: PASSWORD_RESET, data: await loadUser(app.db, user.id) };
  });

  const completeOptions = {
    config: { ...OPEN_TO_UNFINISHED_ACCOUNTS.config, rules: newPasswordRules },
    schema: {
      body: Type.Object({
        token: Str({ max: MAX_STRING }),
        first_name: Name(),
        last_name: Name(),
        password: NewPassword(),
        password_confirmation: Type.Optional(PasswordConfirmation()),
        phone: Type.Optional(Phone()),
      }),
    },
  };
  api.post('/auth/complete-account', completeOptions, async (request, reply) => {
    const { token, password } = request.body;
    const firstName = request.body.first_name.trim();
    const lastName = request.body.last_name.trim();
    const phone = request.body.phone === undefined ? undefined : phoneDigits(request.body.phone);

    // A token that cannot be ours never reaches the database.
    const userId = TOKEN.test(token) ? await consumeToken(app.db, token, 'complete-account') : null;
    if (userId === null) throw ValidationError.single('token', INVALID_LINK);

    await markEmailVerified(app.db, userId, {
      first_name: firstName,
      last_name: lastName,
      password_hash: await hashPassword(password),
      ...(phone !== undefined ? { phone } : {}),
    });
    await endAllSessions(app.db, userId);
    await startSession(request, reply, userId, { device: 'spa' });
    return { data: await loadUser(app.db, userId) };
  });
}
