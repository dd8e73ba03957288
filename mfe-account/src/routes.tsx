import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { LoginPage } from './features/auth/components/login-page';
import { LogoutPage } from './features/auth/components/logout-page';
import {
  RegisterAvailabilityPage,
  RegisterGuestDetailsPage,
  RegisterGuestLinksPage,
  RegisterPage,
  RegisterProfileTypePage,
  RegisterShowDetailsPage,
  RegisterSubscriptionPage,
} from './features/registration/components/registration-pages';
import { TermsPage } from './features/terms/components/terms-page';

const guestOnly: RouteHandle = { access: 'guest-only' };
const signedIn: RouteHandle = { access: 'auth' };

/** mfe-account's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, handle: guestOnly },
  // Open to everyone: the session ends while this page runs, and the guard must not then send
  // the user to /login with /logout remembered as the way back.
  { path: '/logout', element: <LogoutPage /> },
  { path: '/terms-and-conditions', element: <TermsPage /> },
  // The registration wizard: step 1 for visitors, the rest once the account exists.
  { path: '/register', element: <RegisterPage />, handle: guestOnly },
  { path: '/register-pro', element: <RegisterPage pro />, handle: guestOnly },
  { path: '/register/subscription', element: <RegisterSubscriptionPage />, handle: signedIn },
  { path: '/register/profile-type', element: <RegisterProfileTypePage />, handle: signedIn },
  {
    path: '/register/profile-setup/guest',
    element: <RegisterGuestDetailsPage />,
    handle: signedIn,
  },
  {
    path: '/register/profile-setup/show',
    element: <RegisterShowDetailsPage />,
    handle: signedIn,
  },
  { path: '/register/guest-social-links', element: <RegisterGuestLinksPage />, handle: signedIn },
  { path: '/register/availability', element: <RegisterAvailabilityPage />, handle: signedIn },
];
