import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { type Integration } from '@guestspot/shared-api';
import { announceOAuthConnected } from '@guestspot/shared-api/oauth';
import {
  makeIntegration,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ConfirmHost } from '@guestspot/shared-ui';
import { settingsAccess } from '../../../components/settings';
import { CalendarsSection } from './calendars-section';

setupMswServer();
const user = makeUser();
beforeEach(() => {
  setSession(user);
  document.cookie = 'XSRF-TOKEN=t; path=/';
});

const LIST = '*/api/v1/integrations';

function serveList(list: () => Integration[]) {
  server.use(
    http.get(LIST, ({ request }) => {
      expect(new URL(request.url).searchParams.get('filter[slug]')).toBe(
        'icloud-calendar,google-calendar,office365-calendar',
      );
      return HttpResponse.json({ data: list() });
    }),
  );
}

function renderSection() {
  return renderWithProviders(
    <>
      <CalendarsSection user={user} access={settingsAccess(user)} />
      <ConfirmHost />
    </>,
    { route: '/settings' },
  );
}

const row = (name: string) => screen.getByRole('group', { name });

describe('Settings → Calendars', () => {
  it('offers Connect for each provider that is not connected', async () => {
    serveList(() => []);
    renderSection();
    expect(screen.getByRole('heading', { name: 'Calendars' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Connect iCloud' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect Office 365' })).toBeInTheDocument();
    expect(within(row('iCloud')).getByText('Not connected')).toBeInTheDocument();
  });

  it('shows a connected calendar with its account, status and choices, and Edit', async () => {
    serveList(() => [
      makeIntegration({
        id: 7,
        slug: 'google-calendar',
        name: 'Google Calendar',
        account: 'sam@gmail.test',
        credentials: null,
        params: { events_calendar: 'work', conflict_calendars: ['work', 'home'] },
        data: {
          available_calendars: [
            { id: 'home', name: 'Home' },
            { id: 'work', name: 'Work' },
          ],
        },
      }),
    ]);
    renderSection();
    const google = await screen.findByRole('group', { name: 'Google' });
    expect(within(google).getByText('sam@gmail.test')).toBeInTheDocument();
    expect(within(google).getByText('Active')).toBeInTheDocument();
    expect(within(google).getByText('Work, Home')).toBeInTheDocument();
    expect(within(google).getByRole('button', { name: 'Edit Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Connect iCloud' })).toBeInTheDocument();
  });

  it('shows an error with Retry when the list fails', async () => {
    let fail = true;
    server.use(
      http.get(LIST, () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({ data: [] }),
      ),
    );
    renderSection();
    expect(await screen.findByText('Your calendars could not be loaded.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Connect iCloud' })).toBeInTheDocument();
  });
});

describe('connecting iCloud', () => {
  async function openForm() {
    await userEvent.click(await screen.findByRole('button', { name: 'Connect iCloud' }));
    return screen.getByRole('dialog', { name: 'Connect iCloud' });
  }

  it('checks the fields with the spec’s messages', async () => {
    serveList(() => []);
    renderSection();
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('iCloud Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('iCloud Password is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText(/iCloud Email/), 'not-an-email');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(
      await within(dialog).findByText('Please enter a valid email address'),
    ).toBeInTheDocument();

    const email = within(dialog).getByLabelText(/iCloud Email/);
    await userEvent.clear(email);
    await userEvent.click(email);
    await userEvent.paste(`${'a'.repeat(250)}@icloud.test`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(
      await within(dialog).findByText('The iCloud Email cannot exceed 255 characters'),
    ).toBeInTheDocument();
  });

  it('says "iCloud connection error" with the server’s field errors, then connects', async () => {
    let list: Integration[] = [];
    serveList(() => list);
    const posted: unknown[] = [];
    server.use(
      http.post(LIST, async ({ request }) => {
        const body = (await request.json()) as { credentials: { password: string } };
        posted.push(body);
        if (body.credentials.password === 'wrong') {
          return HttpResponse.json(
            {
              message: 'iCloud connection error',
              errors: { 'credentials.password': ['iCloud did not accept this password.'] },
            },
            { status: 422 },
          );
        }
        const created = makeIntegration({ id: 3, account: 'sam@icloud.test' });
        list = [created];
        return HttpResponse.json({ data: created }, { status: 201 });
      }),
    );
    renderSection();
    const dialog = await openForm();
    await userEvent.type(within(dialog).getByLabelText(/iCloud Email/), 'sam@icloud.test');
    await userEvent.type(within(dialog).getByLabelText(/iCloud Password/), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('iCloud connection error')).toBeInTheDocument();
    expect(within(dialog).getByText('iCloud did not accept this password.')).toBeInTheDocument();
    expect(posted[0]).toEqual({
      name: 'iCloud Calendar',
      slug: 'icloud-calendar',
      credentials: { email: 'sam@icloud.test', password: 'wrong' },
      account: 'sam@icloud.test',
    });

    const password = within(dialog).getByLabelText(/iCloud Password/);
    await userEvent.clear(password);
    await userEvent.type(password, 'abcd-efgh-ijkl-mnop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(row('iCloud')).getByText('sam@icloud.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit iCloud' })).toHaveFocus();
  });
});

describe('connecting Google and Office 365', () => {
  afterEach(() => jest.restoreAllMocks());

  it('opens the consent page in a new tab and refetches when that tab finishes', async () => {
    let list: Integration[] = [];
    serveList(() => list);
    server.use(
      http.get('*/api/v1/oauth/google/redirect', ({ request }) => {
        expect(new URL(request.url).searchParams.get('return_to')).toBe('/settings#calendars');
        return HttpResponse.json({ url: '/api/v1/oauth/local/google/authorize?state=s' });
      }),
    );
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google' }));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(await screen.findByText('Finish connecting Google in the new tab.')).toBeInTheDocument();
    expect(tab.location.href).toBe('http://localhost/api/v1/oauth/local/google/authorize?state=s');
    expect(tab.opener).toBeNull();

    list = [
      makeIntegration({
        id: 9,
        slug: 'google-calendar',
        account: 'sam@gmail.test',
        credentials: null,
      }),
    ];
    announceOAuthConnected('google');
    expect(await screen.findByRole('button', { name: 'Edit Google' })).toBeInTheDocument();
    expect(within(row('Google')).getByText('sam@gmail.test')).toBeInTheDocument();
  });

  it('closes the tab and says so when the authorization cannot start', async () => {
    serveList(() => []);
    server.use(
      http.get('*/api/v1/oauth/microsoft/redirect', () =>
        HttpResponse.json({ message: 'Microsoft is not available.' }, { status: 404 }),
      ),
    );
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Office 365' }));
    expect(await screen.findByText('Microsoft is not available.')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Connect Office 365' })).toBeEnabled();
  });
});

describe('editing a connected calendar', () => {
  function serveIntegration(initial: Integration, status: Integration['status'] = 'active') {
    let current = initial;
    const calls: string[] = [];
    serveList(() => [current]);
    server.use(
      http.get(`*/api/v1/integrations/${initial.id}/check`, () => {
        calls.push('check');
        current = { ...current, status };
        return HttpResponse.json({ data: current });
      }),
      http.get(`*/api/v1/integrations/${initial.id}`, () => {
        calls.push('get');
        return HttpResponse.json({ data: current });
      }),
    );
    return {
      calls,
      set: (next: Integration) => {
        current = next;
      },
    };
  }

  it('runs the check, shows the status, and saves the chosen calendars', async () => {
    const integration = makeIntegration({ id: 4 });
    const { calls, set } = serveIntegration(integration);
    let body: { params?: unknown } = {};
    server.use(
      http.put('*/api/v1/integrations/4', async ({ request }) => {
        body = (await request.json()) as { params?: unknown };
        await delay(50);
        const saved = { ...integration, params: body.params as Integration['params'] };
        set(saved);
        return HttpResponse.json({ data: saved });
      }),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit iCloud' }));
    const form = await screen.findByRole('form', { name: 'Edit iCloud' });
    expect(calls).toEqual(['check', 'get']);
    expect(within(row('iCloud')).getByText('Active')).toBeInTheDocument();

    await userEvent.selectOptions(within(form).getByLabelText(/Events calendar/), 'Work');
    const conflicts = within(form).getByRole('group', { name: /Conflict calendars/ });
    await userEvent.click(within(conflicts).getByLabelText('Work'));
    await userEvent.click(within(conflicts).getByLabelText('Family'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('button', { name: /Save/ })).toBeDisabled();

    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(body.params).toEqual({
      events_calendar: 'local-icloud-work',
      conflict_calendars: ['local-icloud-work', 'local-icloud-family'],
    });
    expect(within(row('iCloud')).getByText('Work')).toBeInTheDocument();
    expect(within(row('iCloud')).getByText('Work, Family')).toBeInTheDocument();
  });

  it('says Inactive when the check fails', async () => {
    serveIntegration(makeIntegration({ id: 5 }), 'inactive');
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit iCloud' }));
    await screen.findByRole('form', { name: 'Edit iCloud' });
    expect(within(row('iCloud')).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText(/Guestspot could not reach this iCloud account/)).toBeInTheDocument();
  });

  it('shows the server’s field error when a calendar is refused', async () => {
    serveIntegration(makeIntegration({ id: 6 }));
    server.use(
      http.put('*/api/v1/integrations/6', () =>
        HttpResponse.json(
          {
            message: 'The selected params.events calendar is invalid.',
            errors: {
              'params.events_calendar': ['The selected params.events calendar is invalid.'],
            },
          },
          { status: 422 },
        ),
      ),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit iCloud' }));
    const form = await screen.findByRole('form', { name: 'Edit iCloud' });
    await userEvent.selectOptions(within(form).getByLabelText(/Events calendar/), 'Home');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findAllByText('The selected params.events calendar is invalid.'),
    ).not.toHaveLength(0);
    expect(within(form).getByLabelText(/Events calendar/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables after confirmation, and says so when that fails', async () => {
    serveIntegration(makeIntegration({ id: 8 }));
    let fail = true;
    server.use(
      http.delete('*/api/v1/integrations/8', () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : new HttpResponse(null, { status: 204 }),
      ),
    );
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit iCloud' }));
    const form = await screen.findByRole('form', { name: 'Edit iCloud' });

    await userEvent.click(within(form).getByRole('button', { name: 'Disable' }));
    const confirmDialog = await screen.findByRole('dialog', { name: 'Disable iCloud?' });
    await userEvent.click(within(confirmDialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Error! The integration was not disabled')).toBeInTheDocument();

    fail = false;
    serveList(() => []);
    await userEvent.click(within(form).getByRole('button', { name: 'Disable' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Disable iCloud?' })).getByRole('button', {
        name: 'Disable',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Connect iCloud' })).toBeInTheDocument();
  });

  it('Cancel leaves without saving', async () => {
    serveIntegration(makeIntegration({ id: 10 }));
    const put = jest.fn();
    server.use(http.put('*/api/v1/integrations/10', put));
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit iCloud' }));
    const form = await screen.findByRole('form', { name: 'Edit iCloud' });
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit iCloud' })).toHaveFocus();
    expect(put).not.toHaveBeenCalled();
  });
});
