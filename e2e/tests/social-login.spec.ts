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
