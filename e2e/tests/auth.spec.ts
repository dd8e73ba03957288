import {
  demoUsers,
  expect,
  fillLoginForm,
  loginForm,
  test,
  userMenuButton,
} from '../support/fixtures';

declare global {
  interface Window {
    __e2eMarker?: string;
  }
}

test.describe('signing in and out', () => {
  test("the header's Sign in modal (mfe-account's form) signs in without reloading the page", async ({
    page,
  }) => {
    const user = demoUsers.pro;
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(
      page
        .getByRole('list', { name: 'All guests' })
        .getByRole('button', { name: 'See Price' })
        .first(),
    ).toBeVisible();
    await expect(header.getByRole('link', { name: 'Start free now' })).toBeVisible();

    // Anything set on window survives only if the page is never reloaded.
    await page.evaluate(() => {
      window.__e2eMarker = 'still here';
    });
    let documentLoads = 0;
    page.on('load', () => (documentLoads += 1));

    await header.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Guestspot' });
    await expect(dialog).toBeVisible();
    await fillLoginForm(dialog, user.email, 'Password123');
    await expect(dialog).toBeHidden();

    const menuButton = userMenuButton(page, user);
    await expect(menuButton).toBeVisible();
    await expect(header.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => window.__e2eMarker)).toBe('still here');
    expect(documentLoads).toBe(0);
    // The list reloaded for the signed-in user: prices instead of 'See Price'.
    await expect(page.getByRole('button', { name: 'See Price' })).toHaveCount(0);

    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Dashboard', 'Profile', 'Settings', 'Log out']) {
      await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
    }

    await header.getByRole('link', { name: 'Log out' }).click();
    await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Start free now' })).toBeVisible();
    await expect(menuButton).toHaveCount(0);
    await expect(page).toHaveURL('/');
    expect(await page.evaluate(() => window.__e2eMarker)).toBe('still here');
  });

  test('/login: a wrong password shows the server message and clears the password', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    await fillLoginForm(page, demoUsers.standard.email, 'not-the-password');
    // The form's message, and the same under the Email field, which is marked invalid.
    const message = loginForm(page)
      .getByRole('alert')
      .filter({ hasText: 'These credentials do not match our records.' });
    await expect(message).toHaveCount(2);
    await expect(message.first()).toBeVisible();
    await expect(
      loginForm(page).getByRole('textbox', { name: 'Email', exact: true }),
    ).toHaveAttribute('aria-invalid', 'true');
    await expect(loginForm(page).getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(loginForm(page).getByLabel('Email', { exact: true })).toHaveValue(
      demoUsers.standard.email,
    );
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('after logging out, signing in again on /login keeps the user signed in', async ({
    page,
  }) => {
    await page.goto('/login');
    await fillLoginForm(page, demoUsers.pro.email, 'Password123');
    await expect(page).toHaveURL('/dashboard');
    const menuButton = userMenuButton(page, demoUsers.pro);
    await menuButton.click();
    await page.getByRole('banner').getByRole('link', { name: 'Log out' }).click();
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }),
    ).toBeVisible();

    await page.goto('/login');
    await fillLoginForm(page, demoUsers.pro.email, 'Password123');
    await expect(page).toHaveURL('/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome back, Priya!' }),
    ).toBeVisible();
    await expect(menuButton).toBeVisible();
  });

  test('a page that needs a login sends a visitor to /login and back after signing in', async ({
    page,
  }) => {
    await page.goto('/bookings');
    await expect(page).toHaveURL('/login');
    await fillLoginForm(page, demoUsers.pro.email, 'Password123');
    await expect(page).toHaveURL('/bookings');
    await expect(
      page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(userMenuButton(page, demoUsers.pro)).toBeVisible();
  });

  test('a user whose email is not verified yet is sent to /check-email', async ({
    page,
    signIn,
  }) => {
    // Listen before the app starts: the guard's redirect is a client-side navigation.
    const forced = page.waitForURL((url) => url.pathname === '/check-email');
    await signIn(demoUsers.pending, '/dashboard');
    await forced;
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(demoUsers.pending.email)).toBeVisible();
    await expect(page).toHaveURL('/check-email');
  });
});
