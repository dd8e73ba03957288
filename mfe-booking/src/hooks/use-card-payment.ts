import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessages, queryKeys, serverMessage } from '@guestspot/shared-api';
import * as billingApi from '@guestspot/shared-api/billing';
import { messages } from '@guestspot/shared-ui';
import { useCardSetup, type CardChangeEvent } from '@guestspot/shared-ui/card-field';

/** The choice of a card not saved yet, beside the saved cards' ids. */
export const NEW_CARD = 'new';

/**
 * The card a payment is made with (the booking flow's payment step, a pitch's extra payment):
 * the user's saved cards, the one chosen (else the default, else the first, else a new card),
 * and a new card's field. A new card is confirmed once: a retry sends the card confirmed before,
 * until the card is changed or `forgetCard()` is called. `chosen` is the caller's state (what
 * <PaymentMethodChoice> last reported); an agency member acting for the owner loads no cards
 * (`enabled: false`).
 */
export function useCardPayment({ chosen, enabled }: { chosen: string | null; enabled: boolean }) {
  const methods = useQuery({
    queryKey: queryKeys.paymentMethods,
    queryFn: billingApi.listPaymentMethods,
    enabled,
  });
  const config = useQuery({
    queryKey: queryKeys.billingConfig,
    queryFn: billingApi.getBillingConfig,
    enabled,
  });
  const setup = useCardSetup();
  const [cardComplete, setCardComplete] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const confirmedCard = useRef<string | null>(null);

  const saved = methods.data ?? [];
  const selected =
    chosen && (chosen === NEW_CARD || saved.some((method) => method.id === chosen))
      ? chosen
      : ((saved.find((method) => method.default) ?? saved[0])?.id ?? NEW_CARD);

  /**
   * The payment method to send: the saved card chosen, or the new card (confirmed now unless it
   * was before). Null when there is none: the field says the card is missing, or `onError` was
   * given the provider's or the server's message.
   */
  const paymentMethod = async (onError: (message: string) => void): Promise<string | null> => {
    if (selected !== NEW_CARD) return selected;
    if (confirmedCard.current) return confirmedCard.current;
    if (!cardComplete) {
      setCardError(messages.required('Card'));
      return null;
    }
    setPreparing(true);
    try {
      const intent = await billingApi.createSetupIntent({ usage: 'off_session' });
      const result = await setup.confirmSetup(intent.client_secret);
      if ('error' in result) {
        onError(result.error);
        return null;
      }
      confirmedCard.current = result.paymentMethodId;
      return result.paymentMethodId;
    } catch (error) {
      onError(serverMessage(error, errorMessages.somethingWentWrongNoStop));
      return null;
    } finally {
      setPreparing(false);
    }
  };

  return {
    saved,
    selected,
    /** GET /billing/config once loaded: the card field waits for it. */
    billingConfig: config.isSuccess ? config.data : undefined,
    setup,
    cardError,
    /** A new card's confirmation is under way. */
    preparing,
    onCardChange: (event: CardChangeEvent) => {
      setCardComplete(event.complete);
      confirmedCard.current = null;
      if (event.complete) setCardError(null);
    },
    clearCardError: () => setCardError(null),
    /** The next payment confirms the new card again (the last one was refused). */
    forgetCard: () => {
      confirmedCard.current = null;
    },
    paymentMethod,
  };
}

export type CardPayment = ReturnType<typeof useCardPayment>;
