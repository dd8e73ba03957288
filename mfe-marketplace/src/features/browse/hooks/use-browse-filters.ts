import {
  startTransition,
  useCallback,
  useLayoutEffect,
  useMemo,
  useOptimistic,
  useRef,
} from 'react';
import { useSearchParams } from 'react-router-dom';
import { parseBrowseParams, toBrowseParams, type BrowseFilters } from '../../../lib/browse-filters';

/** The view's filters live in the URL: read from it, and every change written back to it. */
export function useBrowseFilters() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // The query string is the view's identity: the same string gives the same filters object.
  const fromUrl = useMemo(() => parseBrowseParams(new URLSearchParams(query)), [query]);
  // The shell applies a navigation in a transition (the page stays until the next is ready):
  // a change is shown at once, optimistically, until the URL has it (a ticked box stays ticked).
  const [filters, show] = useOptimistic(
    fromUrl,
    (current: BrowseFilters, next: Partial<BrowseFilters>) => ({ ...current, ...next }),
  );
  // react-router's functional update reads the params of the render that made the setter, so a
  // change made by a timer (the debounced search) could undo a filter picked meanwhile. Every
  // change starts from the newest query instead, including one written a moment ago.
  const latest = useRef(query);
  useLayoutEffect(() => {
    latest.current = query;
  }, [query]);
  const setFilters = useCallback(
    (next: Partial<BrowseFilters>, { replace = false }: { replace?: boolean } = {}) => {
      const merged = toBrowseParams({
        ...parseBrowseParams(new URLSearchParams(latest.current)),
        ...next,
      });
      latest.current = merged.toString();
      startTransition(() => {
        show(next);
        setParams(merged, { replace, preventScrollReset: true });
      });
    },
    [setParams, show],
  );
  return { filters, setFilters };
}
