import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type User } from '@guestspot/shared-api';
import {
  AsUser,
  makeInvoice,
  makeSubscription,
  makeUser,
  QueryData,
} from '@guestspot/shared-api/stories';
import type { ComponentProps } from 'react';
import { settingsAccess } from '../../../components/settings';
import { SubscriptionSection } from './subscription-section';

type Entry = { data: unknown } | { loading: true } | { error: string };

const standard = makeUser({ account_type: 'standard' });
const pro = makeUser({ account_type: 'pro' });
const invoices = [
  makeInvoice({ id: 'in_2', number: 'GS-001002', amount: 9700, date: '2026-04-01T10:00:00Z' }),
  makeInvoice(),
];

function render(user: User, subscription: Entry, invoiceList: Entry = { data: invoices }) {
  return function Story(args: ComponentProps<typeof SubscriptionSection>) {
    return (
      <AsUser user={user}>
        <QueryData
          entries={[
            [queryKeys.subscription, subscription],
            [queryKeys.invoices, invoiceList],
          ]}
        >
          <SubscriptionSection {...args} user={user} access={settingsAccess(user)} />
        </QueryData>
      </AsUser>
    );
  };
}

const meta = {
  title: 'Screens/Account/Settings/Subscription',
  component: SubscriptionSection,
  tags: ['autodocs'],
  args: { user: standard, access: settingsAccess(standard) },
} satisfies Meta<typeof SubscriptionSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Go Pro Now opens the Subscribe modal. */
export const Standard: Story = { render: render(standard, { data: null }, { data: [] }) };

export const Trialing: Story = { render: render(pro, { data: makeSubscription() }) };

/** On a phone each invoice is a card: its date, its number and amount, and Download. */
export const Phone: Story = {
  ...Trialing,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const ActiveYearly: Story = {
  render: render(pro, {
    data: makeSubscription({
      stripe_status: 'active',
      plan_interval: 'year',
      plan_price: 99700,
      trial_ends_at: null,
      current_period_end: '2027-03-01T10:00:00.000Z',
    }),
  }),
};

export const Cancelled: Story = {
  render: render(pro, { data: makeSubscription({ ends_at: '2026-03-15T10:00:00.000Z' }) }),
};

export const Loading: Story = { render: render(pro, { loading: true }, { loading: true }) };

export const LoadFailed: Story = {
  render: render(pro, { error: 'Server Error' }, { error: 'Server Error' }),
};

/** An agency member impersonating: details, no actions. */
export const ReadOnly: Story = {
  render: render(
    makeUser({
      account_type: 'pro',
      impersonator: { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' },
    }),
    { data: makeSubscription() },
  ),
};
