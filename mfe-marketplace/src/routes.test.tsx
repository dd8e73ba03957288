import { isValidElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { RouteHandle } from '@guestspot/shared-api';
import {
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { routes } from './routes';

setupMswServer();

/** The guests the API was asked for, by id or slug. */
let asked: string[];
beforeEach(() => {
  setSession(null);
  asked = [];
  server.use(
    http.get('*/api/v1/guests/:guest', ({ params }) => {
      asked.push(String(params.guest));
      return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
});

const catchAll = routes.find((route) => route.path === '/:guestId');
const guestPage = routes.find((route) => route.path === '/guests/:guestId');

/** This remote's routes at `path`, with the site's not-found page. */
function renderAt(path: string) {
  return renderWithProviders(<h1>Page not found</h1>, {
    route: path,
    path: '/404-not-found',
    routes,
  });
}

describe("the marketplace's /:guestId catch-all", () => {
  it("sends one of the site's own paths to the not-found page without looking up a guest", async () => {
    const { router } = renderAt('/messages');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404-not-found');
    expect(asked).toEqual([]);
  });

  it('looks up any other single segment as a guest by slug', async () => {
    renderAt('/jane-doe');
    await waitFor(() => expect(asked).toEqual(['jane-doe']));
    // No such guest: the not-found page too, after asking.
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('prefetches a guest on intent, but never for a reserved path', async () => {
    const prefetch = (catchAll?.handle as RouteHandle | undefined)?.prefetch;
    expect(prefetch).toBeDefined();
    prefetch?.({ guestId: 'payments' });
    prefetch?.({ guestId: 'ada-lovelace' });
    await waitFor(() => expect(asked).toEqual(['ada-lovelace']));
  });

  it("preloads the profile page's code, as /guests/:guestId does", () => {
    const preloadOf = (element: unknown) =>
      isValidElement(element) ? (element.type as { preload?: unknown }).preload : undefined;
    expect(preloadOf(catchAll?.element)).toBeInstanceOf(Function);
    expect(preloadOf(catchAll?.element)).toBe(preloadOf(guestPage?.element));
  });
});
