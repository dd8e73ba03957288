import { setupServer } from 'msw/node';

/** The MSW server of the browser packages' tests; each test adds the handlers it needs. */
export const server = setupServer();

/** Start MSW for this test file; any request without a handler fails the test. */
export function setupMswServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

export function clearCookies() {
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
