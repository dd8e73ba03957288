import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import type { QueryKey } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makeUser, QueryData, type QueryState } from '@guestspot/shared-api/stories';
import { currentMonth, localDayOf, shiftMonth } from '@guestspot/shared-ui/calendar-picker';
import { CalendarModal } from './calendar-modal';
import { makeBookingDetail, makeScheduledBooking } from './page-fixtures';

// The dialog over a cached month of Grace Hopper's (guest 3) free times, read by the show's owner
// in Chicago. There is no server in Storybook: Save shows the dialog's failure message.
const zone = 'America/Chicago';
const user = makeUser({ timezone: zone });
const thisMonth = currentMonth(zone);
const nextMonth = shiftMonth(thisMonth, 1);
const GUEST_ID = 3;
const DURATION = 30;

/** Weekday starts from tomorrow on (9:00, 9:15, 11:30 and 14:00 in Chicago, as UTC). */
function freeTimes(month: string) {
  const byDay: Record<string, { utc: string; datetime: string; date: string; status: string }[]> =
    {};
  const tomorrow = Date.now() + 24 * 60 * 60 * 1000;
  for (let day = 1; day <= 31; day += 1) {
    const date = `${month}-${String(day).padStart(2, '0')}`;
    const noon = new Date(`${date}T12:00:00Z`);
    if (noon.getUTCMonth() + 1 !== Number(month.slice(5)) || noon.getTime() < tomorrow) continue;
    if (noon.getUTCDay() === 0 || noon.getUTCDay() === 6) continue;
    // Chicago is 5 or 6 hours behind UTC: 15:00 UTC is 9:00 or 10:00 there.
    for (const time of ['15:00', '15:15', '17:30', '20:00']) {
      const utc = `${date} ${time}:00`;
      const local = localDayOf(utc, zone);
      (byDay[local] ??= []).push({ utc, datetime: utc, date: local, status: 'available' });
    }
  }
  return byDay;
}

type SlotsEntry = [QueryKey, QueryState];

const slotsOf = (month: string, state: QueryState): SlotsEntry => [
  queryKeys.availabilitySlots(GUEST_ID, month, zone, DURATION),
  state,
];

/** Both months cached: Next month shows free times too. A story's `slots` parameter replaces them. */
const freeMonths: SlotsEntry[] = [
  slotsOf(thisMonth, { data: freeTimes(thisMonth) }),
  slotsOf(nextMonth, { data: freeTimes(nextMonth) }),
];

const accepted = makeBookingDetail({
  status: 'accepted',
  viewer_side: 'show',
  counterpart: { type: 'guest', id: GUEST_ID, name: 'Grace Hopper', imageUrl: null },
  expires_at: null,
  proposed_by: null,
  proposals: [],
  allowed_actions: ['cancel', 'propose-date', 'scheduling-link'],
});
const scheduled = makeScheduledBooking({
  viewer_side: 'show',
  counterpart: { type: 'guest', id: GUEST_ID, name: 'Grace Hopper', imageUrl: null },
});

const meta = {
  title: 'Screens/Booking/Booking page/Calendar dialog',
  component: CalendarModal,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { booking: accepted, action: 'propose-date', onClose: fn() },
  decorators: [
    (Story, { parameters }) => {
      const slots: SlotsEntry[] = parameters.slots ?? freeMonths;
      return (
        <AsUser user={user}>
          <QueryData entries={slots}>
            <Story />
          </QueryData>
        </AsUser>
      );
    },
  ],
} satisfies Meta<typeof CalendarModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Up to three times; the cards fill in as they are picked. */
export const ProposeDates: Story = {};

export const LoadingTimes: Story = {
  parameters: { slots: [slotsOf(thisMonth, { loading: true })] },
};

/** The slots call failed: Retry asks again. */
export const TimesFailed: Story = {
  parameters: { slots: [slotsOf(thisMonth, { error: 'Server Error' })] },
};

/** A month without a free time. */
export const NoFreeTime: Story = {
  parameters: { slots: [slotsOf(thisMonth, { data: {} })] },
};

/** A date is agreed: one new date, which the other side confirms (spec §4). */
export const Reschedule: Story = { args: { booking: scheduled, action: 'reschedule' } };

/** A date agreed elsewhere is set at once. */
export const ChangeDate: Story = { args: { booking: scheduled, action: 'change-date' } };

/** On a phone: a full-screen sheet, seven day columns, the cards stacked. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};
