import { expect, test } from '../support/fixtures';

test.describe('social login (local provider)', () => {
  test('Sign in with Google in a popup creates the user and signs them in', async ({ page }) => {
    const email = `social-${Date.now()}@example.test`;
    await page.goto('/login');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupPromise;

    await expect(popup.getByRole('heading', { name: 'Guestspot local Google' })).toBeVisible();
    await expect(popup.getByLabel('Sign in as (email)')).toHaveValue('demo.google@guestspot.test');
    await popup.getByLabel('Sign in as (email)').fill(email);
    await popup.getByLabel('Name (optional)').fill('Gia Social');
    await popup.getByRole('button', { name: 'Allow' }).click();
    await popup.waitForEvent('close');

    await expect(page).toHaveURL('/dashboard');
    // A new account has not accepted the terms yet: the terms modal asks first.
    await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toBeVisible();
    const me = await page.request.get('/api/v1/users/me');
    expect(me.status()).toBe(200);
    const user = ((await me.json()) as { data: { email: string; first_name: string } }).data;
    expect(user).toMatchObject({ email, first_name: 'Gia' });
  });

  test('a callback URL started in another browser does not sign this one in (login CSRF)', async ({
    page,
    playwright,
  }) => {
    // The attacker's own round trip, in a browser of their own (a cookie jar apart from the page's).
    const attacker = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    const email = `attacker-${Date.now()}@example.test`;
    const start = await attacker.get('/api/v1/auth/login/google', { maxRedirects: 0 });
    expect(start.status()).toBe(302);
    const consent = new URL(start.headers().location!, 'http://site');
    const decided = await attacker.get(
      `/api/v1/oauth/local/google/decide?${new URLSearchParams({
        state: consent.searchParams.get('state') ?? '',
        email,
        name: '',
        decision: 'allow',
      }).toString()}`,
      { maxRedirects: 0 },
    );
    expect(decided.status()).toBe(302);
    const callback = decided.headers().location!;
    expect(callback).toMatch(/^\/api\/v1\/auth\/login\/google\/callback\?/);

    // The victim opens it: refused, still signed out.
    await page.goto(callback);
    await expect(page.getByRole('heading', { name: 'Sign-in failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'The social login failed. Please try again.',
    );
    expect((await page.request.get('/api/v1/users/me')).status()).toBe(401);

    // The browser that started it still finishes.
    const finished = await attacker.get(callback, { maxRedirects: 0 });
    expect(finished.headers().location).toMatch(/\/login\/google\?status=success$/);
    const me = await attacker.get('/api/v1/users/me');
    expect(((await me.json()) as { data: { email: string } }).data.email).toBe(email);
    await attacker.dispose();
  });

  test('denying on the provider page leaves the visitor signed out with a message', async ({
    page,
  }) => {
    await page.goto('/login');
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Facebook' }).click();
    const popup = await popupPromise;
    await popup.getByRole('button', { name: 'Deny' }).click();
    await popup.waitForEvent('close');
    await expect(page.getByRole('alert')).toContainText(
      'The social login failed. Please try again.',
    );
    await expect(page).toHaveURL('/login');
  });
});
