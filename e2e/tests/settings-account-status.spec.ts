import type { Page } from '@playwright/test';
import { signUpVerified } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { expect, test, xsrfHeaders as xsrf } from '../support/fixtures';

// Settings → Account status with new, verified accounts: pause and resume behind the password
// reconfirmation (the profile leaves the public guest list and comes back), and delete (logged
// out at Home, and the account cannot sign in again).

/** A visitor (own context, no cookies) searches /browse for the name: listed, or 'No results'. */
async function expectOnBrowse(visitor: Page, name: string, listed: boolean) {
  await visitor.goto(`/browse?showing=guests&search=${encodeURIComponent(name)}`);
  const results = visitor.getByRole('region', { name: 'Results' });
  if (listed) {
    await expect(
      results.getByRole('list', { name: 'Guests' }).getByRole('heading', { level: 3 }),
    ).toHaveText([name]);
  } else {
    await expect(results.getByText('No results')).toBeVisible();
    await expect(results.getByRole('heading', { name })).toHaveCount(0);
  }
}

async function confirmPassword(page: Page, password: string) {
  const modal = page.getByRole('dialog', { name: "Confirm it's you" });
  await modal.getByLabel('Confirm password').fill(password);
  await modal.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(modal).toBeHidden();
}

test.describe('Settings → Account status', () => {
  test('pause and resume after the password reconfirmation: the profile leaves the list and comes back', async ({
    page,
    context,
    browser,
  }) => {
    const user = await signUpVerified(page, context, 'pause');
    const profileName = `Paula Pause ${Date.now()}`;
    const created = await context.request.post('/api/v1/guests', {
      headers: await xsrf(context),
      data: { name: profileName },
    });
    expect(created.status(), await created.text()).toBe(201);
    // A visitor's view of /browse (a context of its own, no cookies).
    const visitorContext = await browser.newContext({ baseURL: e2eEnv.baseURL });
    const visitor = await visitorContext.newPage();
    await expectOnBrowse(visitor, profileName, true);

    await page.goto('/settings#account-status');
    const section = page.getByRole('region', { name: 'Account status' });
    await expect(section.getByText('Active', { exact: true })).toBeVisible();
    await section.getByRole('button', { name: 'Pause account' }).click();
    const ask = page.getByRole('dialog', { name: 'Pause your account?' });
    await ask.getByRole('button', { name: 'Pause account' }).click();
    await confirmPassword(page, user.password);
    await expect(page.getByText('Account paused!')).toBeVisible();
    await expect(section.getByText('Paused', { exact: true })).toBeVisible();
    await expectOnBrowse(visitor, profileName, false);

    // Still paused after a reload (the server's state, not the page's).
    await page.reload();
    await section.getByRole('button', { name: 'Resume account' }).click();
    await expect(page.getByText('Account resumed!')).toBeVisible();
    await expect(section.getByText('Active', { exact: true })).toBeVisible();
    await expectOnBrowse(visitor, profileName, true);
    await visitorContext.close();
  });

  test('cancelling the password reconfirmation leaves the account active', async ({
    page,
    context,
  }) => {
    await signUpVerified(page, context, 'pause-cancel');
    await page.goto('/settings#account-status');
    const section = page.getByRole('region', { name: 'Account status' });
    await section.getByRole('button', { name: 'Pause account' }).click();
    await page
      .getByRole('dialog', { name: 'Pause your account?' })
      .getByRole('button', { name: 'Pause account' })
      .click();
    const modal = page.getByRole('dialog', { name: "Confirm it's you" });
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Login not confirmed.')).toBeVisible();
    await expect(section.getByText('Active', { exact: true })).toBeVisible();
  });

  test('delete the account: logged out at Home, and it cannot sign in again', async ({
    page,
    context,
    playwright,
  }) => {
    const user = await signUpVerified(page, context, 'delete');
    await page.goto('/settings#account-status');
    const section = page.getByRole('region', { name: 'Account status' });
    await section.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const submit = dialog.getByRole('button', { name: 'Delete account' });
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Type DELETE to confirm').fill('DELETE');
    await submit.click();
    await confirmPassword(page, user.password);

    await expect(page).toHaveURL('/');
    await expect(page.getByText('Your account was deleted.')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();

    const fresh = await playwright.request.newContext({ baseURL: e2eEnv.baseURL });
    await fresh.get('/api/v1/sanctum/csrf-cookie');
    const token = (await fresh.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    const login = await fresh.post('/api/v1/auth/login', {
      headers: { 'X-XSRF-TOKEN': decodeURIComponent(token!.value) },
      data: { email: user.email, password: user.password, device: 'spa' },
    });
    expect(login.status()).toBe(422);
    await fresh.dispose();
  });
});
