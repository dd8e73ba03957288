import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import { useCurrentUser, type User } from '@guestspot/shared-api';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { settingsAccess } from '../../../components/settings';
import { NO_TEAM_EMAIL_HINT, NotificationsSection } from './notifications-section';

setupMswServer();

function Connected() {
  const user = useCurrentUser();
  return user ? <NotificationsSection user={user} access={settingsAccess(user)} /> : null;
}

function renderRow(user: User) {
  setSession(user);
  return renderWithProviders(<Connected />);
}

async function openEditor() {
  await userEvent.click(screen.getByRole('button', { name: 'Edit Notifications' }));
  return screen.getByRole('form', { name: 'Edit Notifications' });
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
});

describe('Notifications row', () => {
  it('shows the saved choices and saves SMS; email is disabled without a team, with the reason', async () => {
    const { container } = renderRow(makeUser({ has_team: false, sms_notifications: false }));
    expect(screen.getByText('Email: On · SMS: Off')).toBeInTheDocument();
    let body: unknown;
    server.use(
      http.put('*/api/v1/users/1', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: makeUser({ sms_notifications: true }) });
      }),
    );
    const form = await openEditor();
    const email = within(form).getByRole('checkbox', { name: 'Email notifications' });
    expect(email).toBeDisabled();
    expect(email).toBeChecked();
    expect(email).toHaveAccessibleDescription(NO_TEAM_EMAIL_HINT);
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(within(form).getByRole('checkbox', { name: 'SMS notifications' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email: On · SMS: On')).toBeInTheDocument();
    // Without a team the email choice is not sent at all.
    expect(body).toEqual({ sms_notifications: true });
  });

  it('with a team, shows the server team rule on the email field and keeps the form open', async () => {
    renderRow(makeUser({ has_team: true }));
    let body: unknown;
    server.use(
      http.put('*/api/v1/users/1', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          {
            message: 'At least one team member needs to have the email notifications turned on',
            errors: {
              email_notifications: [
                'At least one team member needs to have the email notifications turned on',
              ],
            },
          },
          { status: 422 },
        );
      }),
    );
    const form = await openEditor();
    const email = within(form).getByRole('checkbox', { name: 'Email notifications' });
    expect(email).toBeEnabled();
    await userEvent.click(email);
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(email).toHaveAccessibleDescription(
        'At least one team member needs to have the email notifications turned on',
      ),
    );
    expect(body).toEqual({ email_notifications: false, sms_notifications: false });
    expect(screen.getByRole('form', { name: 'Edit Notifications' })).toBeInTheDocument();
  });

  it('Cancel restores the saved choices', async () => {
    renderRow(makeUser({ has_team: true, sms_notifications: false }));
    const form = await openEditor();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'SMS notifications' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Email: On · SMS: Off')).toBeInTheDocument();
    const again = await openEditor();
    expect(within(again).getByRole('checkbox', { name: 'SMS notifications' })).not.toBeChecked();
  });
});
