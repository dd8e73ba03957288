import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import type { AvailabilitySettings } from '@guestspot/shared-api';
import { renderWithProviders } from '@guestspot/shared-api/testing';
import { AvailabilityForm, availabilityToValues, humanMinutes } from './availability-form';

const defaults: AvailabilitySettings = {
  interview_durations: [{ duration: 30, price: 0 }],
  type: 'unlimited',
  rolling_days: 30,
  start_date: null,
  end_date: null,
  max_interviews_per_day: 4,
  max_interviews_per_month: null,
  minimum_notice: 240,
  buffer_before: 60,
  buffer_after: 60,
  spot_increments: 60,
  timezone: 'America/Chicago',
  rules: [1, 2, 3, 4, 5].map((wday) => ({
    type: 'wday' as const,
    wday,
    intervals: [{ from: '09:00', to: '17:00' }],
  })),
};

// Big forms re-validate on every keystroke: paste whole values (what matters is the result).
async function fill(field: HTMLElement, value: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(value);
}

jest.setTimeout(30_000);

describe('humanMinutes', () => {
  it.each([
    [240, '4 hours'],
    [60, '1 hour'],
    [90, '1 hour 30 minutes'],
    [1440, '1 day'],
    [0, 'None'],
  ])('%i minutes reads %s', (minutes, text) => expect(humanMinutes(minutes)).toBe(text));
});

describe('AvailabilityForm', () => {
  it('shows the defaults: 30 minutes FREE, 4 hours notice, weekdays 09:00–17:00, weekends off', async () => {
    const { container } = renderWithProviders(
      <AvailabilityForm initialValues={availabilityToValues(defaults)} onSubmit={jest.fn()} />,
    );
    expect(screen.getByLabelText('Duration 1')).toHaveValue('30');
    expect(screen.getByLabelText('Price 1 (USD)')).toHaveValue('0');
    expect(screen.getByText('FREE')).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum notice')).toHaveDisplayValue('4 hours');
    expect(screen.getByLabelText('Buffer before')).toHaveDisplayValue('1 hour');
    expect(screen.getByLabelText('Maximum interviews per day')).toHaveValue('4');
    expect(screen.getByLabelText('Timezone')).toHaveValue('America/Chicago');
    expect(screen.getByRole('checkbox', { name: 'Available on Monday' })).toBeChecked();
    expect(screen.getByLabelText('Monday from')).toHaveValue('09:00');
    expect(screen.getByLabelText('Friday to')).toHaveValue('17:00');
    expect(screen.getByRole('checkbox', { name: 'Available on Saturday' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Available on Sunday' })).not.toBeChecked();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('refuses repeated durations, negative prices and an end before the start', async () => {
    const onSubmit = jest.fn();
    renderWithProviders(
      <AvailabilityForm initialValues={availabilityToValues(defaults)} onSubmit={onSubmit} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add a duration' }));
    await userEvent.selectOptions(screen.getByLabelText('Duration 2'), '30');
    await fill(screen.getByLabelText('Price 2 (USD)'), '-5');
    await fill(screen.getByLabelText('Monday to'), '08:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Each interview duration can be listed once.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Min Price is 0')).toBeInTheDocument();
    expect(screen.getByText('The end time must be after the start time.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends prices in cents and only the days that are on', async () => {
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    renderWithProviders(
      <AvailabilityForm initialValues={availabilityToValues(defaults)} onSubmit={onSubmit} />,
    );
    await fill(screen.getByLabelText('Price 1 (USD)'), '150');
    expect(screen.queryByText('FREE')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Available on Friday' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Available on Saturday' }));
    expect(screen.getByLabelText('Saturday from')).toHaveValue('09:00');
    expect(screen.queryByLabelText('Friday from')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    const sent = onSubmit.mock.calls[0][0] as AvailabilitySettings;
    expect(sent.interview_durations).toEqual([{ duration: 30, price: 15000 }]);
    expect(sent.rules.map((rule) => rule.wday)).toEqual([1, 2, 3, 4, 6]);
    expect(sent.minimum_notice).toBe(240);
    expect(sent.timezone).toBe('America/Chicago');
  });
});
