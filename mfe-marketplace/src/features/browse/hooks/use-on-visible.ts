import { useEffect, type RefObject } from 'react';

/**
 * Calls `onVisible` when the element comes within 400px of the viewport. The observer is made
 * again whenever `key` changes (e.g. a page was added), so a sentinel still in view fires again.
 * Without IntersectionObserver nothing happens: the page's Load more button remains.
 */
export function useOnVisible(
  ref: RefObject<Element | null>,
  onVisible: () => void,
  { enabled, key }: { enabled: boolean; key: unknown },
) {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, onVisible, enabled, key]);
}
