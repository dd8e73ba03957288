import { queryKeys, serverMessage, type PaymentMethod } from '@guestspot/shared-api';
import * as billingApi from '@guestspot/shared-api/billing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const DELETE_FAILED = 'The payment method was not deleted.';

/** The saved cards (default first) and which card field to use, from the shared query cache. */
export function usePaymentMethods() {
  const methods = useQuery({
    queryKey: queryKeys.paymentMethods,
    queryFn: billingApi.listPaymentMethods,
  });
  const config = useQuery({
    queryKey: queryKeys.billingConfig,
    queryFn: billingApi.getBillingConfig,
    staleTime: Infinity,
  });
  return { methods, config };
}

/** Marks a card as the default at once (the list shows it), and puts it back if the call fails. */
export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: PaymentMethod) => billingApi.setDefaultPaymentMethod(method.id),
    onMutate: async (method) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.paymentMethods });
      const previous = queryClient.getQueryData<PaymentMethod[]>(queryKeys.paymentMethods);
      queryClient.setQueryData<PaymentMethod[]>(queryKeys.paymentMethods, (list) =>
        list?.map((item) => ({ ...item, default: item.id === method.id })),
      );
      return { previous };
    },
    onError: (_error, _method, context) => {
      if (context?.previous) {
        queryClient.setQueryData(queryKeys.paymentMethods, context.previous);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods }),
  });
}

/** Deletes a card; rejects with the spec's message (§8) so the confirm dialog can show it. */
export function useDeletePaymentMethod() {
  const queryClient = useQueryClient();
  return async (method: PaymentMethod): Promise<string> => {
    try {
      const { message } = await billingApi.deletePaymentMethod(method.id);
      return message;
    } catch (error) {
      // The server says why when it knows (e.g. a renewing subscription needs a card).
      throw new Error(`${DELETE_FAILED} ${serverMessage(error, '')}`.trim());
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods });
    }
  };
}
