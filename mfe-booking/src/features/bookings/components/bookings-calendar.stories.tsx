import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { BookingsCalendar } from './bookings-calendar';

const key = queryKeys.bookingCalendar('2026-05-01', '2026-05-31', null);
const entry = (
  id: number,
  iso: string,
  status: 'confirmed' | 'completed' | 'canceled',
  name: string,
) => ({
  id,
  list_status: status,
  booking_date: iso,
  interview_duration: 30,
  is_pitch: false,
  price: 5000,
  booked_by: 'me' as const,
  counterpart: { type: 'show' as const, id, name, imageUrl: null },
});
const month = {
  timezone: 'America/New_York',
  data: {
    '2026-05-04': [
      entry(21, '2026-05-04T14:00:00Z', 'confirmed', 'The Build Show'),
      entry(22, '2026-05-04T19:30:00Z', 'canceled', 'Morning Momentum'),
    ],
    '2026-05-19': [entry(23, '2026-05-19T16:00:00Z', 'completed', 'Founder Files')],
  },
};

const meta = {
  title: 'Booking/Bookings calendar',
  component: BookingsCalendar,
  tags: ['autodocs'],
  args: { month: '2026-05', bookedBy: null, zone: 'America/New_York' },
} satisfies Meta<typeof BookingsCalendar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithBookings: Story = {
  decorators: [(Story) => <QueryData entries={[[key, { data: month }]]}>{<Story />}</QueryData>],
};

/** A phone shows only the days that have bookings, one under the other. */
export const Phone: Story = {
  ...WithBookings,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Empty: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { data: { timezone: 'America/New_York', data: {} } }]]}>
        {<Story />}
      </QueryData>
    ),
  ],
};

export const Loading: Story = {
  decorators: [(Story) => <QueryData entries={[[key, { loading: true }]]}>{<Story />}</QueryData>],
};

/** Spec §8: 'There was an error while trying to fetch calendar bookings'. */
export const LoadFailed: Story = {
  decorators: [(Story) => <QueryData entries={[[key, { error: 'Down' }]]}>{<Story />}</QueryData>],
};
