import {
  createContext,
  use,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';

interface Declared {
  pathname: string;
}

// The page being rendered says here that it keeps the scroll position (its route handle's
// `scroll: 'keep'`). Remote routes render below the Layout, so they tell it through this ref.
const KeepScrollContext = createContext<{ current: Declared | null } | null>(null);

/**
 * Pages scroll to top on navigation (a new pathname) unless:
 * - the route's handle says `scroll: 'keep'` (declared with useKeepScroll),
 * - the navigation asked for it (`navigate(to, { state: { keepScroll: true } })`),
 * - the URL has a hash: the page scrolls to that section itself (e.g. /settings#pro-subscription).
 */
export function ScrollToTop({ children }: { children: ReactNode }) {
  const { pathname, hash, state } = useLocation();
  const declared = useRef<Declared | null>(null);
  const keepFromState =
    typeof state === 'object' &&
    state !== null &&
    'keepScroll' in state &&
    state.keepScroll === true;

  // Only a new pathname is a new page; hash and state are read for that navigation.
  const arrive = useEffectEvent(() => {
    const keep = declared.current?.pathname === pathname;
    if (!keep && !keepFromState && !hash) window.scrollTo(0, 0);
  });
  useEffect(() => arrive(), [pathname]);

  return <KeepScrollContext value={declared}>{children}</KeepScrollContext>;
}

/** Called by the rendered route: `keep` true leaves the scroll position alone on arrival. */
export function useKeepScroll(keep: boolean) {
  const declared = use(KeepScrollContext);
  const { pathname } = useLocation();
  // Layout effects run before the Layout's passive effect of the same commit.
  useLayoutEffect(() => {
    if (!declared) return;
    declared.current = keep ? { pathname } : null;
  }, [declared, keep, pathname]);
}
