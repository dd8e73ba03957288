import type { User } from '../types';

/** Who may open a route: everybody, only a signed-in user, or only a visitor. */
export type RouteAccess = 'public' | 'auth' | 'guest-only';

export interface AccessDecision {
  /** Where to send the user instead, or null to render the route. */
  redirectTo: string | null;
  /** The path to come back to after signing in. */
  rememberPath?: string;
}

const PENDING_ALLOWED = [
  /^\/check-email\/?$/,
  /^\/verify-email\/?$/,
  // any /register path: the wizard, and /register-pro, where the new account exists for a moment
  // before the move to step 2
  /^\/register(-pro)?(\/|$)/,
  /^\/logout\/?$/,
];

/**
 * Pages anyone may use as a visitor could, whatever state their account is in (decision 088):
 * answering a MINIVIEW. Neither /check-email nor the terms modal keeps a person from it; the
 * server opens its calls to unfinished accounts too (decision 066).
 */
const OPEN_TO_UNFINISHED_ACCOUNTS = [/^\/miniviews\/[^/]+(\/(questions|success))?\/?$/];

export function isOpenToUnfinishedAccounts(pathname: string): boolean {
  return OPEN_TO_UNFINISHED_ACCOUNTS.some((pattern) => pattern.test(pathname));
}

export const routePaths = {
  home: '/',
  login: '/login',
  checkEmail: '/check-email',
  forbidden: '/403-forbidden',
  notFound: '/404-not-found',
} as const;

/** The navigation guard of the spec, as a pure decision the shell and standalone remotes apply. */
export function decideAccess(input: {
  access: RouteAccess;
  location: { pathname: string; search?: string; hash?: string };
  authenticated: boolean;
  user: User | null;
}): AccessDecision {
  const { access, location, authenticated, user } = input;
  const fullPath = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  if (access === 'auth' && !authenticated) {
    return { redirectTo: routePaths.login, rememberPath: fullPath };
  }
  if (access === 'guest-only' && authenticated) {
    return { redirectTo: routePaths.home };
  }
  if (
    authenticated &&
    user?.status === 'pending' &&
    !PENDING_ALLOWED.some((pattern) => pattern.test(location.pathname)) &&
    !isOpenToUnfinishedAccounts(location.pathname)
  ) {
    return { redirectTo: routePaths.checkEmail };
  }
  return { redirectTo: null };
}
