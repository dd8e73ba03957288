import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import {
  AsUser,
  makePaymentMethod,
  makeUser,
  PLANS_FIXTURE,
  QueryData,
} from '@guestspot/shared-api/stories';
import { ProFeatureList } from './pro-feature-list';
import { SubscribeForm } from './subscribe-form';

const localConfig = { stripe_publishable_key: null, provider: 'local' };

const meta = {
  title: 'Screens/Account/Subscribe form',
  component: SubscribeForm,
  tags: ['autodocs'],
  args: { onSubscribed: () => undefined },
  decorators: [
    (Story) => (
      <AsUser user={makeUser({ account_type: 'standard' })}>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 32, maxWidth: 860 }}>
          <ProFeatureList />
          <Story />
        </div>
      </AsUser>
    ),
  ],
} satisfies Meta<typeof SubscribeForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No saved card: the local provider's card field. */
export const NewCard: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [queryKeys.billingConfig, { data: localConfig }],
          [queryKeys.paymentMethods, { data: [] }],
          [queryKeys.plans, { data: PLANS_FIXTURE }],
        ]}
      >
        <Story />
      </QueryData>
    ),
  ],
};

/** On a phone: the plans side by side, the card fields and the submit button full width. */
export const Phone: Story = {
  ...NewCard,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const WithSavedCards: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [queryKeys.billingConfig, { data: localConfig }],
          [
            queryKeys.paymentMethods,
            {
              data: [
                makePaymentMethod(),
                makePaymentMethod({
                  id: 'pm_local_mc',
                  default: false,
                  brand: 'mastercard',
                  last4: '4444',
                  exp_month: 8,
                  exp_year: 2029,
                }),
              ],
            },
          ],
          [queryKeys.plans, { data: PLANS_FIXTURE }],
        ]}
      >
        <Story />
      </QueryData>
    ),
  ],
};

export const Yearly: Story = { ...NewCard, args: { initialPlan: 'yearly' } };

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [queryKeys.billingConfig, { loading: true }],
          [queryKeys.paymentMethods, { loading: true }],
        ]}
      >
        <Story />
      </QueryData>
    ),
  ],
};

export const LoadFailed: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [queryKeys.billingConfig, { error: 'Server Error' }],
          [queryKeys.paymentMethods, { data: [] }],
        ]}
      >
        <Story />
      </QueryData>
    ),
  ],
};
