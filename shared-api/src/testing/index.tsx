// Test helpers for every browser package: `import { ... } from '@guestspot/shared-api/testing'`.
// Never imported by application code, so never bundled.
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
// Tests drive a data (memory) router from React Router itself: the shared react-router-dom is
// the declarative router's API only (federation-react-router.mjs).
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { useSessionStore } from '../session/session-store';
import type { User } from '../types';

export { server, setupMswServer, clearCookies } from './msw';
export * from './fixtures';
export * from './billing-fixtures';
export * from './payout-fixtures';
export * from './integration-fixtures';

/** Render UI the way the shell does: a fresh query cache and a router at `route`. */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    routes = [],
  }: { route?: string; path?: string; routes?: RouteObject[] } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element: ui }, ...routes], {
    initialEntries: [route],
  });
  return {
    router,
    ...render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  };
}

/** Put the session store in a known state before each test. */
export function setSession(user: User | null) {
  useSessionStore.setState({ authenticated: user !== null, user, loading: false });
}
