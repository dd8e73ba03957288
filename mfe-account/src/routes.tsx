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
import { CompleteAccountPage } from './features/complete-account/components/complete-account-page';
import { CheckEmailPage } from './features/email-verification/components/check-email-page';
import { VerifyEmailPage } from './features/email-verification/components/verify-email-page';
import { VerifyEmailThanksPage } from './features/email-verification/components/verify-email-thanks-page';
import { ForgotPasswordPage } from './features/password-reset/components/forgot-password-page';
import { ResetPasswordPage } from './features/password-reset/components/reset-password-page';
import { ImpersonatePage } from './features/impersonation/components/impersonate-page';
import { OAuthReturnPage } from './features/oauth-return/components/oauth-return-page';
import { SocialLoginLandingPage } from './features/social-login/components/social-login-landing-page';
import { TeamInvitationPage } from './features/team-invitations/components/team-invitation-page';
import { OAUTH_LINK_PROVIDERS } from '@guestspot/shared-api';
import { SettingsPage } from './app/settings-page';
import { AdminSettingsPage } from './features/profile-settings/components/admin-settings-page';

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
  // Guest-only, decided by the page itself (a just-registered user resumes the wizard).
  { path: '/register', element: <RegisterPage /> },
  { path: '/register-pro', element: <RegisterPage pro /> },
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
  { path: '/reset-password', element: <ForgotPasswordPage />, handle: guestOnly },
  { path: '/reset-password/:token', element: <ResetPasswordPage />, handle: guestOnly },
  { path: '/complete-account/:token', element: <CompleteAccountPage />, handle: guestOnly },
  // Public: the emailed link may be opened signed out, or on another device.
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/verify-email/thanks', element: <VerifyEmailThanksPage /> },
  { path: '/check-email', element: <CheckEmailPage />, handle: signedIn },
  // Public: the popup lands here signed out (login) or signed in (confirm).
  { path: '/login/:provider', element: <SocialLoginLandingPage /> },
  // Needs a session: a visitor signs in first and comes back (decision 014).
  { path: '/impersonate', element: <ImpersonatePage />, handle: signedIn },
  ...OAUTH_LINK_PROVIDERS.map((provider) => ({
    path: `/${provider}/authorization`,
    element: <OAuthReturnPage provider={provider} />,
    handle: signedIn,
  })),
  { path: '/team-invitations/:invitationId', element: <TeamInvitationPage /> },
  // The page scrolls to a #section itself once rendered (components/settings/use-scroll-to-hash).
  { path: '/settings', element: <SettingsPage />, handle: signedIn },
  // Site admins only; others are sent to /403-forbidden by the page (it knows the session).
  { path: '/admin-settings', element: <AdminSettingsPage />, handle: signedIn },
];
