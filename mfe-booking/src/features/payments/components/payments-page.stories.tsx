import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import type { QueryKey } from '@tanstack/react-query';
import { AsUser, makeUser, QueryData, type QueryState } from '@guestspot/shared-api/stories';
import { currentMonth, viewerTimezone } from '@guestspot/shared-ui/calendar-picker';
import { BALANCE, PAYMENT_ROWS, paymentsPage } from '../lib/payment-fixtures';
import { PaymentsPage } from './payments-page';

const user = makeUser();
const month = currentMonth(viewerTimezone(user.timezone));
// The page's first query: the current month, no search or type, newest first.
const key = queryKeys.payments({
  month,
  search: '',
  type: null,
  sort: '-payment_date',
  page: 1,
});
const balance: [QueryKey, QueryState] = [queryKeys.balance, { data: BALANCE }];

const meta = {
  title: 'Screens/Booking/Payments page',
  component: PaymentsPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <AsUser user={user}>{<Story />}</AsUser>],
} satisfies Meta<typeof PaymentsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithPayments: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[balance, [key, { data: paymentsPage(PAYMENT_ROWS, { month, total: 24 }) }]]}
      >
        {<Story />}
      </QueryData>
    ),
  ],
};

/** On a phone (360 px): the totals stack, each payment is a card, the headers sort. */
export const Phone: Story = {
  ...WithPayments,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Empty: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          balance,
          [key, { data: paymentsPage([], { month, totals: { received: 0, paid: 0 } }) }],
        ]}
      >
        {<Story />}
      </QueryData>
    ),
  ],
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [queryKeys.balance, { loading: true }],
          [key, { loading: true }],
        ]}
      >
        {<Story />}
      </QueryData>
    ),
  ],
};

/** The load failed and the server said nothing: the spec's words and Reload. */
export const LoadFailed: Story = {
  decorators: [
    (Story) => <QueryData entries={[balance, [key, { error: 'Down' }]]}>{<Story />}</QueryData>,
  ],
};
