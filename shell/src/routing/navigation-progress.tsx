import { useSyncExternalStore } from 'react';
import { useLocation, type HistoryRouterProps } from 'react-router-dom';

/** The site's history: a browser history (a memory one in tests). */
type History = HistoryRouterProps['history'];

let latestKey = () => '';
const watchers = new Set<() => void>();

/**
 * The site's history, watched (app.tsx, once): the router listens to the history it is given,
 * and every change it hears is also told to the progress bar. A history takes one listener (the
 * router), so the bar hears of navigations through it.
 */
export function watchNavigations<H extends History>(history: H): H {
  latestKey = () => history.location.key;
  const listen: H['listen'] = (listener) =>
    history.listen((update) => {
      listener(update);
      for (const watcher of watchers) watcher();
    });
  return Object.create(history, { listen: { value: listen } }) as H;
}

function subscribe(watcher: () => void) {
  watchers.add(watcher);
  return () => void watchers.delete(watcher);
}

/**
 * A thin bar at the top while a navigation waits for the next page's code (decision 083): the
 * page being left stays on screen meanwhile, so this says the tap was taken. The history changes
 * at once; the location the layout renders changes when the new page is ready (the router
 * renders a navigation as a transition). Shown only after 200 ms (its CSS), so a fast navigation
 * does not flash it.
 */
export function NavigationProgress() {
  const latest = useSyncExternalStore(subscribe, latestKey, latestKey);
  const { key } = useLocation();
  if (!latest || latest === key) return null;
  return <div className="gs-nav-progress" role="progressbar" aria-label="Loading the page" />;
}
