import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { LoginPage } from './features/auth/components/login-page';
import { LogoutPage } from './features/auth/components/logout-page';

const guestOnly: RouteHandle = { access: 'guest-only' };
const signedIn: RouteHandle = { access: 'auth' };

/** mfe-account's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, handle: guestOnly },
  { path: '/logout', element: <LogoutPage />, handle: signedIn },
];
