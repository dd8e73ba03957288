import type { RouteObject } from 'react-router-dom';
import { routes as accountRoutes } from '@guestspot/mfe-account/src/routes';
import { routes as bookingRoutes } from '@guestspot/mfe-booking/src/routes';
import { routes as marketplaceRoutes } from '@guestspot/mfe-marketplace/src/routes';
import { routes as miniviewRoutes } from '@guestspot/mfe-miniview/src/routes';
import { ownerOf } from './ownership';

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

describe('route ownership', () => {
  it.each([
    ['mfe_account', accountRoutes],
    ['mfe_booking', bookingRoutes],
    ['mfe_marketplace', marketplaceRoutes],
    ['mfe_miniview', miniviewRoutes],
  ] as const)('sends every path %s exposes to %s', (remote, routes) => {
    for (const path of paths(routes))
      expect([path, ownerOf(example(path))]).toEqual([path, remote]);
  });

  it('ranks overlapping patterns the way the spec assigns them', () => {
    expect(ownerOf('/guests/12/book/options')).toBe('mfe_booking');
    expect(ownerOf('/shows/3/book')).toBe('mfe_booking');
    expect(ownerOf('/guests/12')).toBe('mfe_marketplace');
    expect(ownerOf('/guests/12/create-review')).toBe('mfe_marketplace');
    expect(ownerOf('/login')).toBe('mfe_account');
    expect(ownerOf('/google/authorization')).toBe('mfe_account');
    expect(ownerOf('/jane-doe')).toBe('mfe_marketplace');
    expect(ownerOf('/user-miniviews/4/answers/9')).toBe('mfe_miniview');
    expect(ownerOf('/dashboard')).toBe('shell');
  });

  it('owns nothing for a path no app serves', () => {
    expect(ownerOf('/no/such/page')).toBeNull();
  });
});
