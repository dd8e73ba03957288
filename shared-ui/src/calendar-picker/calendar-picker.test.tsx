import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { CalendarPicker, type CalendarPickerProps } from './calendar-picker';
import type { CalendarSlot } from './calendar-dates';

const slot = (utc: string): CalendarSlot => ({ utc, status: 'available' });

/** March 2030 (a future month whatever the clock says): three times on the 12th, one on the 14th. */
const march: Record<string, CalendarSlot[]> = {
  '2030-03-12': [
    slot('2030-03-12 09:00:00'),
    slot('2030-03-12 15:00:00'),
    slot('2030-03-12 16:00:00'),
  ],
  '2030-03-14': [slot('2030-03-14 10:00:00')],
};

/** The picker as a caller keeps it: month and picks in state, slots only for March 2030. */
function Harness({
  initialPicks = [],
  onPicksChange,
  ...props
}: Partial<CalendarPickerProps> & { initialPicks?: string[] }) {
  const [month, setMonth] = useState('2030-03');
  const [picks, setPicks] = useState(initialPicks);
  return (
    <CalendarPicker
      month={month}
      onMonthChange={setMonth}
      slotsByDay={month === '2030-03' ? march : {}}
      picks={picks}
      onPicksChange={(next) => {
        setPicks(next);
        onPicksChange?.(next);
      }}
      zone="UTC"
      minMonth="2030-03"
      {...props}
    />
  );
}

const pickedCards = () =>
  within(screen.getByRole('list', { name: 'Proposed times' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

it('says it is loading, with the month and its navigation in place', async () => {
  const { container } = render(
    <CalendarPicker
      data-testid="picker"
      month="2030-03"
      onMonthChange={jest.fn()}
      loading
      picks={[]}
      onPicksChange={jest.fn()}
      zone="UTC"
    />,
  );
  expect(screen.getByRole('status')).toHaveTextContent('Loading available times');
  expect(screen.getByRole('heading', { level: 2, name: 'March 2030' })).toBeInTheDocument();
  expect(screen.queryByRole('group', { name: 'Days of March 2030' })).not.toBeInTheDocument();
  expect(screen.getByTestId('picker')).toHaveAttribute('data-state', 'loading');
  expect(await axe(container)).toHaveNoViolations();
});

it('shows a failed load with Retry', async () => {
  const onRetry = jest.fn();
  const { container } = render(
    <CalendarPicker
      data-testid="picker"
      month="2030-03"
      onMonthChange={jest.fn()}
      error
      onRetry={onRetry}
      picks={[]}
      onPicksChange={jest.fn()}
      zone="UTC"
    />,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('The available times could not be loaded.');
  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(onRetry).toHaveBeenCalledTimes(1);
  expect(screen.getByTestId('picker')).toHaveAttribute('data-state', 'error');
  expect(await axe(container)).toHaveNoViolations();
});

it('says so when a month has no free time, every day disabled', async () => {
  const { container } = render(<Harness />);
  await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
  expect(screen.getByRole('heading', { name: 'April 2030' })).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(
    'No free times in April 2030. Try the next month.',
  );
  const days = within(screen.getByRole('group', { name: 'Days of April 2030' }));
  expect(days.getAllByRole('button')).toHaveLength(30);
  for (const day of days.getAllByRole('button')) expect(day).toBeDisabled();
  expect(days.getByRole('button', { name: 'Monday, April 1, no times available' })).toBeDisabled();
  expect(await axe(container)).toHaveNoViolations();
});

it('picks up to three times as cards, a fourth dropping the oldest, and removes one', async () => {
  const onPicksChange = jest.fn();
  const { container } = render(<Harness onPicksChange={onPicksChange} />);
  expect(screen.getByText(/Choose up to 3 times that suit you. Times are shown in UTC\./));
  expect(screen.getByRole('heading', { name: 'Your proposed times (0 of 3)' })).toBeInTheDocument();
  // the empty cards are drawn, not listed
  expect(
    within(screen.getByRole('list', { name: 'Proposed times' })).queryAllByRole('listitem'),
  ).toHaveLength(0);
  expect(screen.getByText('Date 1 — not chosen')).toBeInTheDocument();

  const tuesday = screen.getByRole('button', { name: 'Tuesday, March 12' });
  expect(tuesday).toHaveAttribute('aria-pressed', 'false');
  await userEvent.click(tuesday);
  expect(tuesday).toHaveAttribute('aria-pressed', 'true');
  const times = within(screen.getByRole('group', { name: 'Times on Tuesday, March 12' }));
  for (const time of ['9:00 AM', '3:00 PM', '4:00 PM']) {
    await userEvent.click(times.getByRole('button', { name: time }));
  }
  expect(times.getByRole('button', { name: '3:00 PM' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.queryByText(/not chosen/)).not.toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Thursday, March 14' }));
  await userEvent.click(screen.getByRole('button', { name: '10:00 AM' }));
  expect(onPicksChange).toHaveBeenLastCalledWith([
    '2030-03-12 15:00:00',
    '2030-03-12 16:00:00',
    '2030-03-14 10:00:00',
  ]);
  expect(pickedCards()).toEqual([
    'Tue, Mar 12, 3:00 PMRemove Tue, Mar 12, 3:00 PM',
    'Tue, Mar 12, 4:00 PMRemove Tue, Mar 12, 4:00 PM',
    'Thu, Mar 14, 10:00 AMRemove Thu, Mar 14, 10:00 AM',
  ]);
  expect(screen.getByRole('heading', { name: 'Your proposed times (3 of 3)' })).toBeInTheDocument();
  expect(await axe(container)).toHaveNoViolations();

  await userEvent.click(screen.getByRole('button', { name: 'Remove Tue, Mar 12, 4:00 PM' }));
  expect(pickedCards()).toHaveLength(2);
  expect(screen.getByText('Date 3 — not chosen')).toBeInTheDocument();
  // a picked time unpicks from its button too
  await userEvent.click(screen.getByRole('button', { name: '10:00 AM' }));
  expect(pickedCards()).toEqual(['Tue, Mar 12, 3:00 PMRemove Tue, Mar 12, 3:00 PM']);
});

it('keeps one time in single mode', async () => {
  const onPicksChange = jest.fn();
  const { container } = render(
    <Harness mode="single" initialPicks={['2030-03-14 10:00:00']} onPicksChange={onPicksChange} />,
  );
  expect(screen.getByText(/Choose one time\. Times are shown in UTC\./));
  expect(screen.getByRole('heading', { name: 'Your chosen time' })).toBeInTheDocument();
  const chosen = () =>
    within(screen.getByRole('list', { name: 'Chosen time' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  expect(chosen()).toEqual(['Thu, Mar 14, 10:00 AMRemove Thu, Mar 14, 10:00 AM']);

  await userEvent.click(screen.getByRole('button', { name: 'Tuesday, March 12' }));
  await userEvent.click(screen.getByRole('button', { name: '3:00 PM' }));
  await userEvent.click(screen.getByRole('button', { name: '4:00 PM' }));
  expect(onPicksChange).toHaveBeenLastCalledWith(['2030-03-12 16:00:00']);
  expect(chosen()).toEqual(['Tue, Mar 12, 4:00 PMRemove Tue, Mar 12, 4:00 PM']);
  expect(screen.getByRole('button', { name: '3:00 PM' })).toHaveAttribute('aria-pressed', 'false');
  expect(await axe(container)).toHaveNoViolations();

  await userEvent.click(screen.getByRole('button', { name: /^Remove/ }));
  expect(screen.getByText('Not chosen yet')).toBeInTheDocument();
});

it('never goes before the first month, and forgets the chosen day on another month', async () => {
  render(<Harness />);
  const previous = screen.getByRole('button', { name: 'Previous month' });
  expect(previous).toBeDisabled();
  await userEvent.click(screen.getByRole('button', { name: 'Tuesday, March 12' }));
  expect(screen.getByRole('group', { name: 'Times on Tuesday, March 12' })).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
  expect(previous).toBeEnabled();
  expect(screen.queryByRole('group', { name: /^Times on/ })).not.toBeInTheDocument();
  await userEvent.click(previous);
  expect(screen.getByRole('heading', { name: 'March 2030' })).toBeInTheDocument();
  expect(previous).toBeDisabled();
  // the keyboard's focus is not lost with the button it was on
  expect(screen.getByRole('button', { name: 'Next month' })).toHaveFocus();
  expect(screen.queryByRole('group', { name: /^Times on/ })).not.toBeInTheDocument();
});

describe('now', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2030-03-12T12:00:00Z'), doNotFake: ['setTimeout'] });
  });
  afterEach(() => jest.useRealTimers());

  it('offers no time already started and no month before the current one', async () => {
    render(<Harness minMonth={undefined} />);
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Tuesday, March 12' }));
    expect(screen.queryByRole('button', { name: '9:00 AM' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3:00 PM' })).toBeInTheDocument();
  });
});

it('moves between the days that can be chosen with the arrow keys', async () => {
  render(<Harness />);
  screen.getByRole('button', { name: 'Tuesday, March 12' }).focus();
  await userEvent.keyboard('{ArrowRight}');
  // the 13th has no time: the next day that has one
  expect(screen.getByRole('button', { name: 'Thursday, March 14' })).toHaveFocus();
  await userEvent.keyboard('{ArrowLeft}');
  expect(screen.getByRole('button', { name: 'Tuesday, March 12' })).toHaveFocus();
  // nothing a week away: focus stays
  await userEvent.keyboard('{ArrowDown}');
  expect(screen.getByRole('button', { name: 'Tuesday, March 12' })).toHaveFocus();
});

it('shows days and times in the viewer’s zone, headings at the level it is given', () => {
  render(
    <CalendarPicker
      month="2030-03"
      onMonthChange={jest.fn()}
      slotsByDay={{ '2030-03-12': [slot('2030-03-12 15:00:00')] }}
      picks={['2030-03-12 15:00:00']}
      onPicksChange={jest.fn()}
      zone="America/Chicago"
      minMonth="2030-03"
      headingLevel={3}
    />,
  );
  expect(screen.getByText(/Times are shown in America\/Chicago\./)).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 3, name: 'March 2030' })).toHaveAttribute(
    'aria-live',
    'polite',
  );
  expect(screen.getByRole('heading', { level: 3, name: /Your proposed times/ })).toBeVisible();
  expect(pickedCards()).toEqual(['Tue, Mar 12, 10:00 AMRemove Tue, Mar 12, 10:00 AM']);
});
