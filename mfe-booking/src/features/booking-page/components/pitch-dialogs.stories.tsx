import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { queryKeys } from '@guestspot/shared-api';
import {
  AsUser,
  makePaymentMethod,
  makeUser,
  phoneGlobals,
  QueryData,
} from '@guestspot/shared-api/stories';
import { makeBookingDetail } from './page-fixtures';
import { PitchAnswerDialog } from './pitch-answer-dialog';
import { PitchFeeDialog } from './pitch-fee-dialog';
import { PitchPaymentDialog } from './pitch-payment-dialog';

// A pitch's dialogs (decision 115), with their data cached. There is no server in Storybook:
// sending shows each dialog's failure message.

const pitch = makeBookingDetail({
  is_pitch: true,
  viewer_side: 'show',
  allowed_actions: ['accept-pitch', 'reject'],
});
const owed = makeBookingDetail({
  is_pitch: true,
  status: 'accepted',
  viewer_side: 'guest',
  pitch_fee: 2_400,
  pitch_fee_options: { fee_type: 'special', original_booking_fee: 15_000 },
  extra_payment: { status: 'pending', amount: 4_800 },
  allowed_actions: ['charge-extra-payment', 'cancel'],
});
const quote = (credit: number) => ({
  total: 4_800,
  credit_applied: credit,
  card_amount: 4_800 - credit,
  requires_card: credit < 4_800,
  available_credit: 1_000,
});

const meta = {
  title: 'Screens/Booking/Booking page/Pitch dialogs',
  component: PitchAnswerDialog,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { booking: pitch, onClose: fn() },
  decorators: [
    (Story) => (
      <AsUser user={makeUser({ timezone: 'America/Chicago' })}>
        <QueryData
          entries={[
            [queryKeys.extraPaymentQuote(owed.id, 0), { data: quote(0) }],
            [queryKeys.extraPaymentQuote(owed.id, 1_000), { data: quote(1_000) }],
            [
              queryKeys.paymentMethods,
              { data: [makePaymentMethod({ id: 'pm_saved', default: true })] },
            ],
            [
              queryKeys.billingConfig,
              { data: { stripe_publishable_key: null, provider: 'local' } },
            ],
          ]}
        >
          <Story />
        </QueryData>
      </AsUser>
    ),
  ],
} satisfies Meta<typeof PitchAnswerDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The invitee's four answers; a special price opens its field (Continue waits for $5). */
export const Answer: Story = {};

export const AnswerOnAPhone: Story = { globals: phoneGlobals };

/** The invitee changes the fee while it is unpaid. */
export const ChangeFee: Story = {
  render: (args) => <PitchFeeDialog booking={owed} onClose={args.onClose} />,
};

/** The initiator pays the difference: a saved card, store credit, or a new card. */
export const ConfirmPayment: Story = {
  render: (args) => <PitchPaymentDialog booking={owed} onClose={args.onClose} />,
};

/** The same on a phone. */
export const ConfirmPaymentOnAPhone: Story = {
  globals: phoneGlobals,
  render: (args) => <PitchPaymentDialog booking={owed} onClose={args.onClose} />,
};

/** An agency member acting for the owner sees why Pay is disabled. */
export const ConfirmPaymentByAnAgency: Story = {
  decorators: [
    (Story) => (
      <AsUser
        user={makeUser({
          impersonator: { id: 9, name: 'Jordan Blake', is_admin: false, team_role: 'agency' },
        })}
      >
        <Story />
      </AsUser>
    ),
  ],
  render: (args) => <PitchPaymentDialog booking={owed} onClose={args.onClose} />,
};
