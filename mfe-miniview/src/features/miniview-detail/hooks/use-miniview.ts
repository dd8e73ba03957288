import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { deleteMiniview, getMiniview } from '@guestspot/shared-api/miniviews';

export function useMiniview(id: number) {
  return useQuery({ queryKey: queryKeys.miniview(id), queryFn: () => getMiniview(id) });
}

/**
 * Deletes a MINIVIEW by its link's uuid. The lists are read again; the page that showed it
 * leaves before its own query is dropped (it would read a 404 otherwise).
 */
export function useDeleteMiniview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMiniview,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.miniviewLists }),
  });
}
