import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { listCategories } from '@guestspot/shared-api/categories';

/** GET /categories?exclude=subcategories: top-level categories with their counts per type. */
export function useCategories() {
  return useQuery({
    queryKey: queryKeys.categories,
    queryFn: listCategories,
    staleTime: 5 * 60_000,
  });
}
