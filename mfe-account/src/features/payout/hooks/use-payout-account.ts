import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, useSessionStore, type PayoutAccount, type User } from '@guestspot/shared-api';
import { getGeolocation } from '@guestspot/shared-api/geolocation';
import * as payoutsApi from '@guestspot/shared-api/payouts';

/** Spec §9: the payout status is polled every 10 seconds until it is connected. */
export const PAYOUT_POLL_MS = 10_000;
/** Spec §5: the country when the visitor's cannot be located. */
export const FALLBACK_COUNTRY = 'US';

export type PayoutStatusLabel = 'Unknown' | 'Details Needed' | 'Pending' | 'Connected';

/** Spec §4's status label: Unknown (no data), Details Needed, Pending, Connected. */
export function payoutStatusLabel(account: PayoutAccount | null | undefined): PayoutStatusLabel {
  if (!account) return 'Unknown';
  if (!account.details_submitted) return 'Details Needed';
  if (!account.charges_enabled) return 'Pending';
  return 'Connected';
}

/**
 * Keep polling while an account exists that is not yet connected (details submitted and charges
 * enabled). No account: nothing changes on its own, so no polling.
 */
export function shouldPollPayout(account: PayoutAccount | null | undefined): boolean {
  return Boolean(account) && payoutStatusLabel(account) !== 'Connected';
}

export function usePayoutAccount(user: User) {
  const query = useQuery({
    queryKey: queryKeys.payoutAccount,
    queryFn: payoutsApi.getPayoutAccount,
    staleTime: 0,
    refetchInterval: (current) => (shouldPollPayout(current.state.data) ? PAYOUT_POLL_MS : false),
  });
  const connected = payoutStatusLabel(query.data) === 'Connected';
  const hasFlag = user.has_stripe_connect;
  // The session user carries has_stripe_connect: bring it up to date when the state changes.
  useEffect(() => {
    if (query.isSuccess && connected !== hasFlag) {
      void useSessionStore.getState().refetch();
    }
  }, [query.isSuccess, connected, hasFlag]);
  return query;
}

export function usePayoutCountries(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payoutCountries,
    queryFn: payoutsApi.listPayoutCountries,
    staleTime: Infinity,
    enabled,
  });
}

/** The visitor's country (null when it cannot be told), for the picker's default. */
export function useLocatedCountry(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.geolocation,
    queryFn: async () => {
      const result = await getGeolocation();
      return result.status === 'success' ? result.countryCode : null;
    },
    staleTime: Infinity,
    retry: false,
    enabled,
  });
}

export function useStartOnboarding() {
  return useMutation({ mutationFn: payoutsApi.createPayoutAccount });
}

export function useUnlinkPayoutAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payoutsApi.unlinkPayoutAccount,
    onSuccess: () => {
      client.setQueryData(queryKeys.payoutAccount, null);
      void useSessionStore.getState().refetch();
    },
  });
}
