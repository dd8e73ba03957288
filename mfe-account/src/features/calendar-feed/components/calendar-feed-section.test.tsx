import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ConfirmHost } from '@guestspot/shared-ui';
import { settingsAccess } from '../../../components/settings';
import { CalendarFeedSection, FEED_LABEL } from './calendar-feed-section';

setupMswServer();

const URL = `https://guestspot.test/api/v1/calendar-feed/${'a'.repeat(64)}.ics`;
const off = { active: false, created_at: null, last_used_at: null };
const on = { active: true, created_at: '2026-01-05T10:00:00Z', last_used_at: null };

function mockFeed(initial: typeof off | typeof on) {
  const calls: string[] = [];
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/users/me/calendar-feed', () => HttpResponse.json({ data: initial })),
    http.post('*/api/v1/users/me/calendar-feed', () => {
      calls.push('POST');
      return HttpResponse.json(
        {
          data: {
            active: true,
            created_at: '2026-01-06T10:00:00Z',
            last_used_at: null,
            url: URL,
            webcal_url: URL.replace('https:', 'webcal:'),
          },
        },
        { status: 201 },
      );
    }),
    http.delete('*/api/v1/users/me/calendar-feed', () => {
      calls.push('DELETE');
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

function renderSection(user = makeUser()) {
  setSession(user);
  return renderWithProviders(
    <>
      <CalendarFeedSection user={user} access={settingsAccess(user)} />
      <ConfirmHost />
    </>,
  );
}

describe('Settings → Calendar feed', () => {
  it('makes the feed and shows its URL once, with Copy and the Apple Calendar link', async () => {
    const calls = mockFeed(off);
    const { container } = renderSection();
    const section = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(await within(section).findByText('Off')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create feed URL' }));
    expect(await screen.findByRole('textbox', { name: FEED_LABEL })).toHaveValue(URL);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Apple Calendar' })).toHaveAttribute(
      'href',
      URL.replace('https:', 'webcal:'),
    );
    expect(calls).toEqual(['POST']);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('an active feed offers a new URL (after confirming) and turning it off', async () => {
    const calls = mockFeed(on);
    renderSection();
    expect(await screen.findByText(/On since/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: FEED_LABEL })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Make a new URL' }));
    const rotate = await screen.findByRole('dialog', { name: 'Make a new calendar feed URL?' });
    await userEvent.click(within(rotate).getByRole('button', { name: 'Make a new URL' }));
    expect(await screen.findByRole('textbox', { name: FEED_LABEL })).toHaveValue(URL);

    await userEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const revoke = await screen.findByRole('dialog', { name: 'Turn off the calendar feed?' });
    await userEvent.click(within(revoke).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: FEED_LABEL })).not.toBeInTheDocument();
    expect(calls).toEqual(['POST', 'DELETE']);
  });

  it('a team member acting as the owner sees the state but cannot change it', async () => {
    mockFeed(on);
    renderSection(
      makeUser({
        impersonator: { id: 9, name: 'Alex Agency', is_admin: false, team_role: 'agency' },
      }),
    );
    expect(await screen.findByText(/On since/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Only the account owner can turn the calendar feed on or off.'),
    ).toBeInTheDocument();
  });
});
