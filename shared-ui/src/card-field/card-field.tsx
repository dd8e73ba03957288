import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton, VisuallyHidden } from '@guestspot/shared-ui';
import type { CardChangeEvent, CardSetup } from './card-setup';
import { LocalCardField, type LocalCardFieldProps } from './local-card-field';
import './card-field.css';

const StripeCardField = lazy(() => import('./stripe-card-field'));

export type CardFieldProps = {
  /** From useCardSetup(): confirm the setup with it once the card is complete. */
  setup: CardSetup;
  /** GET /billing/config's key: Stripe Elements when set, the local card field when null. */
  stripePublishableKey?: string | null;
  /** Reports `{ complete }`: true only when number, expiry, CVC and postal code are complete. */
  onChange?: (event: CardChangeEvent) => void;
  disabled?: boolean;
  legend?: ReactNode;
} & Pick<LocalCardFieldProps, 'confirmLocalSetup' | 'defaultValues' | 'now' | 'showErrors'>;

/**
 * The card entry of the site. Callers don't care which provider is active:
 *
 *   const cardSetup = useCardSetup();
 *   <CardField setup={cardSetup} stripePublishableKey={config.stripe_publishable_key}
 *     confirmLocalSetup={billingApi.confirmLocalSetupIntent} onChange={...} />
 *   const result = await cardSetup.confirmSetup(intent.client_secret); // {paymentMethodId} | {error}
 */
export function CardField({
  stripePublishableKey,
  legend = 'Card details',
  ...props
}: CardFieldProps) {
  if (stripePublishableKey) {
    const {
      defaultValues: _values,
      now: _now,
      showErrors: _show,
      confirmLocalSetup: _confirm,
      ...stripeProps
    } = props;
    return (
      <Suspense
        fallback={
          <div role="status">
            <Skeleton height={44} />
            <VisuallyHidden>Loading the card form</VisuallyHidden>
          </div>
        }
      >
        <StripeCardField publishableKey={stripePublishableKey} legend={legend} {...stripeProps} />
      </Suspense>
    );
  }
  return <LocalCardField legend={legend} {...props} />;
}
