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
  import('./features/browse/components/browse-page').then((module) => ({
    default: module.BrowsePage,
  })),
);
const ProfilePage = lazy(() =>
  import('./features/profile-page/components/profile-page').then((module) => ({
    default: module.ProfilePage,
  })),
);
const WishlistPage = lazy(() =>
  import('./features/wishlist/components/wishlist-page').then((module) => ({
    default: module.WishlistPage,
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
  {
    path: '/wishlist',
    element: (
      <Page>
        <WishlistPage />
      </Page>
    ),
    handle: signedIn,
  },
  {
    path: '/guests/:guestId',
    element: (
      <Page>
        <ProfilePage type="guests" />
      </Page>
    ),
    handle: everyone,
  },
  {
    path: '/shows/:showId',
    element: (
      <Page>
        <ProfilePage type="shows" />
      </Page>
    ),
    handle: everyone,
  },
  // The single-segment catch-all: a guest by slug or id; anything else is the not-found page.
  {
    path: '/:guestId',
    element: (
      <Page>
        <ProfilePage type="guests" />
      </Page>
    ),
    handle: everyone,
  },
];
