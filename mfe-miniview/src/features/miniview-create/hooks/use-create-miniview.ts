import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { createMiniview } from '@guestspot/shared-api/miniviews';

/** POST /miniviews: the new MINIVIEW is in the cache for its page, the lists are read again. */
export function useCreateMiniview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createMiniview,
    onSuccess: (miniview) => {
      client.setQueryData(queryKeys.miniview(miniview.id), miniview);
      return client.invalidateQueries({ queryKey: queryKeys.miniviewLists });
    },
  });
}
