import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import {
  decideAccess,
  rememberRedirect,
  useSessionStore,
  type RouteAccess,
} from '@guestspot/shared-api';
import { PageLoading } from './page-loading';

/**
 * The spec's navigation guard (login required, guest-only, pending email → /check-email) as a
 * component. The shell puts it around every route; a remote running alone does the same.
 */
export function AccessGuard({
  access,
  children,
  signIn,
}: {
  access: RouteAccess;
  children: ReactNode;
  /** Rendered instead of going to /login (a remote running alone has no /login route). */
  signIn?: ReactNode;
}) {
  const location = useLocation();
  const authenticated = useSessionStore((state) => state.authenticated);
  const user = useSessionStore((state) => state.user);
  const loading = useSessionStore((state) => state.loading);

  // Signed in by the stored flag but the user has not arrived yet: wait before deciding.
  if (loading && !user) {
    return <PageLoading label="Loading your account" />;
  }
  const decision = decideAccess({ access, location, authenticated, user });
  if (decision.rememberPath) rememberRedirect(decision.rememberPath);
  if (decision.redirectTo === '/login' && signIn) return <>{signIn}</>;
  if (decision.redirectTo) return <Navigate to={decision.redirectTo} replace />;
  return <>{children}</>;
}
