import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { HomePage } from './features/home/components/home-page';
import { ProfilePage } from './features/profile-page/components/profile-page';
import { WishlistPage } from './features/wishlist/components/wishlist-page';

const signedIn: RouteHandle = { access: 'auth' };
const everyone: RouteHandle = { access: 'public' };

/** mfe-marketplace's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/wishlist', element: <WishlistPage />, handle: signedIn },
  { path: '/guests/:guestId', element: <ProfilePage type="guests" />, handle: everyone },
  { path: '/shows/:showId', element: <ProfilePage type="shows" />, handle: everyone },
  // The single-segment catch-all: a guest by slug or id; anything else is the not-found page.
  { path: '/:guestId', element: <ProfilePage type="guests" />, handle: everyone },
];
