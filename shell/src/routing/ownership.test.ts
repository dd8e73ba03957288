import type { RouteObject } from 'react-router-dom';
import { routes as accountRoutes } from '@guestspot/mfe-account/src/routes';
import { routes as bookingRoutes } from '@guestspot/mfe-booking/src/routes';
import { routes as marketplaceRoutes } from '@guestspot/mfe-marketplace/src/routes';
import { routes as miniviewRoutes } from '@guestspot/mfe-miniview/src/routes';
import { createOwnership, type RouteLists } from './ownership';

/** The patterns of route objects, as the build publishes them (webpack.federation.cjs). */
function paths(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent}/${route.path}`
      : parent;
    return [path, ...paths(route.children ?? [], path)].filter((p) => p !== '');
  });
}

/** Turn a route pattern into a concrete URL: :params become values, a splat becomes a segment. */
function example(pattern: string): string {
  return pattern.replace(/:[a-zA-Z]+/g, '42').replace(/\/\*$/, '/x') || '/';
}

const published = {
  mfe_account: paths(accountRoutes),
  mfe_booking: paths(bookingRoutes),
  mfe_marketplace: paths(marketplaceRoutes),
  mfe_miniview: paths(miniviewRoutes),
} satisfies RouteLists;
const ownerOf = createOwnership(published);

// Until decision 070 the shell kept its own copy of every remote's paths, and these tests checked
// that copy against the remotes' route tables. Now the table is the remotes' published lists.
describe('route ownership from the lists the remotes publish', () => {
  it.each(Object.entries(published))(
    'sends every path %s serves to it, ranked among every app',
    (remote, list) => {
      for (const path of list) expect([path, ownerOf(example(path))]).toEqual([path, remote]);
    },
  );

  it('ranks patterns across remotes the way React Router would in one router', () => {
    expect(ownerOf('/guests/12')).toBe('mfe_marketplace');
    expect(ownerOf('/jane-doe')).toBe('mfe_marketplace');
    // A static segment of one remote beats another remote's catch-all /:guestId.
    expect(ownerOf('/login')).toBe('mfe_account');
    expect(ownerOf('/bookings')).toBe('mfe_booking');
    expect(ownerOf('/user-miniviews')).toBe('mfe_miniview');
    expect(ownerOf('/miniviews/6f1c1b1e-6a53-4b2f-9a44-0c4b8d1e2f30/questions')).toBe(
      'mfe_miniview',
    );
    expect(ownerOf('/google/authorization')).toBe('mfe_account');
    expect(ownerOf('/dashboard')).toBe('shell');

    const lists: RouteLists = {
      mfe_marketplace: ['/', '/guests/:guestId', '/:guestId'],
      mfe_booking: ['/guests/:guestId/book/*'],
    };
    const owner = createOwnership(lists);
    expect(owner('/guests/12/book/options')).toBe('mfe_booking');
    expect(owner('/guests/12/book')).toBe('mfe_booking');
    expect(owner('/guests/12')).toBe('mfe_marketplace');
    expect(owner('/')).toBe('mfe_marketplace');
  });

  it('owns nothing for a path no app publishes', () => {
    expect(ownerOf('/no/such/page')).toBeNull();
    // The shell's old copy claimed these for remotes that serve none of them.
    for (const path of ['/messages/1/x', '/payments/2/receipt', '/details/x', '/bookings/12/x']) {
      expect([path, ownerOf(path)]).toEqual([path, null]);
    }
    // Published since the booking page (decision 111) and the inbox (issue 31).
    expect(ownerOf('/bookings/12')).toBe('mfe_booking');
    expect(ownerOf('/messages/1')).toBe('mfe_booking');
  });

  it("never gives one of the site's own paths to a catch-all: no profile at /messages", () => {
    // Reserved first segments (reserved-paths, decision 108) that no app serves: the not-found
    // page, not mfe-marketplace's /:guestId profile page.
    for (const path of ['/notifications', '/Notifications', '/api']) {
      expect([path, ownerOf(path)]).toEqual([path, null]);
    }
    // mfe-booking publishes the inbox (issue 31): its own static pattern, in any case.
    expect(ownerOf('/messages')).toBe('mfe_booking');
    expect(ownerOf('/Messages')).toBe('mfe_booking');
    // Any other single segment is still a guest's slug; a reserved word inside one is fine.
    expect(ownerOf('/messages-2')).toBe('mfe_marketplace');
    expect(ownerOf('/jane-doe')).toBe('mfe_marketplace');
    // Once a remote publishes the page, its static pattern wins as always.
    const shipped = createOwnership({
      ...published,
      mfe_booking: [...published.mfe_booking, '/payments/:paymentId'],
    });
    expect(shipped('/payments/7')).toBe('mfe_booking');
    // mfe-booking publishes /payments itself (issue 33).
    expect(shipped('/payments')).toBe('mfe_booking');
  });

  it("follows a remote's list: a route it adds or moves needs no shell change", () => {
    expect(ownerOf('/miniview-answers/abc')).toBeNull();
    const moved = createOwnership({
      ...published,
      mfe_miniview: [...published.mfe_miniview, '/miniview-answers/:uuid'],
      mfe_account: published.mfe_account.filter((path) => path !== '/settings'),
      mfe_booking: [...published.mfe_booking, '/settings'],
    });
    expect(moved('/miniview-answers/abc')).toBe('mfe_miniview');
    expect(moved('/settings')).toBe('mfe_booking');
  });
});
