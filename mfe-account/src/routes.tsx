import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { LoginPage } from './features/auth/components/login-page';
import { LogoutPage } from './features/auth/components/logout-page';
import { TermsPage } from './features/terms/components/terms-page';

const guestOnly: RouteHandle = { access: 'guest-only' };

/** mfe-account's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, handle: guestOnly },
  // Open to everyone: the session ends while this page runs, and the guard must not then send
  // the user to /login with /logout remembered as the way back.
  { path: '/logout', element: <LogoutPage /> },
  { path: '/terms-and-conditions', element: <TermsPage /> },
];
