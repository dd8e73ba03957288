import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { csrfMismatch } from '../../http/errors';

// Double-submit cookie, as Sanctum's SPA flow: the browser reads XSRF-TOKEN (not httpOnly) and
// echoes it in X-XSRF-TOKEN. The cookie is signed, so a value planted by a sibling subdomain
// without the secret is refused too.

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sign(nonce: string, secret: string): string {
  return createHmac('sha256', secret).update(`xsrf:${nonce}`).digest('base64url');
}

export function issueCsrfToken(secret: string): string {
  const nonce = randomBytes(32).toString('base64url');
  return `${nonce}.${sign(nonce, secret)}`;
}

export function isValidCsrfToken(token: string, secret: string): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  const expected = Buffer.from(sign(nonce, secret));
  const actual = Buffer.from(signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export function setCsrfCookie(reply: FastifyReply): void {
  const { config } = reply.server;
  reply.setCookie(XSRF_COOKIE, issueCsrfToken(config.sessionSecret), {
    path: '/',
    sameSite: 'lax',
    httpOnly: false,
    secure: config.cookieSecure,
  });
}

function checkCsrf(request: FastifyRequest): void {
  if (!UNSAFE.has(request.method)) return;
  if (request.routeOptions.config.csrf === false) return;
  const header = request.headers[XSRF_HEADER];
  const cookie = request.cookies[XSRF_COOKIE];
  if (typeof header !== 'string' || !cookie) throw csrfMismatch();
  // @fastify/cookie already URL-decodes cookie values; the header carries the decoded value too,
  // but tolerate a client that sends it still encoded.
  const headerValue = header === cookie ? header : safeDecode(header);
  if (headerValue !== cookie || !isValidCsrfToken(cookie, request.server.config.sessionSecret)) {
    throw csrfMismatch();
  }
}

/** Registers GET .../sanctum/csrf-cookie (both paths) and the check on unsafe methods. */
export function registerCsrf(app: FastifyInstance, apiPrefix: string): void {
  const handler = async (_request: FastifyRequest, reply: FastifyReply) => {
    setCsrfCookie(reply);
    reply.header('cache-control', 'no-store');
    return reply.code(204).send();
  };
  app.get('/sanctum/csrf-cookie', handler);
  app.get(`${apiPrefix}/sanctum/csrf-cookie`, handler);

  // Keyed on the matched route, not the raw URL, so no spelling of a path slips past the check.
  // Unmatched requests fall through to the 404 handler.
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route !== undefined && route.startsWith(`${apiPrefix}/`)) checkCsrf(request);
  });
}
