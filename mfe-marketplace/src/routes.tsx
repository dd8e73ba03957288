import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { PageLoading } from '@guestspot/shared-ui';
import { HomePage } from './features/home/components/home-page';

const signedIn: RouteHandle = { access: 'auth' };
const everyone: RouteHandle = { access: 'public' };

// The home page is the landing page and stays in this module; every other page is its own
// chunk, so that the home page downloads none of their code (decision 041).
const BrowsePage = lazy(() =>
  import('./features/browse/components/browse-page').then((m) => ({ default: m.BrowsePage })),
);
const ProfilePage = lazy(() =>
  import('./features/profile-page/components/profile-page').then((m) => ({
    default: m.ProfilePage,
  })),
);
const WishlistPage = lazy(() =>
  import('./features/wishlist/components/wishlist-page').then((m) => ({
    default: m.WishlistPage,
  })),
);
const GuestAvailabilityPage = lazy(() =>
  import('./features/guest-availability/components/guest-availability-page').then((m) => ({
    default: m.GuestAvailabilityPage,
  })),
);
const TalentPage = lazy(() =>
  import('./features/talent/components/talent-page').then((m) => ({ default: m.TalentPage })),
);
const ContentPage = lazy(() =>
  import('./features/content-pages/components/content-page').then((m) => ({
    default: m.ContentPage,
  })),
);
const ContentPageBySlug = lazy(() =>
  import('./features/content-pages/components/content-page').then((m) => ({
    default: m.ContentPageBySlug,
  })),
);

/** A lazily loaded page, with the shared page spinner while its chunk arrives. */
function page(element: ReactNode): ReactNode {
  return <Suspense fallback={<PageLoading />}>{element}</Suspense>;
}

/** Static pages whose content comes from GET /pages/{slug} (the slug is the path). */
const CONTENT_PATHS = ['about', 'contact', 'privacy-policy', 'cookie-policy', 'thanks', 'faq'];

/** mfe-marketplace's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage />, handle: everyone },
  { path: '/browse', element: page(<BrowsePage />), handle: everyone },
  ...CONTENT_PATHS.map((slug) => ({
    path: `/${slug}`,
    element: page(<ContentPage slug={slug} />),
  })),
  { path: '/pages/:pageSlug', element: page(<ContentPageBySlug />) },
  { path: '/talent', element: page(<TalentPage />) },
  {
    path: '/guest-availability/:guestId',
    element: page(<GuestAvailabilityPage />),
    handle: everyone,
  },
  { path: '/wishlist', element: page(<WishlistPage />), handle: signedIn },
  { path: '/guests/:guestId', element: page(<ProfilePage type="guests" />), handle: everyone },
  { path: '/shows/:showId', element: page(<ProfilePage type="shows" />), handle: everyone },
  // The single-segment catch-all: a guest by slug or id; anything else is the not-found page.
  { path: '/:guestId', element: page(<ProfilePage type="guests" />), handle: everyone },
];
