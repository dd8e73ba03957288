import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { lazyPage } from '@guestspot/shared-ui';
import { prefetchProfile } from './components/profile-query';
import { HomePage } from './features/home/components/home-page';

const signedIn: RouteHandle = { access: 'auth' };
const everyone: RouteHandle = { access: 'public' };
const guestProfile: RouteHandle = {
  ...everyone,
  prefetch: ({ guestId }) => prefetchProfile('guests', guestId),
};
const showProfile: RouteHandle = {
  ...everyone,
  prefetch: ({ showId }) => prefetchProfile('shows', showId),
};

// The home page is the landing page and stays in this module; every other page is its own
// chunk, so that the home page downloads none of their code (decision 041).
const BrowsePage = lazyPage(() => import('./features/browse/components/browse-page'), 'BrowsePage');
const ProfilePage = lazyPage(
  () => import('./features/profile-page/components/profile-page'),
  'ProfilePage',
);
const WishlistPage = lazyPage(
  () => import('./features/wishlist/components/wishlist-page'),
  'WishlistPage',
);
const GuestAvailabilityPage = lazyPage(
  () => import('./features/guest-availability/components/guest-availability-page'),
  'GuestAvailabilityPage',
);
const TalentPage = lazyPage(() => import('./features/talent/components/talent-page'), 'TalentPage');
const ContentPage = lazyPage(
  () => import('./features/content-pages/components/content-page'),
  'ContentPage',
);
const ContentPageBySlug = lazyPage(
  () => import('./features/content-pages/components/content-page'),
  'ContentPageBySlug',
);

/** Static pages whose content comes from GET /pages/{slug} (the slug is the path). */
const CONTENT_PATHS = ['about', 'contact', 'privacy-policy', 'cookie-policy', 'thanks', 'faq'];

/** mfe-marketplace's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage />, handle: everyone },
  { path: '/browse', element: <BrowsePage />, handle: everyone },
  ...CONTENT_PATHS.map((slug) => ({ path: `/${slug}`, element: <ContentPage slug={slug} /> })),
  { path: '/pages/:pageSlug', element: <ContentPageBySlug /> },
  { path: '/talent', element: <TalentPage /> },
  { path: '/guest-availability/:guestId', element: <GuestAvailabilityPage />, handle: everyone },
  { path: '/wishlist', element: <WishlistPage />, handle: signedIn },
  { path: '/guests/:guestId', element: <ProfilePage type="guests" />, handle: guestProfile },
  { path: '/shows/:showId', element: <ProfilePage type="shows" />, handle: showProfile },
  // The single-segment catch-all: a guest by slug or id; anything else is the not-found page.
  { path: '/:guestId', element: <ProfilePage type="guests" />, handle: guestProfile },
];
