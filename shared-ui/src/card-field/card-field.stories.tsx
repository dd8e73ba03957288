import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { ApiError } from '@guestspot/shared-api';
import { CardField, type CardFieldProps } from './card-field';
import { useCardSetup } from './card-setup';

type DemoProps = Omit<CardFieldProps, 'setup' | 'onChange' | 'confirmLocalSetup'>;

/** Stands in for the API's local setup confirmation: 4000 0000 0000 0002 is declined. */
const fakeConfirm: CardFieldProps['confirmLocalSetup'] = async (_secret, card) => {
  if (card.number.endsWith('0002')) throw new ApiError(402, 'Your card was declined.');
  return { payment_method: 'pm_local_storybook' };
};

/** A CardField with its own setup handle, showing the `{ complete }` it reports. */
function CardFieldDemo(props: DemoProps) {
  const setup = useCardSetup();
  const [complete, setComplete] = useState(false);
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 460 }}>
      <CardField
        {...props}
        setup={setup}
        confirmLocalSetup={fakeConfirm}
        onChange={(event) => setComplete(event.complete)}
      />
      <p style={{ margin: 0, fontSize: 14 }}>complete: {String(complete)}</p>
    </div>
  );
}

const meta = {
  title: 'Forms/CardField',
  component: CardFieldDemo,
  tags: ['autodocs'],
  parameters: {
    docs: {
      description: {
        component:
          'Card entry for both payment providers. Without a Stripe publishable key it is the local ' +
          "provider's field (test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is " +
          'declined); with one it lazily loads Stripe Elements. Confirm with `useCardSetup()`.',
      },
    },
  },
} satisfies Meta<typeof CardFieldDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const Complete: Story = {
  args: {
    defaultValues: {
      number: '4242 4242 4242 4242',
      expiry: '12/30',
      cvc: '123',
      postalCode: '78701',
    },
  },
};

export const WithErrors: Story = {
  args: {
    defaultValues: { number: '4242 4242 4242 4241', expiry: '01/20', cvc: '1', postalCode: '' },
    showErrors: true,
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValues: { number: '4242 4242 4242 4242' } },
};

export const CustomLegend: Story = { args: { legend: 'Payment card' } };

/** Needs the network: Stripe.js is fetched from Stripe. Offline the field stays empty. */
export const StripeElements: Story = { args: { stripePublishableKey: 'pk_test_storybook' } };
