import type { User } from '../types';
import { decideAccess } from './access';
import { safeRedirectPath } from './redirect-path';

const pendingUser = { id: 1, status: 'pending' } as User;
const activeUser = { id: 1, status: 'active' } as User;

describe('the navigation guard', () => {
  it('sends a visitor to Login and remembers the full path', () => {
    expect(
      decideAccess({
        access: 'auth',
        location: { pathname: '/bookings', search: '?page=2', hash: '#x' },
        authenticated: false,
        user: null,
      }),
    ).toEqual({ redirectTo: '/login', rememberPath: '/bookings?page=2#x' });
  });

  it('sends a signed-in user away from guest-only routes to Home', () => {
    expect(
      decideAccess({
        access: 'guest-only',
        location: { pathname: '/login' },
        authenticated: true,
        user: activeUser,
      }),
    ).toEqual({ redirectTo: '/' });
  });

  it('forces a pending user to /check-email except on the allowed paths', () => {
    const decide = (pathname: string) =>
      decideAccess({
        access: 'public',
        location: { pathname },
        authenticated: true,
        user: pendingUser,
      }).redirectTo;
    expect(decide('/browse')).toBe('/check-email');
    expect(decide('/dashboard')).toBe('/check-email');
    expect(decide('/check-email')).toBeNull();
    expect(decide('/verify-email')).toBeNull();
    expect(decide('/register/profile-type')).toBeNull();
    expect(decide('/register-pro')).toBeNull();
    expect(decide('/register-proper')).toBe('/check-email');
  });

  it('lets a pending user answer a MINIVIEW, as a visitor could (decision 088)', () => {
    const decide = (pathname: string) =>
      decideAccess({
        access: 'public',
        location: { pathname },
        authenticated: true,
        user: pendingUser,
      }).redirectTo;
    const uuid = '6f1c1b1e-6a53-4b2f-9a44-0c4b8d1e2f30';
    expect(decide(`/miniviews/${uuid}`)).toBeNull();
    expect(decide(`/miniviews/${uuid}/questions`)).toBeNull();
    expect(decide(`/miniviews/${uuid}/success/`)).toBeNull();
    // The owner's pages and creating one stay behind the email check.
    expect(decide(`/miniviews/${uuid}/other`)).toBe('/check-email');
    expect(decide('/miniviews-create')).toBe('/check-email');
    expect(decide('/user-miniviews/1')).toBe('/check-email');
  });

  it('lets an active user through', () => {
    expect(
      decideAccess({
        access: 'auth',
        location: { pathname: '/bookings' },
        authenticated: true,
        user: activeUser,
      }),
    ).toEqual({ redirectTo: null });
  });
});

describe('redirect paths', () => {
  it.each(['/bookings', '/guests/12?tab=1', '/'])('accepts the same-origin path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each(['https://evil.test', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '', null])(
    'rejects %p',
    (path) => {
      expect(safeRedirectPath(path)).toBeNull();
    },
  );
});
