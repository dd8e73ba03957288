import { lazy, Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { PageLoading } from '@guestspot/shared-ui';
import { HomePage } from './features/home/components/home-page';
import { ProfilePage } from './features/profile-page/components/profile-page';
import { WishlistPage } from './features/wishlist/components/wishlist-page';

const signedIn: RouteHandle = { access: 'auth' };
const everyone: RouteHandle = { access: 'public' };

// The home page is the landing page and stays in this module; Browse is its own chunk, so that
// the home page downloads none of its code (decision 041).
const BrowsePage = lazy(() =>
  import('./features/browse/components/browse-page').then((module) => ({
    default: module.BrowsePage,
  })),
);

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** mfe-marketplace's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage />, handle: everyone },
  {
    path: '/browse',
    element: (
      <Page>
        <BrowsePage />
      </Page>
    ),
    handle: everyone,
  },
  { path: '/wishlist', element: <WishlistPage />, handle: signedIn },
  { path: '/guests/:guestId', element: <ProfilePage type="guests" />, handle: everyone },
  { path: '/shows/:showId', element: <ProfilePage type="shows" />, handle: everyone },
  // The single-segment catch-all: a guest by slug or id; anything else is the not-found page.
  { path: '/:guestId', element: <ProfilePage type="guests" />, handle: everyone },
];
