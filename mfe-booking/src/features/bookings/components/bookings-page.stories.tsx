import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makeBooking, makeUser, paginated, QueryData } from '@guestspot/shared-api/stories';
import { BookingsPage } from './bookings-page';

const key = queryKeys.bookings({ page: 1, limit: 10 });
const rows = [
  makeBooking({ id: 12, status: 'pending', price: 15000 }),
  makeBooking({
    id: 11,
    status: 'scheduled',
    price: 9900,
    counterpart: { type: 'show', id: 4, name: 'The Build Show', imageUrl: null },
  }),
  makeBooking({ id: 9, status: 'completed', price: 0, is_pitch: true, booking_date: null }),
  makeBooking({ id: 7, status: 'canceled', price: 25050 }),
];

const meta = {
  title: 'Screens/Booking/Bookings page',
  component: BookingsPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <AsUser user={makeUser()}>{<Story />}</AsUser>],
} satisfies Meta<typeof BookingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithBookings: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { data: paginated(rows, 1, 10, 24) }]]}>{<Story />}</QueryData>
    ),
  ],
};

/** On a phone: each booking's status goes under its name, and the whole row opens it. */
export const Phone: Story = {
  ...WithBookings,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Empty: Story = {
  decorators: [
    (Story) => <QueryData entries={[[key, { data: paginated([], 1, 10) }]]}>{<Story />}</QueryData>,
  ],
};

export const Loading: Story = {
  decorators: [(Story) => <QueryData entries={[[key, { loading: true }]]}>{<Story />}</QueryData>],
};

export const LoadFailed: Story = {
  decorators: [(Story) => <QueryData entries={[[key, { error: 'Down' }]]}>{<Story />}</QueryData>],
};
