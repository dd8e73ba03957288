import type { ReactElement } from 'react';
import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost, useConfirmStore, useToastStore } from '@guestspot/shared-ui';

// What the /details editor sections' tests share: a signed-in user with an XSRF cookie, MSW, no
// toasts or confirmations left over, and the section rendered with the toast and confirm hosts.

/** Call once at the top of a section's test file. */
export function setupEditorTest() {
  setupMswServer();
  jest.setTimeout(20_000);
  beforeEach(() => {
    setSession(makeUser());
    document.cookie = 'XSRF-TOKEN=t; path=/';
    useToastStore.setState({ toasts: [] });
  });
  afterEach(() => act(() => useConfirmStore.setState({ request: null })));
}

/** Render a section as on its /details page, with the toasts and confirmations it raises. */
export function renderEditor(section: ReactElement, route: string) {
  return renderWithProviders(
    <>
      {section}
      <ToastHost />
      <ConfirmHost />
    </>,
    { route },
  );
}

/**
 * A resource the section loads with GET and saves whole with PUT, answered by MSW: `saved` is
 * what the server holds (reset to `initial()` before each test), `sent` each PUT's body.
 */
export function mockSavedResource<T>(url: string, initial: () => T) {
  const resource = { saved: initial(), sent: [] as T[] };
  beforeEach(() => {
    resource.saved = initial();
    resource.sent = [];
    server.use(
      http.get(url, () => HttpResponse.json({ data: resource.saved })),
      http.put(url, async ({ request }) => {
        resource.saved = (await request.json()) as T;
        resource.sent.push(resource.saved);
        return HttpResponse.json({ data: resource.saved });
      }),
    );
  });
  return resource;
}
