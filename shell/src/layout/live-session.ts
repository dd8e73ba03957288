import { useSessionStore, type SessionState } from '@guestspot/shared-api';

/**
 * The spec's polling of the notifications and of the unread figures (booking-management… §7,
 * §9), kept whether or not the live stream is up: the stream makes changes instant, polling makes
 * a tab whose stream is refused no worse than the spec (issue 31).
 */
export const LIVE_POLL_MS = 60_000;

/**
 * The stream is no part of a page's first load (decision 113): its code is fetched and the stream
 * opened this long after the page has loaded, so the page's own code and data go first. A new
 * stream refetches what it covers, so nothing said meanwhile is missed.
 */
export const LIVE_START_DELAY_MS = 3_000;

type LiveEventsModule = typeof import('@guestspot/shared-api/live-events');
let liveEvents: Promise<LiveEventsModule> | null = null;

function afterPageSettles(delayMs: number): Promise<void> {
  if (delayMs <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const wait = () => setTimeout(resolve, delayMs);
    if (document.readyState === 'complete') wait();
    else window.addEventListener('load', wait, { once: true });
  });
}

/** The stream's code is a chunk of its own: a visitor never downloads it. */
function loadLiveEvents(delayMs: number): Promise<LiveEventsModule> {
  liveEvents ??= afterPageSettles(delayMs).then(() => import('@guestspot/shared-api/live-events'));
  return liveEvents;
}

const signedInUser = (state: SessionState) =>
  state.authenticated && state.user ? state.user.id : null;

/**
 * Keeps the tab's live stream in step with the session: open while a user is signed in (once the
 * user has loaded, so a stale stored flag opens nothing), closed on sign-out, reopened for
 * another user. Returns the unsubscribe.
 */
export function followSessionWithLiveEvents({
  startDelayMs = LIVE_START_DELAY_MS,
}: { startDelayMs?: number } = {}): () => void {
  let userId: number | null = null;
  const follow = (state: SessionState) => {
    const next = signedInUser(state);
    if (next === userId) return;
    userId = next;
    if (next === null && liveEvents === null) return;
    loadLiveEvents(startDelayMs).then(
      ({ startLiveEvents, stopLiveEvents }) => {
        // The session moved on while the chunk loaded: its own call decides.
        if (userId !== next) return;
        stopLiveEvents();
        if (next !== null) startLiveEvents();
      },
      (error: unknown) => {
        // Polling alone keeps the badges and the strip up to date.
        console.warn('[shell] the live updates could not be loaded.', error);
        liveEvents = null;
      },
    );
  };
  follow(useSessionStore.getState());
  return useSessionStore.subscribe(follow);
}
