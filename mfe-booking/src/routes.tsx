import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { lazyPage } from '@guestspot/shared-ui';

// Every page is its own chunk: the shell loads this module to route, not to render.
const BookingsPage = lazyPage(
  () => import('./features/bookings/components/bookings-page'),
  'BookingsPage',
);

const signedIn: RouteHandle = { access: 'auth' };

/** mfe-booking's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/bookings', element: <BookingsPage />, handle: signedIn },
];
