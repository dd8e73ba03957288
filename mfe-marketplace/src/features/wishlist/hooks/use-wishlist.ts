import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  queryKeys,
  serverMessage,
  type SmartlistGroup,
  type SmartlistItem,
  errorMessages,
} from '@guestspot/shared-api';
import * as smartlistApi from '@guestspot/shared-api/smartlist';
import { toast } from '@guestspot/shared-ui';

export type WishlistType = SmartlistItem['type'];

/** Spec §9: a non-Pro account holds at most this many people. */
export const WISHLIST_LIMIT = 10;
export const LIMIT_MESSAGE = `You reached the limit of ${WISHLIST_LIMIT} people`;

/**
 * The user's whole wishlist (both tabs: the limit counts them together) and their groups. Items
 * are the one source of truth for where each entry sits; groups give names and order.
 */
export function useWishlist(userId: number) {
  const items = useQuery({
    queryKey: queryKeys.smartlistItems(userId),
    queryFn: () => smartlistApi.listSmartlist(userId),
  });
  const groups = useQuery({
    queryKey: queryKeys.smartlistGroups(userId),
    queryFn: () => smartlistApi.listSmartlistGroups(userId),
  });
  return { items, groups };
}

/** Moves an item to a group (null: ungrouped) at once, and back if the server refuses. */
export function useMoveItem(userId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.smartlistItems(userId);
  return useMutation({
    mutationFn: ({ itemId, groupId }: { itemId: number; groupId: number | null }) =>
      smartlistApi.updateSmartlistItem(userId, itemId, { group_id: groupId }),
    onMutate: async ({ itemId, groupId }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<SmartlistItem[]>(key);
      queryClient.setQueryData<SmartlistItem[]>(key, (items) =>
        items?.map((item) => (item.id === itemId ? { ...item, group: groupId } : item)),
      );
      return { previous };
    },
    onError: (error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast.error(serverMessage(error, errorMessages.somethingWentWrong));
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<SmartlistItem[]>(key, (items) =>
        items?.map((item) => (item.id === saved.id ? saved : item)),
      );
    },
  });
}

/** After a change the server made: refetch items and groups. */
export function useRefreshWishlist(userId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.smartlistItems(userId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.smartlistGroups(userId) }),
    ]);
}

/** Replaces one saved item in the cache (detail modal edits). */
export function useStoreItem(userId: number) {
  const queryClient = useQueryClient();
  return (saved: SmartlistItem) =>
    queryClient.setQueryData<SmartlistItem[]>(queryKeys.smartlistItems(userId), (items) =>
      items?.map((item) => (item.id === saved.id ? saved : item)),
    );
}

export function groupsOfType(groups: SmartlistGroup[] | undefined, type: WishlistType) {
  return (groups ?? []).filter((group) => group.type === type);
}
