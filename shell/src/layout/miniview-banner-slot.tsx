import { Suspense, use, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { useSessionStore } from '@guestspot/shared-api';
import { loadRemoteModule } from '../federation/load-remote';
import { RemoteBoundary } from '../federation/remote-boundary';
import { isLoggedInArea } from './sub-nav';

/**
 * Not on the MINIVIEW pages (booking-management §2, Logged-in shell): they have their own Create
 * button.
 */
const MINIVIEW_PAGES = /^\/user-miniviews(\/|$)/;

/** The signed-in area's pages show the MINIVIEW banner, except the MINIVIEW pages themselves. */
export function showsMiniviewBanner(pathname: string): boolean {
  return isLoggedInArea(pathname) && !MINIVIEW_PAGES.test(pathname);
}

/**
 * The layout's MINIVIEW banner slot: mfe-miniview's './banner', loaded only for a signed-in
 * user on a page that shows it. While it loads, and if it cannot be loaded, the slot is empty:
 * an advertisement never breaks the page under it.
 */
export function MiniviewBannerSlot() {
  const authenticated = useSessionStore((state) => state.authenticated);
  const { pathname } = useLocation();
  if (!authenticated || !showsMiniviewBanner(pathname)) return null;
  return (
    <div className="gs-banner-slot">
      <RemoteBoundary remote="mfe_miniview" variant="slot">
        <Suspense fallback={null}>
          <RemoteMiniviewBanner />
        </Suspense>
      </RemoteBoundary>
    </div>
  );
}

function RemoteMiniviewBanner() {
  const { MiniviewBanner } = use(
    loadRemoteModule<{ MiniviewBanner: ComponentType }>('mfe_miniview', 'banner'),
  );
  return <MiniviewBanner />;
}
