import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';

interface WatchedRouter {
  state: { location: { key: string } };
  subscribe(listener: (state: { location: { key: string } }) => void): () => void;
}

let watched: WatchedRouter | null = null;

/** The router whose navigations the progress bar follows (app.tsx, once). */
export function watchNavigations(router: WatchedRouter) {
  watched = router;
}

const subscribe = (listener: () => void) => watched?.subscribe(listener) ?? (() => undefined);
const latestKey = () => watched?.state.location.key ?? '';

/**
 * A thin bar at the top while a navigation waits for the next page's code (decision 083): the
 * page being left stays on screen meanwhile, so this says the tap was taken. The router's state
 * changes at once; the location the layout renders changes when the new page is ready. Shown
 * only after 200 ms (its CSS), so a fast navigation does not flash it.
 */
export function NavigationProgress() {
  const latest = useSyncExternalStore(subscribe, latestKey, latestKey);
  const { key } = useLocation();
  if (!latest || latest === key) return null;
  return <div className="gs-nav-progress" role="progressbar" aria-label="Loading the page" />;
}
