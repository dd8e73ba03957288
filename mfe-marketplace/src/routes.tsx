import type { RouteObject } from 'react-router-dom';
import { HomePage } from './features/home/components/home-page';
import { ProfilePage } from './features/profile-page/components/profile-page';

/** mfe-marketplace's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/', element: <HomePage /> },
  {
    path: '/guests/:guestId',
    element: <ProfilePage type="guests" />,
    handle: { access: 'public' },
  },
  { path: '/shows/:showId', element: <ProfilePage type="shows" />, handle: { access: 'public' } },
  // The single-segment catch-all: a guest by slug or id; anything else is the not-found page.
  { path: '/:guestId', element: <ProfilePage type="guests" />, handle: { access: 'public' } },
];
