import { http, HttpResponse } from 'msw';
import { queryClient } from '../query-client';
import { clearCookies, server, setupMswServer } from '../testing/msw';
import { useSessionStore } from './session-store';

setupMswServer();

const user = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@guestspot.test',
  status: 'active',
};

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  useSessionStore.setState({ authenticated: false, user: null, loading: false });
  window.localStorage.clear();
});
afterEach(clearCookies);

describe('the session store', () => {
  it('logs in, stores the authenticated flag and holds the user', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/v1/auth/login', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: user });
      }),
    );
    await useSessionStore
      .getState()
      .login({ email: 'ada@guestspot.test', password: 'Password123', remember_me: true });
    expect(sent).toEqual({
      device: 'spa',
      email: 'ada@guestspot.test',
      password: 'Password123',
      remember_me: true,
    });
    expect(useSessionStore.getState()).toMatchObject({ authenticated: true, user });
    expect(window.localStorage.getItem('guestspot.authenticated')).toBe('1');
  });

  it('holds a user whose session another call started (registration, password reset)', () => {
    useSessionStore.getState().signedIn(user as never);
    expect(useSessionStore.getState()).toMatchObject({ authenticated: true, user, loading: false });
    expect(window.localStorage.getItem('guestspot.authenticated')).toBe('1');
  });

  it('keeps the visitor signed out when the login is refused', async () => {
    server.use(
      http.post('*/api/v1/auth/login', () =>
        HttpResponse.json(
          { message: 'These credentials do not match our records.' },
          { status: 422 },
        ),
      ),
    );
    await expect(
      useSessionStore
        .getState()
        .login({ email: 'ada@guestspot.test', password: 'wrong', remember_me: false }),
    ).rejects.toMatchObject({ status: 422 });
    expect(useSessionStore.getState().authenticated).toBe(false);
    expect(window.localStorage.getItem('guestspot.authenticated')).toBeNull();
  });

  it('refetches the current user when the flag is set', async () => {
    useSessionStore.setState({ authenticated: true });
    server.use(http.get('*/api/v1/users/me', () => HttpResponse.json({ data: user })));
    await expect(useSessionStore.getState().refetch()).resolves.toEqual(user);
    expect(useSessionStore.getState().user).toEqual(user);
  });

  it('logs out: clears the flag, the user and the query cache even if the call fails', async () => {
    window.localStorage.setItem('guestspot.authenticated', '1');
    useSessionStore.setState({ authenticated: true, user: user as never });
    queryClient.setQueryData(['bookings', {}], { data: [1] });
    server.use(http.post('*/api/v1/auth/logout', () => HttpResponse.error()));
    await expect(useSessionStore.getState().logout()).rejects.toBeTruthy();
    expect(useSessionStore.getState()).toMatchObject({ authenticated: false, user: null });
    expect(window.localStorage.getItem('guestspot.authenticated')).toBeNull();
    expect(queryClient.getQueryData(['bookings', {}])).toBeUndefined();
  });

  it('forgets the session when any call answers 401', async () => {
    useSessionStore.setState({ authenticated: true, user: user as never });
    server.use(
      http.get('*/api/v1/users/me', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    await expect(useSessionStore.getState().refetch()).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState()).toMatchObject({ authenticated: false, user: null });
  });

  it('probes the server for a session the stored flag does not know (a remote alone)', async () => {
    server.use(http.get('*/api/v1/users/me', () => HttpResponse.json({ data: user })));
    await expect(useSessionStore.getState().probe()).resolves.toEqual(user);
    expect(useSessionStore.getState()).toMatchObject({ authenticated: true, user, loading: false });
    expect(window.localStorage.getItem('guestspot.authenticated')).toBe('1');
  });

  it('stays signed out when the probe finds no session', async () => {
    server.use(
      http.get('*/api/v1/users/me', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
    );
    await expect(useSessionStore.getState().probe()).resolves.toBeNull();
    expect(useSessionStore.getState()).toMatchObject({
      authenticated: false,
      user: null,
      loading: false,
    });
  });
});
