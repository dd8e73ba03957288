import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { ValidationError } from '../../http/errors';
import { Bool, Email, MAX_STRING, NoBody, Str } from '../../http/schema';
import { Validator } from '../../http/validation';
import {
  clearReferralCookie,
  findReferrerId,
  readReferralCookie,
} from '../referrals/referral-cookie';
import { loadUser } from '../users/queries';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from './account-setup-guard';
import { setCsrfCookie } from './csrf';
import { emailFlowRoutes } from './email-flow-routes';
import { startSession } from './login-session';
import { hashPassword } from './password';
import { enforceRateLimit, rateLimitKey, type RateLimit } from './rate-limit';
import { attemptLogin } from './service';
import { clearSessionCookie, deleteSession, sessionToken } from './sessions';
import {
  checkEmailUnique,
  DEFAULT_TIMEZONE,
  EMAIL_TAKEN,
  isUniqueViolation,
  readEmail,
  readName,
  readNewPassword,
  readPhone,
  readTimezone,
} from './user-fields';
import { sendVerificationEmail } from './verification';

const ACCEPTED = new Set<unknown>([true, 1, '1', 'true', 'yes', 'on']);

/** New accounts per IP address: generous for an office behind one address, not for a script. */
export const REGISTER_IP_LIMIT: RateLimit = { max: 30, windowSeconds: 60 * 60 };

/** Passwords are capped (hashing a megabyte would be a cheap way to burn CPU). */
const MAX_PASSWORD = 1024;

const Login = Type.Object({
  email: Email(),
  password: Str({ max: MAX_PASSWORD }),
  remember_me: Type.Optional(Bool()),
  device: Type.Optional(Str({ max: MAX_STRING })),
});

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const loginOptions = { ...OPEN_TO_UNFINISHED_ACCOUNTS, schema: { body: Login } };
  api.post('/auth/login', loginOptions, async (request, reply) => {
    const { email, password, remember_me: remember = false, device = null } = request.body;

    const user = await attemptLogin(app.db, { email, password, ip: request.ip });
    await startSession(request, reply, user.id, { remember, device });
    return { data: await loadUser(app.db, user.id) };
  });

  const logoutOptions = { ...OPEN_TO_UNFINISHED_ACCOUNTS, schema: { body: NoBody } };
  api.post('/auth/logout', logoutOptions, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(app.db, token);
    clearSessionCookie(reply);
    setCsrfCookie(reply);
    return reply.code(204).send();
  });

  app.post('/auth/register', OPEN_TO_UNFINISHED_ACCOUNTS, async (request, reply) => {
    await enforceRateLimit(
      app.db,
      rateLimitKey('register-ip', request.ip),
      REGISTER_IP_LIMIT,
      (wait) =>
        `Too many accounts were created from your network. Please try again in ${wait} seconds.`,
    );
    const body = (request.body ?? {}) as Record<string, unknown>;
    const input = new Validator(body);
    const firstName = readName(input, 'first_name', true);
    const lastName = readName(input, 'last_name', true);
    const email = readEmail(input);
    const phone = readPhone(input, 'phone', true);
    const password = readNewPassword(input);
    const timezone = readTimezone(input, 'timezone', false) ?? DEFAULT_TIMEZONE;
    const referralCode = input.string('referral_code', { max: 255 })?.trim();
    const device = input.string('device', { max: 255 }) ?? null;
    if (!input.has('terms')) input.fail('terms', 'The terms field is required.');
    else if (!ACCEPTED.has(body.terms)) input.fail('terms', 'The terms field must be accepted.');
    await checkEmailUnique(app.db, input, email);
    input.throwIfInvalid();
    if (!firstName || !lastName || !email || !phone || !password) {
      throw new ValidationError({ email: ['The given data was invalid.'] });
    }

    // A code typed in the form wins over the referral link the visitor arrived from.
    const referredBy = await findReferrerId(
      app.db,
      referralCode || readReferralCookie(request)?.code,
    );
    let userId: number;
    try {
      const row = await app.db
        .insertInto('users')
        .values({
          first_name: firstName,
          last_name: lastName,
          email,
          phone,
          password_hash: await hashPassword(password),
          timezone,
          status: 'pending',
          referred_by: referredBy,
          terms_accepted_at: sql<Date>`now()`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userId = row.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw ValidationError.single('email', EMAIL_TAKEN);
      throw error;
    }

    await startSession(request, reply, userId, { device });
    clearReferralCookie(reply);
    try {
      await sendVerificationEmail(app, { id: userId, email, first_name: firstName });
    } catch (error) {
      // The account exists and the user is signed in; /check-email offers a resend.
      request.log.error(error, 'the verification email could not be sent');
    }
    return reply.code(201).send({ data: await loadUser(app.db, userId) });
  });

  await app.register(emailFlowRoutes);
}
