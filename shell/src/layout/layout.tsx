import { useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { usePageChromeStore, useSessionStore } from '@guestspot/shared-api';
import { ConfirmHost, PageBoundary, ProFeatureDialogHost, ToastHost } from '@guestspot/shared-ui';
import { Footer } from './footer';
import { Header } from './header';
import { ImpersonationBanner } from '../impersonation/impersonation-banner';
import { LoginConfirmationHost } from '../login-confirmation/login-confirmation-host';
import { ReferralLink } from '../referral/referral-link';
import { NavigationProgress } from '../routing/navigation-progress';
import { ScrollToTop } from '../routing/scroll-to-top';
import { TermsModalHost } from '../terms/terms-modal-host';
import { SubscribeDialog } from '../subscribe/subscribe-dialog';
import { LoginModalHost } from './login-modal-host';
import { MiniviewBannerSlot } from './miniview-banner-slot';
import { NotificationsStrip } from './notifications-strip';
import { Sidebar } from './sidebar';
import { isLoggedInArea, SubNav } from './sub-nav';
import './layout.css';

/** Public guest and show pages have no footer (spec 2.2). */
const PUBLIC_PROFILE = /^\/(guests|shows)\/[^/]+\/?$/;

export function Layout() {
  const { pathname } = useLocation();
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const authenticated = useSessionStore((state) => state.authenticated);
  const hideFooter = usePageChromeStore((state) => state.hideFooter);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);

  // The drawer closes on navigation (ScrollToTop handles the scroll position).
  useEffect(() => setSidebarOpen(false), [pathname]);

  return (
    <div className="gs-app">
      <NavigationProgress />
      <a className="gs-skip-link" href="#main">
        Skip to content
      </a>
      <Header sidebarOpen={sidebarOpen} onToggleSidebar={() => setSidebarOpen((open) => !open)} />
      <ImpersonationBanner />
      <Sidebar open={sidebarOpen} onClose={closeSidebar} />
      {authenticated && isLoggedInArea(pathname) ? (
        <>
          {/* The logged-in shell: the notifications strip on top, then its sub-navigation. */}
          <NotificationsStrip />
          <SubNav />
        </>
      ) : null}
      <MiniviewBannerSlot />
      <main id="main" className="gs-main" tabIndex={-1}>
        <ScrollToTop>
          <PageBoundary>
            <Outlet />
          </PageBoundary>
        </ScrollToTop>
      </main>
      {PUBLIC_PROFILE.test(pathname) || hideFooter ? null : <Footer />}
      <ToastHost />
      <ConfirmHost />
      <ProFeatureDialogHost />
      <LoginModalHost />
      <SubscribeDialog />
      <TermsModalHost />
      <LoginConfirmationHost />
      <ReferralLink />
    </div>
  );
}
