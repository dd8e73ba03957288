import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { readListState } from '../lib/list-state';
import { BookingFilters } from './booking-filters';

const meta = {
  title: 'Booking/Bookings filters',
  component: BookingFilters,
  tags: ['autodocs'],
  args: { state: readListState(new URLSearchParams(), '2026-05'), update: fn() },
} satisfies Meta<typeof BookingFilters>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Filters set: Clear filters shows. */
export const Filtered: Story = {
  args: {
    state: readListState(
      new URLSearchParams('status=is_pending,is_accepted&q=ada&min=100&max=500&by=me'),
      '2026-05',
    ),
  },
};

/** The calendar keeps only who booked (and the month above it). */
export const CalendarView: Story = {
  args: { state: readListState(new URLSearchParams('view=calendar'), '2026-05') },
};
