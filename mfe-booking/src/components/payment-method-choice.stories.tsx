import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type PaymentMethod } from '@guestspot/shared-api';
import { makePaymentMethod, phoneGlobals, QueryData } from '@guestspot/shared-api/stories';
import { PaymentMethodChoiceDemo } from './payment-method-choice-demo';

/** The saved cards in the cache, and the local provider (no Stripe key). */
function WithCards({ saved, disabled = false }: { saved: PaymentMethod[]; disabled?: boolean }) {
  return (
    <QueryData
      entries={[
        [queryKeys.paymentMethods, { data: saved }],
        [queryKeys.billingConfig, { data: { stripe_publishable_key: null, provider: 'local' } }],
      ]}
    >
      <PaymentMethodChoiceDemo disabled={disabled} />
    </QueryData>
  );
}

const savedCards = [
  makePaymentMethod({ id: 'pm_visa', default: true }),
  makePaymentMethod({ id: 'pm_master', brand: 'mastercard', last4: '4444', default: false }),
];

const meta = {
  title: 'Booking/Payment method choice',
  component: WithCards,
  tags: ['autodocs'],
  args: { saved: savedCards },
  parameters: {
    docs: {
      description: {
        component:
          "How a booking's payment and a pitch's extra payment take a card: a saved card or a " +
          'new one (confirmed once: a retry sends the same card). Storybook has no server: a ' +
          'complete new card cannot be confirmed here.',
      },
    },
  },
} satisfies Meta<typeof WithCards>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No saved card: the card field alone, without radios. */
export const NoSavedCards: Story = { args: { saved: [] } };

/** A radio per saved card, the default one chosen, and 'A new card'. */
export const SavedCards: Story = {};

/** On a phone: one column, 44 px targets. */
export const SavedCardsPhone: Story = { globals: phoneGlobals };

/** 'A new card' chosen: the card field and 'Save this card for future bookings'. */
export const NewCard: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('radio', { name: 'A new card' }));
  },
};

/** Pay with the new card left empty: 'Card is required' under the field. */
export const NewCardWithError: Story = {
  args: { saved: [] },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Pay' }));
    await canvas.findByText('Card is required');
  },
};

/** While a dialog pays: nothing takes input. */
export const Disabled: Story = { args: { disabled: true } };
