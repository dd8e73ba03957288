import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLoginModalStore } from '@guestspot/shared-ui';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { TeamInvitationPage } from './team-invitation-page';

setupMswServer();
const invitation = {
  id: 7,
  team_owner_name: 'Priya Patel',
  role: 'agency',
  email: 'ada@guestspot.test',
  status: 'pending',
};
const route = '/team-invitations/7?token=tok';
const render = () =>
  renderWithProviders(<TeamInvitationPage />, { route, path: '/team-invitations/:invitationId' });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  window.sessionStorage.clear();
  useLoginModalStore.setState({ open: false, redirect: null });
  server.use(
    http.get('*/api/v1/team-invitations/7', ({ request }) =>
      new URL(request.url).searchParams.get('token') === 'tok'
        ? HttpResponse.json({ data: invitation })
        : HttpResponse.json(
            { message: 'This invitation link is invalid or has expired.' },
            { status: 422 },
          ),
    ),
  );
});

describe('/team-invitations/:invitationId', () => {
  it('tells a visitor who invited them and as what; Sign in to accept opens login and remembers the page', async () => {
    setSession(null);
    const { router } = render();
    expect(await screen.findByText(/invited/)).toHaveTextContent(
      'Priya Patel invited ada@guestspot.test to join their Guestspot team as an Agency member.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign in to accept' }));
    expect(useLoginModalStore.getState()).toMatchObject({ open: true, redirect: route });
    expect(window.sessionStorage.getItem('guestspot.redirect')).toBe(route);

    await userEvent.click(screen.getByRole('button', { name: 'Create an account' }));
    expect(router.state.location.pathname).toBe('/register');
  });

  it('lets the invitee accept: toast and dashboard', async () => {
    setSession(makeUser());
    let body: unknown;
    server.use(
      http.post('*/api/v1/team-invitations/7/accept', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: makeUser() });
      }),
      http.get('*/api/v1/users/me', () => HttpResponse.json({ data: makeUser() })),
    );
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(body).toEqual({ token: 'tok' });
  });

  it('lets the invitee decline', async () => {
    setSession(makeUser());
    server.use(
      http.post(
        '*/api/v1/team-invitations/7/decline',
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the server message when accepting fails and keeps the buttons', async () => {
    setSession(makeUser());
    server.use(
      http.post('*/api/v1/team-invitations/7/accept', () =>
        HttpResponse.json(
          { message: 'This invitation was sent to another email address.' },
          { status: 403 },
        ),
      ),
    );
    const { router } = render();
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation was sent to another email address.',
    );
    expect(router.state.location.pathname).toBe('/team-invitations/7');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeEnabled();
  });

  it('explains a wrong account and offers Log out', async () => {
    setSession(makeUser({ email: 'someone@guestspot.test' }));
    server.use(http.post('*/api/v1/auth/logout', () => new HttpResponse(null, { status: 204 })));
    render();
    expect(
      await screen.findByText(/you are signed in as someone@guestspot.test/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Sign in to accept' })).toBeInTheDocument();
  });

  it('says when the link is invalid or the invitation gone', async () => {
    setSession(null);
    renderWithProviders(<TeamInvitationPage />, {
      route: '/team-invitations/7?token=bad',
      path: '/team-invitations/:invitationId',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is invalid or has expired.',
    );
  });

  it('offers Retry when the server cannot be reached', async () => {
    setSession(null);
    server.use(http.get('*/api/v1/team-invitations/7', () => HttpResponse.error()));
    render();
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
