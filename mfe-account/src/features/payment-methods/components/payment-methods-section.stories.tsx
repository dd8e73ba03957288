import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makePaymentMethod, makeUser, QueryData } from '@guestspot/shared-api/stories';
import type { ComponentProps } from 'react';
import { settingsAccess } from '../../../components/settings';
import { PaymentMethodsSection } from './payment-methods-section';

const localConfig = { stripe_publishable_key: null, provider: 'local' };
const standard = makeUser({ account_type: 'standard' });
const pro = makeUser({ account_type: 'pro' });
const agencyViewing = makeUser({
  account_type: 'pro',
  impersonator: { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' },
});
const visa = makePaymentMethod();
const mastercard = makePaymentMethod({
  id: 'pm_local_mc',
  default: false,
  brand: 'mastercard',
  last4: '4444',
  exp_month: 8,
  exp_year: 2029,
});

type Methods = { data: unknown } | { loading: true } | { error: string };

function render(user: typeof standard, methods: Methods) {
  return function Story(args: ComponentProps<typeof PaymentMethodsSection>) {
    return (
      <AsUser user={user}>
        <QueryData
          entries={[
            [queryKeys.billingConfig, { data: localConfig }],
            [queryKeys.paymentMethods, methods],
          ]}
        >
          <PaymentMethodsSection {...args} />
        </QueryData>
      </AsUser>
    );
  };
}

const meta = {
  title: 'Screens/Account/Settings/Payment methods',
  component: PaymentMethodsSection,
  tags: ['autodocs'],
  args: { user: standard, access: settingsAccess(standard) },
} satisfies Meta<typeof PaymentMethodsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoCards: Story = { render: render(standard, { data: [visa, mastercard] }) };

/** On a phone each card wraps: its name and expiry, then its actions. */
export const Phone: Story = {
  ...TwoCards,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** A Pro account with one card: Update instead of Delete. */
export const ProWithOneCard: Story = {
  args: { user: pro, access: settingsAccess(pro) },
  render: render(pro, { data: [visa] }),
};

export const Empty: Story = { render: render(standard, { data: [] }) };

export const Loading: Story = { render: render(standard, { loading: true }) };

export const LoadFailed: Story = { render: render(standard, { error: 'Server Error' }) };

/** An agency member impersonating sees the cards, changes nothing. */
export const ReadOnly: Story = {
  args: { user: agencyViewing, access: settingsAccess(agencyViewing) },
  render: render(agencyViewing, { data: [visa, mastercard] }),
};
