import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { onApiEvent, onSessionExpired, queryClient, routePaths } from '@guestspot/shared-api';
import { AccessGuard } from '@guestspot/shared-ui';
import { DashboardPage } from './dashboard/dashboard-page';
import { Layout } from './layout/layout';
import { ForbiddenPage } from './pages/forbidden';
import { NotFoundPage } from './pages/not-found';
import { RootError } from './pages/root-error';

import { watchNavigations } from './routing/navigation-progress';
import { RemoteOutlet } from './routing/remote-outlet';

/**
 * The shell renders its own pages; every other path goes to RemoteOutlet, which loads the one
 * remote that owns it (the route lists the remotes publish, routing/route-lists.ts) and renders
 * that remote's route objects.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RootError />,
    children: [
      {
        path: '/dashboard',
        element: (
          <AccessGuard access="auth">
            <DashboardPage />
          </AccessGuard>
        ),
      },
      { path: routePaths.notFound, element: <NotFoundPage /> },
      { path: routePaths.forbidden, element: <ForbiddenPage /> },
      { path: '*', element: <RemoteOutlet /> },
    ],
  },
]);

watchNavigations(router);
onSessionExpired(() => void router.navigate(routePaths.home));
onApiEvent('forbidden', () => void router.navigate(routePaths.forbidden));

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
