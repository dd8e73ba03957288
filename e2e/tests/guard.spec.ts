import { demoUsers, expect, fillLoginForm, test, userMenuButton } from '../support/fixtures';

test.describe('the navigation guard', () => {
  test('a visitor sent to /login comes back to the full path, query included', async ({ page }) => {
    await page.goto('/bookings?page=2');
    await expect(page).toHaveURL('/login');
    await fillLoginForm(page, demoUsers.pro.email, 'Password123');
    await expect(page).toHaveURL('/bookings?page=2');
    await expect(userMenuButton(page, demoUsers.pro)).toBeVisible();
  });

  test('a remembered path that leaves the site is ignored: the user lands on /dashboard', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await page.evaluate(() =>
      window.sessionStorage.setItem('guestspot.redirect', '//evil.example'),
    );
    await fillLoginForm(page, demoUsers.pro.email, 'Password123');
    await expect(page).toHaveURL('/dashboard');
    expect(new URL(page.url()).host).not.toBe('evil.example');
  });

  test('a pending user is forced to /check-email, except on /verify-email and /register', async ({
    page,
    signIn,
  }) => {
    const forced = page.waitForURL((url) => url.pathname === '/check-email');
    await signIn(demoUsers.pending, '/bookings?page=2');
    await forced;
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    await page.goto('/verify-email');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/verify-email/);

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).not.toBe('/check-email');
  });
});
