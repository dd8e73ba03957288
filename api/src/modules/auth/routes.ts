import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ValidationError, type FieldErrors } from '../../http/errors';
import { Bool, bodyRules, Email, MAX_STRING, NoBody, OneOf, Str } from '../../http/schema';
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
import { perNetworkLimit, type RateLimit } from './rate-limit';
import { attemptLogin, createPendingUser } from './service';
import { clearSessionCookie, deleteSession, sessionToken } from './sessions';
import {
  DEFAULT_TIMEZONE,
  EMAIL_TAKEN,
  emailUnique,
  isUniqueViolation,
  MAX_PASSWORD,
  Name,
  NewPassword,
  PasswordConfirmation,
  Phone,
  phoneDigits,
  passwordConfirmed,
  TimezoneName,
  timezoneValid,
} from './user-fields';
import { sendVerificationEmail } from './verification';

/** New accounts per IP address: generous for an office behind one address, not for a script. */
export const REGISTER_IP_LIMIT: RateLimit = { max: 30, windowSeconds: 60 * 60 };

const Register = Type.Object({
  first_name: Name(),
  last_name: Name(),
  email: Email(),
  phone: Phone(),
  password: NewPassword(),
  password_confirmation: Type.Optional(PasswordConfirmation()),
  timezone: Type.Optional(TimezoneName()),
  referral_code: Type.Optional(Str({ max: MAX_STRING })),
  device: Type.Optional(Str({ max: MAX_STRING })),
  terms: OneOf([true, 1, '1', 'true', 'yes', 'on'], 'The :attribute field must be accepted.'),
});

/** What the schema cannot say: the confirmation, the zone, an address in use. */
const registerRules = (app: FastifyInstance) =>
  bodyRules(Register, async (body, request) => {
    const errors: FieldErrors = {};
    passwordConfirmed(request.body, errors);
    timezoneValid('timezone', body.timezone, errors);
    await emailUnique(app.db, body.email, errors);
    return errors;
  });

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

  const registerOptions = {
    config: { ...OPEN_TO_UNFINISHED_ACCOUNTS.config, rules: registerRules(app) },
    preValidation: perNetworkLimit(
      app,
      'register-ip',
      REGISTER_IP_LIMIT,
      (wait) =>
        `Too many accounts were created from your network. Please try again in ${wait} seconds.`,
    ),
    schema: { body: Register },
  };
  api.post('/auth/register', registerOptions, async (request, reply) => {
    const body = request.body;
    const firstName = body.first_name.trim();
    const lastName = body.last_name.trim();
    const email = body.email.trim();
    const phone = phoneDigits(body.phone);
    const timezone = body.timezone?.trim() ?? DEFAULT_TIMEZONE;
    const device = body.device ?? null;

    // A code typed in the form wins over the referral link the visitor arrived from.
    const referredBy = await findReferrerId(
      app.db,
      body.referral_code?.trim() || readReferralCookie(request)?.code,
    );
    let userId: number;
    try {
      userId = await createPendingUser(app.db, {
        first_name: firstName,
        last_name: lastName,
        email,
        phone,
        password_hash: await hashPassword(body.password),
        timezone,
        referred_by: referredBy,
      });
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
