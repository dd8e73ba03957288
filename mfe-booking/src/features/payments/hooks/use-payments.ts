import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { getBalance } from '@guestspot/shared-api/booking-flow';
import { listPayments, type PaymentsParams } from '@guestspot/shared-api/payments';

/** GET /payments for the month, search, type, sort and page; the last page stays while the next loads. */
export function usePayments(params: PaymentsParams) {
  return useQuery({
    queryKey: queryKeys.payments(params),
    queryFn: () => listPayments(params),
    placeholderData: keepPreviousData,
  });
}

/** GET /balance: the store-credit card. */
export function useBalance() {
  return useQuery({ queryKey: queryKeys.balance, queryFn: getBalance });
}
