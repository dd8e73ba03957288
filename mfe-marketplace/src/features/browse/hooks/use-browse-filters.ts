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
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query string is the identity
  const filters = useMemo(() => parseBrowseParams(params), [query]);
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
