import { use, useSyncExternalStore } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes } from 'react-router-dom';
import type { RemoteRoutesModule, RouteHandle } from '@guestspot/shared-api';
import { routePaths } from '@guestspot/shared-api';
import { loadRemoteModule, RemoteUnavailableError } from '../federation/load-remote';
import { RemoteBoundary } from '../federation/remote-boundary';
import type { RemoteName } from '../federation/remotes';
import { AccessGuard } from '@guestspot/shared-ui';
import { routeTable, subscribeRouteTable } from './route-lists';
import { useKeepScroll } from './scroll-to-top';

/**
 * Every path the shell does not render itself: find the remote that owns it (from the route
 * lists the remotes publish, route-lists.ts), load that remote's route objects (only that
 * remote's) and render them, guarded, inside the remote's boundary. What loads waits in the
 * Layout's PageBoundary: a navigation keeps the page it leaves until this one is ready.
 */
export function RemoteOutlet() {
  const { pathname } = useLocation();
  const table = use(useSyncExternalStore(subscribeRouteTable, routeTable));
  const owner = table.ownerOf(pathname);
  if (!owner || owner === 'shell') return <Navigate to={routePaths.notFound} replace />;
  return (
    <RemoteBoundary remote={owner} key={owner}>
      <RemoteRoutes remote={owner} published={table.published(owner)} />
    </RemoteBoundary>
  );
}

function RemoteRoutes({ remote, published }: { remote: RemoteName; published: boolean }) {
  // It did not answer for its routes.json: its page would wait out the same deadline again.
  if (!published) throw new RemoteUnavailableError(remote);
  const { routes } = use(loadRemoteModule<RemoteRoutesModule>(remote, 'routes'));
  const location = useLocation();
  const element = useRoutes(routes);
  const matches = matchRoutes(routes, location);
  const handles = (matches ?? []).map((match) => match.route.handle as RouteHandle | undefined);
  useKeepScroll(handles.some((handle) => handle?.scroll === 'keep'));
  if (!matches) return <Navigate to={routePaths.notFound} replace />;
  const access = handles.reverse().find((handle) => handle?.access)?.access ?? 'public';
  return <AccessGuard access={access}>{element}</AccessGuard>;
}
