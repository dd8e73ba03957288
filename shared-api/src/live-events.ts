import type { QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import { API_PREFIX, queryClient, queryKeys, useSessionStore } from '@guestspot/shared-api';
import type { LiveEvents, LiveEventType, Notification } from './types';

// The live event stream (issue 31): GET /api/v1/events, one EventSource per signed-in tab. Each
// event names what changed; the tab refetches those queries at once instead of at its next poll.
// The spec's polling (notifications and unread figures every 60 s) stays on whatever the stream
// does, so a tab whose stream is refused (a proxy that buffers, a 4xx) is only slower, never
// stale. The stream holds state, so the shell alone starts it (import this subpath nowhere else);
// remotes read the shared query cache it keeps fresh.

/**
 * off: signed out; connecting; live; polling: the stream failed and waits to try again (the
 * queries' polling carries on); paused: the tab has been hidden a while and gave its connection
 * back (browsers allow 6 per site over HTTP/1.1, shared by every tab).
 */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'polling' | 'paused';

/** Failed connections in a row (the browser retries by itself) before the tab stops trying. */
export const MAX_FAILURES = 3;
/** The first wait before a new stream after giving up; it doubles each time, up to 5 minutes. */
export const RETRY_MS = 30_000;
const MAX_RETRY_MS = 5 * 60_000;
/** How long a hidden tab keeps its stream. */
export const HIDDEN_CLOSE_MS = 60_000;
/**
 * An activity may change the new-bookings count; a 'counts' event within this delay says so
 * without asking for the user again.
 */
export const USER_REFRESH_MS = 2_000;

const useLiveStore = create<{ status: LiveStatus }>()(() => ({ status: 'off' }));

function setStatus(status: LiveStatus) {
  if (useLiveStore.getState().status !== status) useLiveStore.setState({ status });
}

/** The stream's state, for a badge or a test. */
export function useLiveStatus(): LiveStatus {
  return useLiveStore((state) => state.status);
}

export function getLiveStatus(): LiveStatus {
  return useLiveStore.getState().status;
}

/** The fields each event carries: a payload missing one is not acted on. */
const FIELDS: { [Type in LiveEventType]: (keyof LiveEvents[Type])[] } = {
  activity: ['booking_id'],
  message: ['booking_id'],
  notification: ['id'],
  counts: ['unread_messages', 'new_bookings', 'notifications'],
};
const EVENT_TYPES = Object.keys(FIELDS) as LiveEventType[];

function parse<Type extends LiveEventType>(type: Type, data: unknown): LiveEvents[Type] | null {
  try {
    const value: unknown = JSON.parse(String(data));
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const complete = FIELDS[type].every((field) => Number.isFinite(record[field as string]));
    return complete ? (value as LiveEvents[Type]) : null;
  } catch {
    return null;
  }
}

type UnreadMessages = { count: number; conversations: number };

/** GET /notifications answers the newest 20 unread; 'counts' counts them all. */
const NOTIFICATIONS_LISTED = 20;

class LiveConnection {
  private source: EventSource | null = null;
  /** Errors since the stream last opened. */
  private failures = 0;
  /** Times in a row the tab gave up, for the backoff. */
  private retries = 0;
  /** The next open follows a gap no Last-Event-ID covers: refetch what it may have missed. */
  private resync = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  private userTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly client: QueryClient) {}

  start() {
    document.addEventListener('visibilitychange', this.onVisibility);
    this.connect();
    // A tab opened in the background counts its hidden time from now.
    this.onVisibility();
  }

  stop() {
    document.removeEventListener('visibilitychange', this.onVisibility);
    clearTimeout(this.retryTimer);
    clearTimeout(this.hiddenTimer);
    clearTimeout(this.userTimer);
    this.close();
  }

  private connect() {
    this.close();
    clearTimeout(this.retryTimer);
    // Same origin: the session cookie goes with it; withCredentials keeps it so if the API ever
    // moves to an origin of its own.
    const source = new EventSource(`${API_PREFIX}/events`, { withCredentials: true });
    this.source = source;
    setStatus('connecting');
    // A stream closed meanwhile (replaced, paused, stopped) is no longer listened to.
    source.addEventListener('open', () => source === this.source && this.onOpen());
    source.addEventListener('error', () => source === this.source && this.onError(source));
    for (const type of EVENT_TYPES) {
      source.addEventListener(type, (event) => {
        const payload = source === this.source ? parse(type, event.data) : null;
        if (payload) this.apply(type, payload);
      });
    }
  }

  private close() {
    this.source?.close();
    this.source = null;
  }

  private onOpen() {
    this.failures = 0;
    this.retries = 0;
    setStatus('live');
    if (this.resync) {
      this.resync = false;
      this.refreshEverything();
    }
  }

  private onError(source: EventSource) {
    // CLOSED: the server refused the stream (an error status, not an event stream) and the
    // browser will not try again. CONNECTING: it is trying again, with Last-Event-ID.
    if (source.readyState === EventSource.CLOSED) {
      this.giveUp();
      return;
    }
    this.failures += 1;
    if (this.failures >= MAX_FAILURES) this.giveUp();
    else setStatus('connecting');
  }

  /** Polling carries the tab until a new stream opens, later and later each time. */
  private giveUp() {
    this.close();
    this.failures = 0;
    this.resync = true;
    setStatus('polling');
    const delay = Math.min(RETRY_MS * 2 ** this.retries, MAX_RETRY_MS);
    this.retries += 1;
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private onVisibility = () => {
    clearTimeout(this.hiddenTimer);
    if (document.visibilityState === 'hidden') {
      this.hiddenTimer = setTimeout(() => {
        this.close();
        clearTimeout(this.retryTimer);
        setStatus('paused');
      }, HIDDEN_CLOSE_MS);
    } else if (getLiveStatus() === 'paused') {
      this.resync = true;
      this.connect();
    }
  };

  private readonly handlers: { [Type in LiveEventType]: (payload: LiveEvents[Type]) => void } = {
    activity: ({ booking_id }) => this.onActivity(booking_id),
    message: ({ booking_id }) => this.onMessage(booking_id),
    notification: () => void this.client.invalidateQueries({ queryKey: queryKeys.notifications }),
    counts: (counts) => this.onCounts(counts),
  };

  private apply<Type extends LiveEventType>(type: Type, payload: LiveEvents[Type]) {
    this.handlers[type](payload);
  }

  /** A booking's state or timeline changed: its page, and every list and count of bookings. */
  private onActivity(bookingId: number) {
    void this.client.invalidateQueries({
      queryKey: queryKeys.allBookings,
      // Other bookings' pages did not change.
      predicate: ({ queryKey }) => queryKey[1] !== 'detail' || queryKey[2] === bookingId,
    });
    // The new-bookings badge is the session user's figure.
    clearTimeout(this.userTimer);
    this.userTimer = setTimeout(() => this.refreshUser(), USER_REFRESH_MS);
  }

  /** A message was written, edited or read: the booking's conversation and timeline, the inbox. */
  private onMessage(bookingId: number) {
    void this.client.invalidateQueries({ queryKey: queryKeys.booking(bookingId) });
    void this.client.invalidateQueries({ queryKey: queryKeys.allMessages });
  }

  /** The badges' figures: set at once where the cache holds them, refetched where it cannot. */
  private onCounts(counts: LiveEvents['counts']) {
    clearTimeout(this.userTimer);
    const { user } = useSessionStore.getState();
    if (
      user &&
      (user.new_bookings_count !== counts.new_bookings ||
        user.unread_messages_count !== counts.unread_messages)
    ) {
      useSessionStore.setState({
        user: {
          ...user,
          new_bookings_count: counts.new_bookings,
          unread_messages_count: counts.unread_messages,
        },
      });
    }
    const unread = this.client.getQueryData<UnreadMessages>(queryKeys.unreadMessages);
    if (unread && unread.count !== counts.unread_messages) {
      this.client.setQueryData<UnreadMessages>(queryKeys.unreadMessages, {
        ...unread,
        count: counts.unread_messages,
      });
      // How many conversations hold them is not in the event.
      void this.client.invalidateQueries({ queryKey: queryKeys.unreadMessages });
    }
    const notifications = this.client.getQueryData<Notification[]>(queryKeys.notifications);
    const listed = notifications?.filter((notification) => notification.read_at === null).length;
    if (listed !== undefined && listed !== Math.min(counts.notifications, NOTIFICATIONS_LISTED)) {
      void this.client.invalidateQueries({ queryKey: queryKeys.notifications });
    }
  }

  private refreshUser() {
    void useSessionStore
      .getState()
      .refetch()
      .catch(() => undefined);
  }

  /** After a gap: whatever the tab shows of bookings, messages and notifications. */
  private refreshEverything() {
    void this.client.invalidateQueries({ queryKey: queryKeys.notifications });
    void this.client.invalidateQueries({ queryKey: queryKeys.allMessages });
    void this.client.invalidateQueries({ queryKey: queryKeys.allBookings });
    this.refreshUser();
  }
}

let current: LiveConnection | null = null;

/**
 * Opens the tab's stream (again a no-op while it is open). The shell calls it once the session
 * has its user; `client` is for tests.
 */
export function startLiveEvents({ client = queryClient }: { client?: QueryClient } = {}): void {
  if (current) return;
  if (typeof EventSource === 'undefined') {
    setStatus('polling');
    return;
  }
  current = new LiveConnection(client);
  current.start();
}

/** Closes the stream: on sign-out, or before another user's stream opens. */
export function stopLiveEvents(): void {
  current?.stop();
  current = null;
  setStatus('off');
}
