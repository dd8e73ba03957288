import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import type { QueryKey } from '@tanstack/react-query';
import {
  AsUser,
  makeUser,
  paginated,
  QueryData,
  type QueryState,
} from '@guestspot/shared-api/stories';
import { currentMonth, viewerTimezone } from '@guestspot/shared-ui/calendar-picker';
import { makeListItem } from '../lib/list-fixtures';
import { listParamsOf, readListState } from '../lib/list-state';
import { BookingsPage } from './bookings-page';

const user = makeUser();
const month = currentMonth(viewerTimezone(user.timezone));
const key = queryKeys.bookings(listParamsOf(readListState(new URLSearchParams(), month)));
const stats: [QueryKey, QueryState] = [
  queryKeys.bookingStats,
  { data: { confirmed: 4, pending: 2, completed: 9 } },
];
const rows = [
  makeListItem({
    id: 12,
    status: 'pending',
    list_status: 'pending',
    price: 15000,
    list_actions: ['confirm', 'reject'],
  }),
  makeListItem({
    id: 11,
    status: 'scheduled',
    list_status: 'confirmed',
    price: 9900,
    is_new: false,
    counterpart: { type: 'show', id: 4, name: 'The Build Show', imageUrl: null },
  }),
  makeListItem({
    id: 10,
    status: 'accepted',
    list_status: 'accepted',
    booking_date: null,
    is_new: false,
  }),
  makeListItem({
    id: 9,
    status: 'completed',
    list_status: 'completed',
    price: 0,
    is_pitch: true,
    is_new: false,
  }),
  makeListItem({ id: 7, status: 'canceled', list_status: 'canceled', price: 25050, is_new: false }),
];

const meta = {
  title: 'Screens/Booking/Bookings page',
  component: BookingsPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <AsUser user={{ ...user, new_bookings_count: 0 }}>{<Story />}</AsUser>],
} satisfies Meta<typeof BookingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithBookings: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[stats, [key, { data: paginated(rows, 1, 10, 24) }]]}>
        {<Story />}
      </QueryData>
    ),
  ],
};

/** On a phone (360 px): cards stack, filters take one column, row actions wrap under the row. */
export const Phone: Story = {
  ...WithBookings,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Empty: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[stats, [key, { data: paginated([], 1, 10) }]]}>{<Story />}</QueryData>
    ),
  ],
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [queryKeys.bookingStats, { loading: true }],
          [key, { loading: true }],
        ]}
      >
        {<Story />}
      </QueryData>
    ),
  ],
};

/** The list and the stats failed: Reload for the list, a silent '–' for the figures (spec §8). */
export const LoadFailed: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [queryKeys.bookingStats, { error: 'Down' }],
          [key, { error: 'Down' }],
        ]}
      >
        {<Story />}
      </QueryData>
    ),
  ],
};
