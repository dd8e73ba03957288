import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  parseBrowseParams,
  toBrowseParams,
  type BrowseFilters,
} from '../../../components/browse-filters';

/** The view's filters live in the URL: read from it, and every change written back to it. */
export function useBrowseFilters() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  // The query string is the view's identity: the same string gives the same filters object.
  const filters = useMemo(() => parseBrowseParams(new URLSearchParams(query)), [query]);
  const setFilters = useCallback(
    (next: Partial<BrowseFilters>, { replace = false }: { replace?: boolean } = {}) =>
      setParams((current) => toBrowseParams({ ...parseBrowseParams(current), ...next }), {
        replace,
        preventScrollReset: true,
      }),
    [setParams],
  );
  return { filters, setFilters };
}
