import type { RouteObject } from 'react-router-dom';
import { type RouteHandle } from '@guestspot/shared-api';
import { OAUTH_LINK_PROVIDERS } from '@guestspot/shared-api/oauth';
import { lazyPage } from '@guestspot/shared-ui';

// Every page is its own chunk, so that this module (what the shell loads to route) stays small
// and a page downloads only its own code (/login does not download the settings page).
const LoginPage = lazyPage(() => import('./features/auth/components/login-page'), 'LoginPage');
const LogoutPage = lazyPage(() => import('./features/auth/components/logout-page'), 'LogoutPage');
const TermsPage = lazyPage(() => import('./features/terms/components/terms-page'), 'TermsPage');
// Step 1 of the wizard, for visitors, apart from the signed-in steps and their heavier forms.
const RegisterPage = lazyPage(
  () => import('./features/registration/components/register-page'),
  'RegisterPage',
);
const RegisterSubscriptionPage = lazyPage(
  () => import('./features/registration/components/registration-pages'),
  'RegisterSubscriptionPage',
);
const RegisterProfileTypePage = lazyPage(
  () => import('./features/registration/components/registration-pages'),
  'RegisterProfileTypePage',
);
const RegisterGuestDetailsPage = lazyPage(
  () => import('./features/registration/components/registration-pages'),
  'RegisterGuestDetailsPage',
);
const RegisterShowDetailsPage = lazyPage(
  () => import('./features/registration/components/registration-pages'),
  'RegisterShowDetailsPage',
);
const RegisterGuestLinksPage = lazyPage(
  () => import('./features/registration/components/registration-pages'),
  'RegisterGuestLinksPage',
);
const RegisterAvailabilityPage = lazyPage(
  () => import('./features/registration/components/registration-pages'),
  'RegisterAvailabilityPage',
);
const CompleteAccountPage = lazyPage(
  () => import('./features/complete-account/components/complete-account-page'),
  'CompleteAccountPage',
);
const CheckEmailPage = lazyPage(
  () => import('./features/email-verification/components/check-email-page'),
  'CheckEmailPage',
);
const VerifyEmailPage = lazyPage(
  () => import('./features/email-verification/components/verify-email-page'),
  'VerifyEmailPage',
);
const VerifyEmailThanksPage = lazyPage(
  () => import('./features/email-verification/components/verify-email-thanks-page'),
  'VerifyEmailThanksPage',
);
const ForgotPasswordPage = lazyPage(
  () => import('./features/password-reset/components/forgot-password-page'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyPage(
  () => import('./features/password-reset/components/reset-password-page'),
  'ResetPasswordPage',
);
const ImpersonatePage = lazyPage(
  () => import('./features/impersonation/components/impersonate-page'),
  'ImpersonatePage',
);
const OAuthReturnPage = lazyPage(
  () => import('./features/oauth-return/components/oauth-return-page'),
  'OAuthReturnPage',
);
const SocialLoginLandingPage = lazyPage(
  () => import('./features/social-login/components/social-login-landing-page'),
  'SocialLoginLandingPage',
);
const TeamInvitationPage = lazyPage(
  () => import('./features/team-invitations/components/team-invitation-page'),
  'TeamInvitationPage',
);
const SettingsPage = lazyPage(() => import('./app/settings-page'), 'SettingsPage');
const AdminSettingsPage = lazyPage(
  () => import('./features/profile-settings/components/admin-settings-page'),
  'AdminSettingsPage',
);
// /details: the guest and show profile editors (issue 16), each page its own chunk.
const DetailsIndexPage = lazyPage(
  () => import('./app/profile-details/details-index-page'),
  'DetailsIndexPage',
);
const GuestProfilePage = lazyPage(
  () => import('./app/profile-details/guest-profile-page'),
  'GuestProfilePage',
);
const ShowListPage = lazyPage(() => import('./app/profile-details/show-list-page'), 'ShowListPage');
const ShowProfilePage = lazyPage(
  () => import('./app/profile-details/show-profile-page'),
  'ShowProfilePage',
);
const GuestCreatePage = lazyPage(
  () => import('./app/profile-details/guest-create-page'),
  'GuestCreatePage',
);
const ShowCreatePage = lazyPage(
  () => import('./app/profile-details/show-create-page'),
  'ShowCreatePage',
);

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
  // /details leads to /details/show or /details/guest by the user's type (the page decides: it
  // knows the session); another user's show is refused by its page.
  { path: '/details', element: <DetailsIndexPage />, handle: signedIn },
  { path: '/details/guest', element: <GuestProfilePage />, handle: signedIn },
  { path: '/details/guest/create', element: <GuestCreatePage />, handle: signedIn },
  { path: '/details/show', element: <ShowListPage />, handle: signedIn },
  { path: '/details/show/create', element: <ShowCreatePage />, handle: signedIn },
  { path: '/details/show/:showId', element: <ShowProfilePage />, handle: signedIn },
];
