import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { queryKeys, useSessionStore } from '@guestspot/shared-api';
import { makeUser, server, setSession, setupMswServer } from '@guestspot/shared-api/testing';
import {
  getLiveStatus,
  HIDDEN_CLOSE_MS,
  MAX_FAILURES,
  RETRY_MS,
  startLiveEvents,
  stopLiveEvents,
  USER_REFRESH_MS,
  useLiveStatus,
} from './live-events';
import type { Notification } from './types';

setupMswServer();

/** jsdom has no EventSource: one the test drives, as the browser's would behave. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
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
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  /** A dropped connection the browser tries again (CONNECTING), or a refused one (CLOSED). */
  fail(readyState: number = FakeEventSource.CONNECTING) {
    this.readyState = readyState;
    this.dispatchEvent(new Event('error'));
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const latest = () => {
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error('no EventSource was opened');
  return source;
};

function notification(id: number, readAt: string | null = null): Notification {
  return {
    id,
    type: 'booking_request',
    read_at: readAt,
    created_at: '2026-03-01T10:00:00Z',
    data: {
      type: 'booking_request',
      booking_id: 8,
      is_guest: true,
      is_show: false,
      is_initiator: false,
      show: { id: 3, name: 'The Daily Pod' },
      guest: null,
      message: 'The Daily Pod requested a booking.',
    },
  };
}

let client: QueryClient;

/** Every entry the events touch, filled as pages would have filled them. */
function fillCache() {
  const entries: [QueryKey, unknown][] = [
    [queryKeys.booking(8), { id: 8 }],
    [queryKeys.bookingActivities(8, 'desc'), []],
    [queryKeys.bookingMessages(8), []],
    [queryKeys.booking(9), { id: 9 }],
    [queryKeys.bookingActivities(9, 'asc'), []],
    [queryKeys.bookings({ page: 1 }), { data: [] }],
    [queryKeys.conversations, []],
    [queryKeys.unreadMessages, { count: 2, conversations: 1 }],
    [queryKeys.notifications, [notification(1)]],
    [queryKeys.balance, { total: 0 }],
  ];
  for (const [key, data] of entries) client.setQueryData(key, data);
}

const invalidated = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;

beforeEach(() => {
  FakeEventSource.instances = [];
  Object.defineProperty(globalThis, 'EventSource', {
    configurable: true,
    writable: true,
    value: FakeEventSource,
  });
  client = new QueryClient();
  const user = makeUser({ id: 7, new_bookings_count: 1, unread_messages_count: 2 });
  setSession(user);
  server.use(http.get('*/api/v1/users/me', () => HttpResponse.json({ data: user })));
  fillCache();
});

afterEach(() => {
  act(() => stopLiveEvents());
  jest.useRealTimers();
  Reflect.deleteProperty(globalThis, 'EventSource');
});

describe('the live events client', () => {
  it('opens one stream per tab to /api/v1/events with the session cookie', () => {
    startLiveEvents({ client });
    startLiveEvents({ client });
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().url).toBe('/api/v1/events');
    expect(latest().init).toEqual({ withCredentials: true });
    expect(getLiveStatus()).toBe('connecting');
    act(() => latest().open());
    expect(getLiveStatus()).toBe('live');
  });

  it("refreshes a booking's page, timeline and every bookings list on 'activity'", () => {
    startLiveEvents({ client });
    latest().open();
    latest().emit('activity', { booking_id: 8 });
    expect(invalidated(queryKeys.booking(8))).toBe(true);
    expect(invalidated(queryKeys.bookingActivities(8, 'desc'))).toBe(true);
    expect(invalidated(queryKeys.bookings({ page: 1 }))).toBe(true);
    // Another booking's page and unrelated entries stay as they are.
    expect(invalidated(queryKeys.booking(9))).toBe(false);
    expect(invalidated(queryKeys.bookingActivities(9, 'asc'))).toBe(false);
    expect(invalidated(queryKeys.notifications)).toBe(false);
    expect(invalidated(queryKeys.balance)).toBe(false);
  });

  it("refreshes the conversation, the timeline and the inbox's figures on 'message'", () => {
    startLiveEvents({ client });
    latest().emit('message', { booking_id: 8 });
    expect(invalidated(queryKeys.bookingMessages(8))).toBe(true);
    expect(invalidated(queryKeys.bookingActivities(8, 'desc'))).toBe(true);
    expect(invalidated(queryKeys.conversations)).toBe(true);
    expect(invalidated(queryKeys.unreadMessages)).toBe(true);
    expect(invalidated(queryKeys.bookings({ page: 1 }))).toBe(false);
    expect(invalidated(queryKeys.booking(9))).toBe(false);
  });

  it("refreshes the notifications on 'notification'", () => {
    startLiveEvents({ client });
    latest().emit('notification', { id: 4 });
    expect(invalidated(queryKeys.notifications)).toBe(true);
    expect(invalidated(queryKeys.unreadMessages)).toBe(false);
  });

  it("puts the 'counts' figures in the badges at once", () => {
    startLiveEvents({ client });
    latest().emit('counts', { unread_messages: 5, new_bookings: 3, notifications: 2 });
    const user = useSessionStore.getState().user;
    expect(user?.new_bookings_count).toBe(3);
    expect(user?.unread_messages_count).toBe(5);
    expect(client.getQueryData(queryKeys.unreadMessages)).toEqual({ count: 5, conversations: 1 });
    // The number of conversations is not in the event: asked for again.
    expect(invalidated(queryKeys.unreadMessages)).toBe(true);
    // One notification shown, two unread on the server.
    expect(invalidated(queryKeys.notifications)).toBe(true);
  });

  it("leaves figures that 'counts' confirms alone", () => {
    startLiveEvents({ client });
    const user = useSessionStore.getState().user;
    latest().emit('counts', { unread_messages: 2, new_bookings: 1, notifications: 1 });
    expect(useSessionStore.getState().user).toBe(user);
    expect(invalidated(queryKeys.unreadMessages)).toBe(false);
    expect(invalidated(queryKeys.notifications)).toBe(false);
  });

  it('takes a full strip of 20 for more unread notifications, not a change', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => notification(index + 1));
    client.setQueryData(queryKeys.notifications, twenty);
    startLiveEvents({ client });
    latest().emit('counts', { unread_messages: 2, new_bookings: 1, notifications: 31 });
    expect(invalidated(queryKeys.notifications)).toBe(false);
    latest().emit('counts', { unread_messages: 2, new_bookings: 1, notifications: 19 });
    expect(invalidated(queryKeys.notifications)).toBe(true);
  });

  it('ignores events it cannot read', () => {
    startLiveEvents({ client });
    const source = latest();
    source.dispatchEvent(new MessageEvent('activity', { data: 'not json' }));
    source.emit('message', { booking: 8 });
    source.emit('counts', { unread_messages: 1 });
    expect(invalidated(queryKeys.booking(8))).toBe(false);
    expect(invalidated(queryKeys.conversations)).toBe(false);
    expect(useSessionStore.getState().user?.unread_messages_count).toBe(2);
  });

  it("asks for the user's new-bookings count after an activity, unless 'counts' says it first", async () => {
    jest.useFakeTimers();
    let asked = 0;
    server.use(
      http.get('*/api/v1/users/me', () => {
        asked += 1;
        return HttpResponse.json({ data: makeUser({ id: 7, new_bookings_count: 4 }) });
      }),
    );
    startLiveEvents({ client });
    latest().emit('activity', { booking_id: 8 });
    latest().emit('counts', { unread_messages: 2, new_bookings: 2, notifications: 1 });
    await act(() => jest.advanceTimersByTimeAsync(USER_REFRESH_MS));
    expect(asked).toBe(0);
    expect(useSessionStore.getState().user?.new_bookings_count).toBe(2);

    latest().emit('activity', { booking_id: 8 });
    await act(() => jest.advanceTimersByTimeAsync(USER_REFRESH_MS));
    jest.useRealTimers();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(asked).toBe(1);
    expect(useSessionStore.getState().user?.new_bookings_count).toBe(4);
  });

  it('falls back to polling when the stream is refused, and tries again later', () => {
    jest.useFakeTimers();
    const { result } = renderHook(() => useLiveStatus());
    act(() => startLiveEvents({ client }));
    // A 4xx, or a proxy answering something other than an event stream: the browser gives up.
    act(() => latest().fail(FakeEventSource.CLOSED));
    expect(result.current).toBe('polling');
    expect(FakeEventSource.instances).toHaveLength(1);

    act(() => jest.advanceTimersByTime(RETRY_MS));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(result.current).toBe('connecting');
    // Refused again: the wait doubles.
    act(() => latest().fail(FakeEventSource.CLOSED));
    act(() => jest.advanceTimersByTime(RETRY_MS));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => jest.advanceTimersByTime(RETRY_MS));
    expect(FakeEventSource.instances).toHaveLength(3);
  });

  it('falls back after repeated failed reconnects, and catches up once a new stream opens', () => {
    jest.useFakeTimers();
    startLiveEvents({ client });
    const first = latest();
    first.open();
    // The browser reconnects by itself (with Last-Event-ID) after a drop.
    for (let failure = 1; failure < MAX_FAILURES; failure += 1) {
      first.fail();
      expect(getLiveStatus()).toBe('connecting');
    }
    first.fail();
    expect(getLiveStatus()).toBe('polling');
    expect(first.readyState).toBe(FakeEventSource.CLOSED);

    jest.advanceTimersByTime(RETRY_MS);
    latest().open();
    expect(getLiveStatus()).toBe('live');
    // A new stream has no Last-Event-ID: what the gap may have hidden is fetched again.
    expect(invalidated(queryKeys.notifications)).toBe(true);
    expect(invalidated(queryKeys.unreadMessages)).toBe(true);
    expect(invalidated(queryKeys.bookings({ page: 1 }))).toBe(true);
  });

  it('does not count a drop the browser recovers from', () => {
    startLiveEvents({ client });
    const source = latest();
    for (let round = 0; round < MAX_FAILURES * 2; round += 1) {
      source.fail();
      source.open();
    }
    expect(getLiveStatus()).toBe('live');
    expect(FakeEventSource.instances).toHaveLength(1);
    // Resumed with Last-Event-ID: nothing to catch up on.
    expect(invalidated(queryKeys.notifications)).toBe(false);
  });

  it('gives its connection back while the tab is hidden, and resumes when it is shown', () => {
    jest.useFakeTimers();
    let visibility: DocumentVisibilityState = 'visible';
    jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const setVisibility = (value: DocumentVisibilityState) => {
      visibility = value;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    startLiveEvents({ client });
    latest().open();

    setVisibility('hidden');
    jest.advanceTimersByTime(HIDDEN_CLOSE_MS - 1);
    expect(latest().readyState).toBe(FakeEventSource.OPEN);
    // Back in time: nothing changes.
    setVisibility('visible');
    setVisibility('hidden');
    jest.advanceTimersByTime(HIDDEN_CLOSE_MS);
    expect(latest().readyState).toBe(FakeEventSource.CLOSED);
    expect(getLiveStatus()).toBe('paused');

    setVisibility('visible');
    expect(FakeEventSource.instances).toHaveLength(2);
    latest().open();
    expect(invalidated(queryKeys.notifications)).toBe(true);
    jest.restoreAllMocks();
  });

  it('closes on sign-out and stops acting on events', () => {
    startLiveEvents({ client });
    const source = latest();
    source.open();
    stopLiveEvents();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(getLiveStatus()).toBe('off');
    // A straggler from the closed stream changes nothing.
    source.emit('notification', { id: 1 });
    source.fail(FakeEventSource.CLOSED);
    expect(invalidated(queryKeys.notifications)).toBe(false);
    expect(getLiveStatus()).toBe('off');
  });

  it('polls only, where the browser has no EventSource', () => {
    Reflect.deleteProperty(globalThis, 'EventSource');
    startLiveEvents({ client });
    expect(getLiveStatus()).toBe('polling');
  });
});
