// @guestspot/shared-ui/card-field: the card input (Stripe's Elements, or the local provider's
// fields) and its setup hook. Apart from the root, and shared as a module of its own, so that only
// the pages that take a card load it (decision 079).
export { CardField, type CardFieldProps } from './card-field';
export type { ConfirmLocalSetup } from './local-card-field';
export {
  CARD_NOT_READY,
  useCardSetup,
  type CardChangeEvent,
  type CardSetup,
  type CardSetupResult,
  type ConfirmCardSetup,
} from './card-setup';
export { CARD_MESSAGES, checkCard, formatCardNumber, formatExpiry } from './card-input';
