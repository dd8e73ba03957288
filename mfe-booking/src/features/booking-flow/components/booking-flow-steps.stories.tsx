import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { DateTime } from 'luxon';
import { queryKeys } from '@guestspot/shared-api';
import type { BookingPrice } from '@guestspot/shared-api/booking-money';
import { makePaymentMethod, makeUser } from '@guestspot/shared-api/stories';
import { DatesStep } from './dates-step';
import { OptionsStep } from './options-step';
import { PaymentStep } from './payment-step';
import { PitchStep } from './pitch-step';
import { BookingSuccessPage } from './booking-success-page';
import { StoryStep, storyUser } from './story-support';
import { GUEST_ID } from './flow-fixtures';

const meta = {
  title: 'Screens/Booking/Booking flow',
  component: OptionsStep,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof OptionsStep>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Options: Story = {
  render: () => (
    <StoryStep step="options" values={{ optionId: 1, duration: 30 }}>
      <OptionsStep />
    </StoryStep>
  ),
};

/** On a phone: one column, no sideways scroll, 44 px targets. */
export const OptionsPhone: Story = {
  ...Options,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

const month = DateTime.utc().toFormat('yyyy-MM');
const day = DateTime.utc().plus({ days: 2 });
const slot = (hour: number) => {
  const utc = day.set({ hour, minute: 0, second: 0 }).toFormat('yyyy-MM-dd HH:mm:ss');
  return { utc, datetime: utc, date: utc.slice(0, 10), status: 'available' };
};

export const ProposedDates: Story = {
  render: () => (
    <StoryStep
      step="dates"
      values={{ optionId: 1, duration: 30, dates: [slot(15).utc] }}
      entries={[
        [
          queryKeys.availabilitySlots(GUEST_ID, month, 'UTC', 30),
          { data: { [day.toFormat('yyyy-MM-dd')]: [slot(9), slot(15), slot(16)] } },
        ],
      ]}
    >
      <DatesStep />
    </StoryStep>
  ),
};

export const PitchStandardAccount: Story = {
  render: () => (
    <StoryStep step="pitch" values={{ pitchText: 'I run a podcast for founders.' }} isPitch>
      <PitchStep />
    </StoryStep>
  ),
};

export const PitchProAccount: Story = {
  render: () => (
    <StoryStep step="pitch" isPitch user={makeUser({ ...storyUser, account_type: 'pro' })}>
      <PitchStep />
    </StoryStep>
  ),
};

/**
 * The server's quote of the Payment story's draft (show 3 books guest 5: no service fee): the
 * $100 interview and the $20 upsell, $30 of the booker's store credit, the rest on the card.
 */
const paymentQuote: BookingPrice = {
  lines: [
    { kind: 'option', label: 'Virtual Interview, 30 minutes', amount: 10_000 },
    { kind: 'upsell', label: 'Social shout-out', amount: 2_000 },
  ],
  subtotal: 12_000,
  codeDiscount: 0,
  total: 12_000,
  creditApplied: 3_000,
  cardAmount: 9_000,
  minimumChargeTopUp: 0,
  requiresCard: true,
};

export const Payment: Story = {
  render: () => (
    <StoryStep
      step="payment"
      values={{ bookerId: 3, optionId: 1, duration: 30, upsellIds: [7], useCredit: true }}
      entries={[
        [queryKeys.balance, { data: { total_balance: 3_000, available_balance: 3_000 } }],
        [queryKeys.paymentMethods, { data: [makePaymentMethod({ id: 'pm_1', default: true })] }],
        [queryKeys.billingConfig, { data: { stripe_publishable_key: null, provider: 'local' } }],
        [
          // The key useBookingQuote builds from the values above (all the credit: no amount).
          queryKeys.bookingQuote('guest', GUEST_ID, {
            bookerId: 3,
            booking_option_id: 1,
            interview_duration: 30,
            upsells: [7],
            code: null,
          }),
          { data: paymentQuote },
        ],
      ]}
    >
      <PaymentStep />
    </StoryStep>
  ),
};

/**
 * An agency team member acting as the booker: no saved cards, new card or store credit, the
 * quote without credit, and Pay disabled; only the owner pays (a free booking could be sent).
 */
export const PaymentImpersonating: Story = {
  render: () => (
    <StoryStep
      step="payment"
      values={{ bookerId: 3, optionId: 1, duration: 30, upsellIds: [7], useCredit: true }}
      user={makeUser({
        ...storyUser,
        impersonator: { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' },
      })}
      entries={[
        [
          // Asked without store credit, whatever the draft says.
          queryKeys.bookingQuote('guest', GUEST_ID, {
            bookerId: 3,
            booking_option_id: 1,
            interview_duration: 30,
            upsells: [7],
            code: null,
            store_credit_amount: 0,
          }),
          { data: { ...paymentQuote, creditApplied: 0, cardAmount: 12_000 } },
        ],
      ]}
    >
      <PaymentStep />
    </StoryStep>
  ),
};

export const Success: Story = {
  render: () => <BookingSuccessPage />,
};
