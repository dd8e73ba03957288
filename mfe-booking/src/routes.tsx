import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { BookingsPage } from './features/bookings/components/bookings-page';

const signedIn: RouteHandle = { access: 'auth' };

/** mfe-booking's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/bookings', element: <BookingsPage />, handle: signedIn },
];
