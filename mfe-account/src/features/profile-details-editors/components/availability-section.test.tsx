import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { AvailabilitySettings } from '@guestspot/shared-api';
import { server } from '@guestspot/shared-api/testing';
import { AvailabilitySection } from './availability-section';
import { mockSavedResource, renderEditor, setupEditorTest } from './editor-test-setup';

setupEditorTest();

const URL = '*/api/v1/guests/7/availability';
const availability = mockSavedResource<AvailabilitySettings>(URL, () => ({
  interview_durations: [{ duration: 30, price: 5000 }],
  type: 'rolling',
  rolling_days: 30,
  start_date: null,
  end_date: null,
  max_interviews_per_day: null,
  max_interviews_per_month: null,
  minimum_notice: 240,
  buffer_before: 0,
  buffer_after: 0,
  spot_increments: 30,
  timezone: 'America/New_York',
  rules: [{ type: 'wday', wday: 1, intervals: [{ from: '09:00', to: '17:00' }] }],
}));

const renderSection = () => renderEditor(<AvailabilitySection profileId={7} />, '/details/guest');
const panel = () => screen.getByRole('group', { name: 'Availability' });
const form = () => screen.getByRole('form', { name: 'Interview availability' });

describe('Availability', () => {
  it('shows the saved settings and saves a change through PUT /guests/{id}/availability', async () => {
    const { container } = renderSection();
    await waitFor(() => expect(panel()).toHaveTextContent('Interviews30 minutes: $50'));
    expect(panel()).toHaveTextContent('Booking windowThe next 30 days');
    expect(panel()).toHaveTextContent('Minimum notice4 hours');
    expect(panel()).toHaveTextContent('Monday: 09:00–17:00');
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Availability' }));
    const days = within(form()).getByRole('textbox', { name: 'Days ahead' });
    await userEvent.clear(days);
    await userEvent.type(days, '60');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(panel()).toHaveTextContent('Booking windowThe next 60 days'));
    expect(screen.getByText('Availability saved.')).toBeInTheDocument();
    expect(availability.sent).toEqual([
      expect.objectContaining({
        rolling_days: 60,
        interview_durations: [{ duration: 30, price: 5000 }],
      }),
    ]);
  });

  it('keeps the form and the typed value when the save fails', async () => {
    server.use(
      http.put(URL, () =>
        HttpResponse.json(
          {
            message: 'Invalid.',
            errors: { rolling_days: ['The rolling days field must not be greater than 365.'] },
          },
          { status: 422 },
        ),
      ),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Availability' }));
    const days = within(form()).getByRole('textbox', { name: 'Days ahead' });
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The rolling days field must not be greater than 365.'),
    ).toBeInTheDocument();
    expect(days).toHaveValue('90');
    expect(within(form()).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });
});
