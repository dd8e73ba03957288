import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { HomePage } from './features/home/components/home-page';
import { WishlistPage } from './features/wishlist/components/wishlist-page';

const signedIn: RouteHandle = { access: 'auth' };

/** mfe-marketplace's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  { path: '/wishlist', element: <WishlistPage />, handle: signedIn },
];
