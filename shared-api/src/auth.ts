import { API_PREFIX, api } from './client';
import type {
  DataEnvelope,
  LinkTokenType,
  MessageBody,
  MessageWithUser,
  TokenValidation,
  User,
} from './types';

export interface LoginPayload {
  email: string;
  password: string;
  remember_me: boolean;
  /** The spec's device name for browser sessions. */
  device?: string;
}

export async function login(payload: LoginPayload): Promise<User> {
  const body = await api
    .post('auth/login', { json: { device: 'spa', ...payload } })
    .json<DataEnvelope<User>>();
  return body.data;
}

export async function logout(): Promise<void> {
  await api.post('auth/logout');
}

/** Step 1 of the registration wizard. The server signs the new (pending) user in. */
export interface RegisterPayload {
  first_name: string;
  last_name: string;
  email: string;
  /** ten digits, or the masked '(###) ###-####' */
  phone: string;
  password: string;
  password_confirmation: string;
  /** must be true (the terms of service were accepted) */
  terms: boolean;
  referral_code?: string;
  device?: string;
  /** an IANA zone; the server defaults to 'US/Central' */
  timezone?: string;
}

/** POST /auth/register: the new user, signed in (status 'pending' until the email is verified). */
export async function register(payload: RegisterPayload): Promise<User> {
  const body = await api
    .post('auth/register', { json: { device: 'spa', ...payload } })
    .json<DataEnvelope<User>>();
  return body.data;
}

const VERIFY_PATH = /^\/api\/v1\/auth\/email\/verify\/\d{1,10}\/[A-Za-z0-9_-]{20,100}$/;

/**
 * The one kind of URL the /verify-email page may call: the API's verification path on this
 * site. Anything else (another origin, another endpoint) is refused.
 */
export function isVerificationPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && VERIFY_PATH.test(value);
}

/** Calls the verification path carried by the emailed link (see isVerificationPath). */
export async function verifyEmail(path: string): Promise<MessageWithUser> {
  if (!isVerificationPath(path)) throw new Error('Not an email verification path.');
  return api.get(path.slice(`${API_PREFIX}/`.length)).json<MessageWithUser>();
}

/** POST /auth/email/resend (signed in): 202 with a message; 429 within a minute of the last. */
export async function resendVerificationEmail(): Promise<string> {
  const body = await api.post('auth/email/resend').json<MessageBody>();
  return body.message;
}

/** POST /auth/password/email: the same message whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<string> {
  const body = await api.post('auth/password/email', { json: { email } }).json<MessageBody>();
  return body.message;
}

export interface ValidateTokenPayload {
  token: string;
  email?: string;
  type: LinkTokenType;
}

/** POST /auth/validate-token: 422 (ApiError) when the link is invalid, used or expired. */
export async function validateToken(payload: ValidateTokenPayload): Promise<TokenValidation> {
  return api.post('auth/validate-token', { json: payload }).json<TokenValidation>();
}

export interface ResetPasswordPayload {
  token: string;
  email: string;
  password: string;
  password_confirmation: string;
}

/** POST /auth/password/reset: sets the password and signs the user in. */
export async function resetPassword(payload: ResetPasswordPayload): Promise<MessageWithUser> {
  return api.post('auth/password/reset', { json: payload }).json<MessageWithUser>();
}

export interface CompleteAccountPayload {
  token: string;
  first_name: string;
  last_name: string;
  password: string;
  password_confirmation: string;
  phone?: string;
}

/** POST /auth/complete-account: finishes an invited account and signs the user in. */
export async function completeAccount(payload: CompleteAccountPayload): Promise<User> {
  const body = await api
    .post('auth/complete-account', { json: payload })
    .json<DataEnvelope<User>>();
  return body.data;
}
