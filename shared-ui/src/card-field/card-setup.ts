import { useMemo, useRef } from 'react';

/** What confirming a card setup gives: the provider's payment method id, or its message. */
export type CardSetupResult = { paymentMethodId: string } | { error: string };

export type ConfirmCardSetup = (clientSecret: string) => Promise<CardSetupResult>;

/** The `{ complete }` change event both card fields report. */
export interface CardChangeEvent {
  complete: boolean;
}

export interface CardSetup {
  /** Confirms the setup intent named by `clientSecret` with the card typed into the CardField. */
  confirmSetup: ConfirmCardSetup;
  /** Used by CardField to plug in the active provider. */
  register: (confirm: ConfirmCardSetup | null) => void;
}

export const CARD_NOT_READY = 'The card form is not ready yet. Try again in a moment.';

/**
 * The handle a form passes to <CardField setup={...}>: `confirmSetup(clientSecret)` works the
 * same whether Stripe Elements or the local card field is showing.
 */
export function useCardSetup(): CardSetup {
  const current = useRef<ConfirmCardSetup | null>(null);
  return useMemo(
    () => ({
      confirmSetup: (clientSecret) =>
        current.current
          ? current.current(clientSecret)
          : Promise.resolve({ error: CARD_NOT_READY }),
      register: (confirm) => {
        current.current = confirm;
      },
    }),
    [],
  );
}
