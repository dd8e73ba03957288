import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { ManagedAccountsWidget } from './managed-accounts-widget';

setupMswServer();

describe('the managed accounts dashboard card', () => {
  it('lists the owners an agency member manages, Manage goes to /impersonate', async () => {
    setSession(
      makeUser({
        team_role: 'agency',
        teams: [
          { id: 1, owner_id: 42, owner_name: 'Priya Patel', role: 'agency' },
          { id: 2, owner_id: 43, owner_name: 'Basic Boss', role: 'admin' },
        ],
      }),
    );
    const { router } = renderWithProviders(<ManagedAccountsWidget />);
    expect(screen.getByRole('heading', { name: 'Accounts you manage' })).toBeInTheDocument();
    expect(screen.queryByText('Basic Boss')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: "Manage Priya Patel's account" }));
    expect(router.state.location.pathname).toBe('/impersonate');
    expect(router.state.location.search).toBe('?user_id=42');
    expect(screen.queryByRole('heading', { name: 'Impersonate a user' })).not.toBeInTheDocument();
  });

  it('shows nothing to a user who manages nobody and is not an admin', () => {
    setSession(makeUser());
    const { container } = renderWithProviders(<ManagedAccountsWidget />);
    expect(container).toBeEmptyDOMElement();
  });

  it('lets an admin find a user and impersonate them', async () => {
    setSession(makeUser({ is_admin: true }));
    let searched: string | null = null;
    server.use(
      http.get('*/api/v1/admin/users', ({ request }) => {
        searched = new URL(request.url).searchParams.get('search');
        return HttpResponse.json({
          data: [
            {
              id: 5,
              first_name: 'Maya',
              last_name: 'Brooks',
              email: 'guest@guestspot.test',
              is_admin: false,
              account_type: 'standard',
            },
            {
              id: 3,
              first_name: 'Alex',
              last_name: 'Morgan',
              email: 'admin@guestspot.test',
              is_admin: true,
              account_type: 'standard',
            },
          ],
        });
      }),
    );
    const { router } = renderWithProviders(<ManagedAccountsWidget />);
    await userEvent.click(screen.getByRole('button', { name: 'Find user' }));
    expect(await screen.findByText('User id or email is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('User id or email'), 'guest@');
    await userEvent.click(screen.getByRole('button', { name: 'Find user' }));
    const results = await screen.findByRole('list', { name: 'Matching users' });
    expect(searched).toBe('guest@');
    expect(results).toHaveTextContent('Maya Brooks');
    expect(
      screen.queryByRole('button', { name: 'Impersonate Alex Morgan' }),
    ).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Impersonate Maya Brooks' }));
    await waitFor(() => expect(router.state.location.search).toBe('?user_id=5'));
  });

  it('says when nobody matches', async () => {
    setSession(makeUser({ is_admin: true }));
    server.use(http.get('*/api/v1/admin/users', () => HttpResponse.json({ data: [] })));
    renderWithProviders(<ManagedAccountsWidget />);
    await userEvent.type(screen.getByLabelText('User id or email'), 'nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Find user' }));
    expect(await screen.findByText('No users match.')).toBeInTheDocument();
  });
});
