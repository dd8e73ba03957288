import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { LoginPage } from './features/auth/components/login-page';
import { LogoutPage } from './features/auth/components/logout-page';
import { TermsPage } from './features/terms/components/terms-page';
import { ImpersonatePage } from './features/impersonation/components/impersonate-page';
import { OAuthReturnPage } from './features/oauth-return/components/oauth-return-page';
import { SocialLoginLandingPage } from './features/social-login/components/social-login-landing-page';
import { TeamInvitationPage } from './features/team-invitations/components/team-invitation-page';
import { OAUTH_LINK_PROVIDERS } from '@guestspot/shared-api';

const guestOnly: RouteHandle = { access: 'guest-only' };
const signedIn: RouteHandle = { access: 'auth' };

/** mfe-account's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage />, handle: guestOnly },
  // Open to everyone: the session ends while this page runs, and the guard must not then send
  // the user to /login with /logout remembered as the way back.
  { path: '/logout', element: <LogoutPage /> },
  { path: '/terms-and-conditions', element: <TermsPage /> },
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
];
