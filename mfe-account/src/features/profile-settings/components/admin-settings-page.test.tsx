import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { AdminUserSummary, User } from '@guestspot/shared-api';
import {
  clearCookies,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ToastHost, useToastStore } from '@guestspot/shared-ui';
import { AdminSettingsPage } from './admin-settings-page';

setupMswServer();
jest.setTimeout(20_000);

const admin = makeUser({ id: 9, first_name: 'Alex', last_name: 'Morgan', is_admin: true });
const sofia = makeUser({
  id: 5,
  first_name: 'Sofia',
  last_name: 'Ramirez',
  email: 'show@guestspot.test',
  title: 'Host',
  has_team: false,
});
const summary = (user: User, isAdmin = false): AdminUserSummary => ({
  id: user.id,
  first_name: user.first_name,
  last_name: user.last_name,
  email: user.email,
  is_admin: isAdmin,
  account_type: user.account_type,
});

let target: User;
let puts: Record<string, unknown>[];
let searches: string[];

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useToastStore.setState({ toasts: [] });
  target = sofia;
  puts = [];
  searches = [];
  server.use(
    http.get('*/api/v1/admin/users', ({ request }) => {
      searches.push(new URL(request.url).searchParams.get('search') ?? '');
      return HttpResponse.json({ data: [summary(target), summary(admin, true)] });
    }),
    http.get('*/api/v1/admin/users/:id', () => HttpResponse.json({ data: target })),
    http.put('*/api/v1/admin/users/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      const { password: _p, password_confirmation: _c, ...fields } = body;
      target = { ...target, ...(fields as Partial<User>) };
      return HttpResponse.json({ data: target });
    }),
  );
});
afterEach(clearCookies);

function renderPage(viewer: User = admin, route = '/admin-settings') {
  setSession(viewer);
  return renderWithProviders(
    <>
      <AdminSettingsPage />
      <ToastHost />
    </>,
    {
      route,
      path: '/admin-settings',
      routes: [{ path: '/403-forbidden', element: <h1>Forbidden</h1> }],
    },
  );
}

const row = (name: string) => screen.getByRole('group', { name });
const form = (name: string) => screen.getByRole('form', { name: `Edit ${name}` });

describe('/admin-settings', () => {
  it('sends a user who is not a site admin to Forbidden', async () => {
    renderPage(makeUser());
    expect(await screen.findByRole('heading', { name: 'Forbidden' })).toBeInTheDocument();
  });

  it('lets an admin who is impersonating someone in', async () => {
    renderPage(
      makeUser({ impersonator: { id: 9, name: 'Alex Morgan', is_admin: true, team_role: null } }),
    );
    expect(await screen.findByRole('heading', { name: 'Admin settings' })).toBeInTheDocument();
  });

  it('finds users; admins cannot be picked; Edit opens the user', async () => {
    const { container, router } = renderPage();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'sofia');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    const results = await screen.findByRole('list', { name: 'Users found' });
    expect(searches).toEqual(['sofia']);
    expect(within(results).getByText(/show@guestspot.test/)).toBeInTheDocument();
    expect(within(results).getByText('Admins edit their own settings.')).toBeInTheDocument();
    expect(within(results).queryByRole('button', { name: 'Edit Alex Morgan' })).toBeNull();
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(within(results).getByRole('button', { name: 'Edit Sofia Ramirez' }));
    expect(
      await screen.findByRole('heading', { name: 'Editing Sofia Ramirez' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=sofia&user=5');
    // The admin's rows: no title, notifications instead; the password needs no current one.
    expect(screen.queryByRole('group', { name: 'Title' })).toBeNull();
    expect(row('Notifications')).toHaveTextContent('Email: On, SMS: Off');
    expect(row('Timezone')).not.toHaveTextContent('This device');
  });

  it('shows when nothing matches', async () => {
    server.use(http.get('*/api/v1/admin/users', () => HttpResponse.json({ data: [] })));
    renderPage(admin, '/admin-settings?search=nobody');
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument();
  });

  it('saves the name through the admin update and shows the saved value', async () => {
    renderPage(admin, '/admin-settings?user=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Name' }));
    const last = screen.getByRole('textbox', { name: /Last name/ });
    await userEvent.clear(last);
    await userEvent.type(last, 'Ramos');
    await userEvent.click(within(form('Name')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(row('Name')).toHaveTextContent('Sofia Ramos'));
    expect(puts).toEqual([{ first_name: 'Sofia', last_name: 'Ramos' }]);
  });

  it('sets a password without the current one; a refusal shows on the fields with the toast', async () => {
    renderPage(admin, '/admin-settings?user=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Password' }));
    expect(screen.queryByLabelText(/Current password/)).toBeNull();
    await userEvent.click(within(form('Password')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('New password is required')).toBeInTheDocument();

    server.use(
      http.put('*/api/v1/admin/users/:id', () =>
        HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { password: ['The password field must be at least 8 characters.'] },
          },
          { status: 422 },
        ),
      ),
    );
    await userEvent.type(screen.getByLabelText(/^New password\W*$/), 'Admin-set-1');
    await userEvent.type(screen.getByLabelText(/^New password confirmation/), 'Admin-set-1');
    await userEvent.click(within(form('Password')).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The password field must be at least 8 characters.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error! Something went wrong.')).toBeInTheDocument();
  });

  it('edits notifications; the email box is disabled for a user without a team', async () => {
    renderPage(admin, '/admin-settings?user=5');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Notifications' }));
    expect(screen.getByRole('checkbox', { name: /Email notifications/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /SMS notifications/ }));
    await userEvent.click(within(form('Notifications')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(row('Notifications')).toHaveTextContent('SMS: On'));
    expect(puts).toEqual([{ email_notifications: true, sms_notifications: true }]);
  });

  it('says so when the chosen account is an admin’s, with a way back', async () => {
    server.use(
      http.get('*/api/v1/admin/users/:id', () =>
        HttpResponse.json(
          { message: 'An admin account can only be edited by its owner.' },
          { status: 403 },
        ),
      ),
    );
    const { router } = renderPage(admin, '/admin-settings?user=9');
    expect(
      await screen.findByText('An admin account can only be edited by its owner.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to search' }));
    expect(router.state.location.search).toBe('');
  });
});
