import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept up to date as the screen turns or resizes. Pass one of the
 * breakpoint queries (`media.phone` from tokens.ts), never a width of your own.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
