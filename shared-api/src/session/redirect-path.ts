const REDIRECT_KEY = 'guestspot.redirect';

/**
 * Only same-origin paths are followed after login: '/bookings?page=2' yes; 'https://evil.test',
 * '//evil.test' or '/\evil.test' (which browsers read as another host) no.
 */
export function safeRedirectPath(path: string | null | undefined): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return null;
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  if ([...path].some((char) => char.charCodeAt(0) < 0x20)) return null;
  return path;
}

export function rememberRedirect(path: string): void {
  const safe = safeRedirectPath(path);
  if (safe) window.sessionStorage.setItem(REDIRECT_KEY, safe);
}

/** The stored path (once: reading it forgets it), or null. */
export function takeRedirect(): string | null {
  const path = window.sessionStorage.getItem(REDIRECT_KEY);
  window.sessionStorage.removeItem(REDIRECT_KEY);
  return safeRedirectPath(path);
}
