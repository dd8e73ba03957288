import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@guestspot/shared-api';
import { MiniviewsPage } from './features/miniview-list/components/miniviews-page';

const signedIn: RouteHandle = { access: 'auth' };

/** mfe-miniview's routes, absolute paths, as the shell composes them. */
export const routes: RouteObject[] = [
  { path: '/user-miniviews', element: <MiniviewsPage />, handle: signedIn },
];
