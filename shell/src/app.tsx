import { Component, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  Route,
  Routes,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
} from 'react-router-dom';
import { onApiEvent, onSessionExpired, queryClient, routePaths } from '@guestspot/shared-api';
import { AccessGuard } from '@guestspot/shared-ui';
import { DashboardPage } from './dashboard/dashboard-page';
import { Layout } from './layout/layout';
import { followSessionWithLiveEvents } from './layout/live-session';
import { ForbiddenPage } from './pages/forbidden';
import { NotFoundPage } from './pages/not-found';
import { RootError } from './pages/root-error';

import { watchNavigations } from './routing/navigation-progress';
import { RemoteOutlet } from './routing/remote-outlet';

/**
 * The site's history (decision 094): React Router's declarative router over it, not a data
 * router, whose loaders, actions and fetchers no page uses and which doubled the router's code
 * on every page. Code outside React navigates through it.
 */
const history = watchNavigations(createBrowserHistory({ v5Compat: true }));

onSessionExpired(() => history.push(routePaths.home));
onApiEvent('forbidden', () => history.push(routePaths.forbidden));
// The live stream (issue 31) is open while a user is signed in.
followSessionWithLiveEvents();

/** Last resort when the shell itself fails to render a page (what the layout route's errorElement was). */
class RootErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RootError /> : this.props.children;
  }
}

/**
 * The shell renders its own pages; every other path goes to RemoteOutlet, which loads the one
 * remote that owns it (the route lists the remotes publish, routing/route-lists.ts) and renders
 * that remote's route objects.
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <HistoryRouter history={history}>
        <RootErrorBoundary>
          <Routes>
            <Route element={<Layout />}>
              <Route
                path="/dashboard"
                element={
                  <AccessGuard access="auth">
                    <DashboardPage />
                  </AccessGuard>
                }
              />
              <Route path={routePaths.notFound} element={<NotFoundPage />} />
              <Route path={routePaths.forbidden} element={<ForbiddenPage />} />
              <Route path="*" element={<RemoteOutlet />} />
            </Route>
          </Routes>
        </RootErrorBoundary>
      </HistoryRouter>
    </QueryClientProvider>
  );
}
