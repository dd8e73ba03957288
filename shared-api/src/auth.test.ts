import { http, HttpResponse } from 'msw';
import { makeUser } from './testing/fixtures';
import { clearCookies, server, setupMswServer } from './testing/msw';
import { isVerificationPath, register, verifyEmail } from './auth';

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
});
afterEach(clearCookies);

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';

describe('the email verification path guard', () => {
  it('accepts only the API verification path of this site', () => {
    expect(isVerificationPath(`/api/v1/auth/email/verify/12/${TOKEN}`)).toBe(true);
    for (const value of [
      `https://evil.test/api/v1/auth/email/verify/12/${TOKEN}`,
      `//evil.test/api/v1/auth/email/verify/12/${TOKEN}`,
      `/api/v1/auth/logout`,
      `/api/v1/auth/email/verify/12/${TOKEN}/../../../users/me`,
      `/api/v1/auth/email/verify/12/${TOKEN}?next=1`,
      `/api/v1/auth/email/verify/x/${TOKEN}`,
      '',
      null,
    ]) {
      expect(isVerificationPath(value)).toBe(false);
    }
  });

  it('calls the path through the API client and refuses anything else without a request', async () => {
    const user = makeUser({ status: 'active' });
    let called = '';
    server.use(
      http.get('*/api/v1/auth/email/verify/:id/:token', ({ request }) => {
        called = new URL(request.url).pathname;
        return HttpResponse.json({ message: 'Your email address has been verified.', data: user });
      }),
    );
    await expect(verifyEmail(`/api/v1/auth/email/verify/12/${TOKEN}`)).resolves.toEqual({
      message: 'Your email address has been verified.',
      data: user,
    });
    expect(called).toBe(`/api/v1/auth/email/verify/12/${TOKEN}`);
    await expect(verifyEmail('/api/v1/users/me')).rejects.toThrow(
      'Not an email verification path.',
    );
  });
});

describe('register', () => {
  it('posts the payload as the spa device and returns the user', async () => {
    const user = makeUser({ status: 'pending' });
    let sent: unknown;
    server.use(
      http.post('*/api/v1/auth/register', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ data: user }, { status: 201 });
      }),
    );
    const payload = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@guestspot.test',
      phone: '(512) 555-0100',
      password: 'Password123',
      password_confirmation: 'Password123',
      terms: true,
    };
    await expect(register(payload)).resolves.toEqual(user);
    expect(sent).toEqual({ device: 'spa', ...payload });
  });
});
