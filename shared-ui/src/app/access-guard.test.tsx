import { screen } from '@testing-library/react';
import { makeUser, renderWithProviders, setSession } from '@guestspot/shared-api/testing';
import { useSessionStore } from '@guestspot/shared-api';
import { AccessGuard } from './access-guard';

const routes = [
  { path: '/login', element: <p>Login page</p> },
  { path: '/check-email', element: <p>Check your email</p> },
  { path: '/', element: <p>Home page</p> },
];

function renderAt(
  route: string,
  access: 'public' | 'auth' | 'guest-only',
  signIn?: React.ReactNode,
) {
  return renderWithProviders(
    <AccessGuard access={access} signIn={signIn}>
      <p>Protected content</p>
    </AccessGuard>,
    { route, path: route.split('?')[0], routes },
  );
}

beforeEach(() => window.sessionStorage.clear());

describe('AccessGuard', () => {
  it('sends a visitor to /login and remembers where they were going', async () => {
    setSession(null);
    const { router } = renderAt('/bookings?page=3', 'auth');
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.sessionStorage.getItem('guestspot.redirect')).toBe('/bookings?page=3');
  });

  it('offers the given sign-in instead of /login (a remote running alone)', () => {
    setSession(null);
    renderAt('/bookings', 'auth', <p>Standalone sign-in</p>);
    expect(screen.getByText('Standalone sign-in')).toBeInTheDocument();
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
  });

  it('renders the route for a signed-in user', () => {
    setSession(makeUser());
    renderAt('/bookings', 'auth');
    expect(screen.getByText('Protected content')).toBeInTheDocument();
  });

  it('sends a signed-in user away from guest-only pages to Home', async () => {
    setSession(makeUser());
    renderAt('/register', 'guest-only');
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('forces a pending user to /check-email', async () => {
    setSession(makeUser({ status: 'pending' }));
    renderAt('/bookings', 'auth');
    expect(await screen.findByText('Check your email')).toBeInTheDocument();
  });

  it('waits for the user when only the stored flag is known', () => {
    useSessionStore.setState({ authenticated: true, user: null, loading: true });
    renderAt('/bookings', 'auth');
    expect(screen.getByText('Loading your account')).toBeInTheDocument();
    expect(screen.queryByText('Protected content')).not.toBeInTheDocument();
  });
});
