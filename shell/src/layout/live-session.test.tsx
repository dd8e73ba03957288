import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { queryClient, useSessionStore } from '@guestspot/shared-api';
import { getLiveStatus } from '@guestspot/shared-api/live-events';
import { makeUser, server, setSession, setupMswServer } from '@guestspot/shared-api/testing';
import { followSessionWithLiveEvents } from './live-session';
import { makeNotification } from './notification-fixtures';
import { NotificationsStrip } from './notifications-strip';
// The strip's lazy chunk, loaded up front: how long jsdom takes to compile it is not under test.
import './notification-list';

setupMswServer();

/** jsdom has no EventSource: a stand-in that records what was opened and closed. */
class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = 0;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const open = () => FakeEventSource.instances.filter((source) => source.readyState !== 2);
/** The lazily loaded stream module has run its part. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

let unfollow: () => void = () => undefined;

beforeEach(() => {
  FakeEventSource.instances = [];
  Object.defineProperty(globalThis, 'EventSource', {
    configurable: true,
    writable: true,
    value: FakeEventSource,
  });
  setSession(null);
  useSessionStore.setState({ authenticated: false, user: null });
});

afterEach(async () => {
  // Signed out while followed: the stream closes.
  act(() => setSession(null));
  await settle();
  unfollow();
  queryClient.clear();
  Reflect.deleteProperty(globalThis, 'EventSource');
});

describe("the tab's live stream", () => {
  it('opens nothing for a visitor', async () => {
    unfollow = followSessionWithLiveEvents({ startDelayMs: 0 });
    await settle();
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('waits for the user before opening: a stored flag alone may be stale', async () => {
    useSessionStore.setState({ authenticated: true, user: null, loading: true });
    unfollow = followSessionWithLiveEvents({ startDelayMs: 0 });
    await settle();
    expect(FakeEventSource.instances).toHaveLength(0);

    act(() => useSessionStore.setState({ user: makeUser({ id: 7 }), loading: false }));
    await settle();
    expect(open()).toHaveLength(1);
    expect(open()[0]?.url).toBe('/api/v1/events');
  });

  it('closes on sign-out, and opens a new stream for the next user', async () => {
    setSession(makeUser({ id: 7 }));
    unfollow = followSessionWithLiveEvents({ startDelayMs: 0 });
    await settle();
    const first = open()[0];
    expect(first).toBeDefined();
    // Figures change, the user stays: the same stream.
    act(() => setSession(makeUser({ id: 7, new_bookings_count: 3 })));
    await settle();
    expect(FakeEventSource.instances).toHaveLength(1);

    act(() => setSession(null));
    await settle();
    expect(first?.readyState).toBe(FakeEventSource.CLOSED);
    expect(open()).toHaveLength(0);
    expect(getLiveStatus()).toBe('off');

    act(() => setSession(makeUser({ id: 8 })));
    await settle();
    expect(open()).toHaveLength(1);
    expect(FakeEventSource.instances).toHaveLength(2);
  });

  it("shows a new notification in the strip at once on a 'notification' event", async () => {
    let answers = [[makeNotification(1)]];
    server.use(http.get('*/api/v1/notifications', () => HttpResponse.json({ data: answers[0] })));
    setSession(makeUser({ id: 7 }));
    unfollow = followSessionWithLiveEvents({ startDelayMs: 0 });
    const router = createMemoryRouter([{ path: '*', element: <NotificationsStrip /> }], {
      initialEntries: ['/dashboard'],
    });
    // The shell's own cache, which the stream refreshes.
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const strip = await screen.findByRole('region', { name: 'Booking updates' });
    expect(within(strip).getAllByRole('listitem')).toHaveLength(1);
    await settle();

    answers = [[makeNotification(2, 'new_message', 'The Daily Pod sent you a message.')]];
    act(() => open()[0]?.emit('notification', { id: 2 }));
    await waitFor(() =>
      expect(within(strip).getByText('The Daily Pod sent you a message.')).toBeVisible(),
    );
  });
});
