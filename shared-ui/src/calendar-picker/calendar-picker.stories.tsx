import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { CalendarPicker } from './calendar-picker';
import { currentMonth, localDayOf, shiftMonth, type CalendarSlot } from './calendar-dates';

const zone = 'America/New_York';
/** Next month, so that every slot is still to come whenever the story is opened. */
const month = shiftMonth(currentMonth(zone), 1);

/** Weekdays 2 to 20 of `month`: four starts a day (14:00–16:45 UTC, 15-minute steps). */
function freeSlots(shown: string): Record<string, CalendarSlot[]> {
  const byDay: Record<string, CalendarSlot[]> = {};
  for (let day = 2; day <= 20; day += 1) {
    const date = `${shown}-${String(day).padStart(2, '0')}`;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    for (const time of ['14:00', '14:15', '15:30', '16:45']) {
      const utc = `${date} ${time}:00`;
      (byDay[localDayOf(utc, zone)] ??= []).push({ utc, status: 'available' });
    }
  }
  return byDay;
}

const slots = freeSlots(month);
const firstDays = Object.values(slots).slice(0, 3);
const threePicks = firstDays.map((list) => list[0]!.utc);

const meta = {
  title: 'Forms/CalendarPicker',
  component: CalendarPicker,
  tags: ['autodocs'],
  args: {
    month,
    onMonthChange: fn(),
    slotsByDay: slots,
    picks: [],
    onPicksChange: fn(),
    mode: 'multiple',
    zone,
    onRetry: fn(),
  },
  // The caller keeps the month and the picks: so does each story, and reports them as actions.
  render: function Render(args) {
    const [shown, setShown] = useState(args.month);
    const [picks, setPicks] = useState(args.picks);
    return (
      <CalendarPicker
        {...args}
        month={shown}
        slotsByDay={args.slotsByDay && shown === args.month ? args.slotsByDay : {}}
        picks={picks}
        onMonthChange={(next) => {
          setShown(next);
          args.onMonthChange(next);
        }}
        onPicksChange={(next) => {
          setPicks(next);
          args.onPicksChange(next);
        }}
      />
    );
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 560 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof CalendarPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing picked yet: three empty cards. */
export const Default: Story = {};

export const Loading: Story = { args: { slotsByDay: undefined, loading: true } };

/** The slots call failed: Retry asks again. */
export const Failed: Story = { args: { slotsByDay: undefined, error: true } };

/** A month without one free time: every day disabled, and a hint to look further. */
export const EmptyMonth: Story = { args: { slotsByDay: {} } };

/** One proposal made: its card and two placeholders. */
export const OnePick: Story = { args: { picks: threePicks.slice(0, 1) } };

/** Three proposals: the most there can be; a fourth pick drops the oldest. */
export const ThreePicks: Story = { args: { picks: threePicks } };

/** Re-schedule and change of date: one time only. */
export const Single: Story = { args: { mode: 'single', picks: threePicks.slice(0, 1) } };

/** In a dialog: headings one level down, under the dialog's title. */
export const InDialog: Story = { args: { headingLevel: 3, picks: threePicks.slice(0, 2) } };

/** 360 px: seven day columns, each a full touch target, the cards stacked. */
export const Phone: Story = {
  args: { picks: threePicks.slice(0, 2) },
  globals: { viewport: { value: 'phone', isRotated: false } },
};
