import { http, HttpResponse } from 'msw';
import { api, handlesForbidden, onApiEvent } from './client';
import { ApiError, applyFormErrors } from './errors';
import { clearCookies, server, setupMswServer } from './testing/msw';
import { getConversations, getUnreadMessages } from './conversations';

setupMswServer();
afterEach(clearCookies);

const csrfCookieHandler = () =>
  http.get('*/api/v1/sanctum/csrf-cookie', () => {
    document.cookie = 'XSRF-TOKEN=token%3Dabc; path=/';
    return new HttpResponse(null, { status: 204 });
  });

describe('the api client', () => {
  it('calls under /api/v1 and fetches the CSRF cookie before the first unsafe call', async () => {
    const seen: (string | null)[] = [];
    server.use(
      csrfCookieHandler(),
      http.post('*/api/v1/auth/logout', ({ request }) => {
        seen.push(request.headers.get('X-XSRF-TOKEN'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await api.post('auth/logout');
    expect(seen).toEqual(['token=abc']);
  });

  it('does not send the CSRF header on reads', async () => {
    let header: string | null = 'unset';
    server.use(
      http.get('*/api/v1/guests', ({ request }) => {
        header = request.headers.get('X-XSRF-TOKEN');
        return HttpResponse.json({ data: [] });
      }),
    );
    await api.get('guests').json();
    expect(header).toBeNull();
  });

  it('refreshes the CSRF token and replays the call once on a 419', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const tokens: (string | null)[] = [];
    server.use(
      csrfCookieHandler(),
      http.post('*/api/v1/auth/login', ({ request }) => {
        const token = request.headers.get('X-XSRF-TOKEN');
        tokens.push(token);
        if (token === 'stale')
          return HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 });
        return HttpResponse.json({ data: { id: 1 } });
      }),
    );
    const body = await api
      .post('auth/login', { json: { email: 'a@b.c' } })
      .json<{ data: { id: number } }>();
    expect(body.data.id).toBe(1);
    expect(tokens).toEqual(['stale', 'token=abc']);
  });

  it('turns a 422 into an ApiError whose field errors map onto a form', async () => {
    document.cookie = 'XSRF-TOKEN=t; path=/';
    server.use(
      http.post('*/api/v1/auth/login', () =>
        HttpResponse.json(
          {
            message: 'These credentials do not match our records.',
            errors: { email: ['These credentials do not match our records.'] },
          },
          { status: 422 },
        ),
      ),
    );
    const error = await api.post('auth/login').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);

    const setErrors = jest.fn();
    const setStatus = jest.fn();
    const message = applyFormErrors(error, { setErrors, setStatus });
    expect(message).toBe('These credentials do not match our records.');
    expect(setErrors).toHaveBeenCalledWith({
      email: 'These credentials do not match our records.',
    });
    expect(setStatus).toHaveBeenCalledWith({
      error: 'These credentials do not match our records.',
    });
  });

  it('announces a 401 and a 403 to whoever listens', async () => {
    const unauthorized = jest.fn();
    const forbidden = jest.fn();
    const stop = [onApiEvent('unauthorized', unauthorized), onApiEvent('forbidden', forbidden)];
    server.use(
      http.get('*/api/v1/users/me', () =>
        HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 }),
      ),
      http.get('*/api/v1/bookings', () =>
        HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 }),
      ),
    );
    await expect(api.get('users/me').json()).rejects.toMatchObject({
      status: 401,
      message: 'Unauthenticated.',
    });
    await expect(api.get('bookings').json()).rejects.toMatchObject({ status: 403 });
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(forbidden).toHaveBeenCalledTimes(1);
    stop.forEach((unsubscribe) => unsubscribe());
  });

  it('does not announce a 403 that the caller handles itself', async () => {
    const forbidden = jest.fn();
    const stop = onApiEvent('forbidden', forbidden);
    server.use(
      http.post('*/api/v1/auth/impersonate/7', () =>
        HttpResponse.json({ message: 'You cannot impersonate this user.' }, { status: 403 }),
      ),
      csrfCookieHandler(),
    );
    await expect(api.post('auth/impersonate/7', handlesForbidden).json()).rejects.toMatchObject({
      status: 403,
      message: 'You cannot impersonate this user.',
    });
    expect(forbidden).not.toHaveBeenCalled();
    stop();
  });

  it('does not send the user to Forbidden when their id changed under a message count', async () => {
    // An impersonation started: the sidebar's count still asks for the admin's id (3).
    const forbidden = jest.fn();
    const stop = onApiEvent('forbidden', forbidden);
    server.use(
      http.get('*/api/v1/users/3/unread-messages', () =>
        HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 }),
      ),
      http.get('*/api/v1/users/3/all-messages', () =>
        HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 }),
      ),
    );
    await expect(getUnreadMessages(3)).rejects.toMatchObject({ status: 403 });
    await expect(getConversations(3)).rejects.toMatchObject({ status: 403 });
    expect(forbidden).not.toHaveBeenCalled();
    stop();
  });

  it('reports an unreachable server as a network ApiError', async () => {
    server.use(http.get('*/api/v1/categories', () => HttpResponse.error()));
    const error = (await api
      .get('categories', { retry: 0 })
      .json()
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.isNetworkError).toBe(true);
  });
});
