import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../../db/database';

// The referral cookie (decision 053): `<code>.<visitor id>`, httpOnly, SameSite=Lax, 30 days.
// The code says who referred the visitor (read by registration); the random visitor id lets
// PUT /increment-views count one view per visitor and day however often the link is reloaded.

export const REFERRAL_COOKIE = 'gs_referral';
export const REFERRAL_COOKIE_SECONDS = 30 * 24 * 60 * 60;
/** Codes are lower-case letters and digits (users.referral_code CHECK). */
export const REFERRAL_CODE = /^[a-z0-9]{4,32}$/;

export interface ReferralCookie {
  code: string;
  visitorId: string;
}

export function normaliseReferralCode(value: string | undefined | null): string | null {
  const code = value?.trim().toLowerCase();
  return code && REFERRAL_CODE.test(code) ? code : null;
}

export function readReferralCookie(request: FastifyRequest): ReferralCookie | null {
  const value = request.cookies[REFERRAL_COOKIE];
  const match = value ? /^([a-z0-9]{4,32})\.([A-Za-z0-9_-]{16,64})$/.exec(value) : null;
  return match?.[1] && match[2] ? { code: match[1], visitorId: match[2] } : null;
}

export function setReferralCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
): void {
  // A visitor who opens a second referral link keeps their visitor id; the last link wins.
  const visitorId = readReferralCookie(request)?.visitorId ?? randomBytes(16).toString('base64url');
  reply.setCookie(REFERRAL_COOKIE, `${code}.${visitorId}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.cookieSecure,
    maxAge: REFERRAL_COOKIE_SECONDS,
  });
}

export function clearReferralCookie(reply: FastifyReply): void {
  reply.clearCookie(REFERRAL_COOKIE, { path: '/' });
}

/** Who a visitor counts as: their cookie's visitor id, else their address and browser. */
export function visitorHash(request: FastifyRequest): string {
  const cookie = readReferralCookie(request);
  const key = cookie
    ? `cookie:${cookie.visitorId}`
    : `ip:${request.ip}|${request.headers['user-agent'] ?? ''}`;
  return createHash('sha256').update(key).digest('hex');
}

/** The user whose referral code this is (case-insensitive), or null. */
export async function findReferrerId(
  db: DB,
  code: string | null | undefined,
): Promise<number | null> {
  const normalised = normaliseReferralCode(code);
  if (!normalised) return null;
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('referral_code', '=', normalised)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}
