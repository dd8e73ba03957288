import ky, { isHTTPError, type KyInstance } from 'ky';
import { ApiError, apiErrorFromBody } from './errors';

export const API_PREFIX = '/api/v1';
const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'X-XSRF-TOKEN';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type ApiEvent = 'unauthorized' | 'forbidden';

const HANDLES_FORBIDDEN = 'handlesForbidden';
/**
 * ky `context` for a call whose 403 is an expected answer the page shows itself (e.g. "You cannot
 * impersonate this user."): the site-wide "403 → /403-forbidden" is skipped for it.
 */
export const handlesForbidden = { context: { [HANDLES_FORBIDDEN]: true } } as const;
const listeners: Record<ApiEvent, Set<() => void>> = {
  unauthorized: new Set(),
  forbidden: new Set(),
};

/**
 * The shell (and a remote running standalone) reacts to session-wide answers here: a 401 clears
 * the session and goes Home, a 403 goes to Forbidden. Returns an unsubscribe function.
 */
export function onApiEvent(event: ApiEvent, listener: () => void): () => void {
  listeners[event].add(listener);
  return () => listeners[event].delete(listener);
}

function emit(event: ApiEvent) {
  for (const listener of listeners[event]) listener();
}

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

/**
 * Relative to the page in a browser; in a server render (decision 077) the site's server names
 * the API's origin in GUESTSPOT_API_ORIGIN before it loads the render.
 */
const baseUrl =
  typeof window !== 'undefined'
    ? window.location.origin
    : (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env
        .GUESTSPOT_API_ORIGIN;
const bare = ky.create({ prefix: API_PREFIX, baseUrl, credentials: 'include', retry: 0 });

let csrfBootstrap: Promise<void> | null = null;

/** GET /sanctum/csrf-cookie: the server sets the XSRF-TOKEN cookie that unsafe calls echo back. */
export function refreshCsrfCookie(): Promise<void> {
  csrfBootstrap ??= bare
    .get('sanctum/csrf-cookie')
    .then(() => undefined)
    .finally(() => {
      csrfBootstrap = null;
    });
  return csrfBootstrap;
}

/**
 * The token an unsafe call echoes in X-XSRF-TOKEN: the XSRF-TOKEN cookie, fetched first when the
 * browser has none yet. Also for the calls ky does not make (the resumable upload's requests).
 */
export async function csrfToken(): Promise<string | null> {
  if (!readCookie(CSRF_COOKIE)) await refreshCsrfCookie();
  return readCookie(CSRF_COOKIE);
}

async function withCsrfHeader(request: Request): Promise<void> {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const token = await csrfToken();
  if (token) request.headers.set(CSRF_HEADER, token);
}

/** The one HTTP client of the site: /api/v1, cookies sent, CSRF header, typed errors. */
export const api: KyInstance = bare.extend({
  retry: { limit: 1, methods: ['get'], statusCodes: [502, 503, 504] },
  hooks: {
    beforeRequest: [({ request }) => withCsrfHeader(request)],
    afterResponse: [
      async ({ request, options, response, retryCount }) => {
        // An expired CSRF token: fetch a fresh one and replay the call once.
        if (response.status === 419 && retryCount === 0) {
          await refreshCsrfCookie();
          const headers = new Headers(request.headers);
          headers.set(CSRF_HEADER, readCookie(CSRF_COOKIE) ?? '');
          return ky.retry({ request: new Request(request, { headers }) });
        }
        if (response.status === 401) emit('unauthorized');
        if (response.status === 403 && options.context[HANDLES_FORBIDDEN] !== true) {
          emit('forbidden');
        }
        return undefined;
      },
    ],
    beforeError: [
      ({ error }) => {
        if (error instanceof ApiError) return error;
        if (isHTTPError(error)) return apiErrorFromBody(error.response.status, error.data);
        return apiErrorFromBody(0, null);
      },
    ],
  },
});
