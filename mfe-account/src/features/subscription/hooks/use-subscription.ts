import {
  queryKeys,
  serverMessage,
  useSessionStore,
  type Subscription,
} from '@guestspot/shared-api';
import * as billingApi from '@guestspot/shared-api/billing';
import { useQuery, useQueryClient } from '@tanstack/react-query';

export const CANCEL_FAILED = 'The subscription was not canceled';

export function useSubscription() {
  return useQuery({ queryKey: queryKeys.subscription, queryFn: billingApi.getSubscription });
}

export function useInvoices() {
  return useQuery({ queryKey: queryKeys.invoices, queryFn: billingApi.listInvoices });
}

/**
 * Cancels at the period's end. Rejects with the server's message, else the spec's (§8), for the
 * confirm dialog to show; on success the subscription shows its end date and the user is
 * refetched (spec §4).
 */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return async (): Promise<Subscription> => {
    let cancelled: Subscription;
    try {
      cancelled = await billingApi.cancelSubscription();
    } catch (error) {
      throw new Error(serverMessage(error, CANCEL_FAILED));
    }
    queryClient.setQueryData(queryKeys.subscription, cancelled);
    void queryClient.invalidateQueries({ queryKey: queryKeys.billing });
    const user = await useSessionStore
      .getState()
      .refetch()
      .catch(() => null);
    if (user) queryClient.setQueryData(queryKeys.currentUser, user);
    return cancelled;
  };
}
