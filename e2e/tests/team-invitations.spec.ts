import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { linkPath, mailsTo } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { DEMO_PASSWORD, demoUsers, expect, test } from '../support/fixtures';

/** The local storage flag the session store reads at start (shared-api/src/session). */
const AUTH_FLAG_KEY = 'guestspot.authenticated';

async function xsrf(context: APIRequestContext): Promise<Record<string, string>> {
  await context.get('/api/v1/sanctum/csrf-cookie');
  const token = (await context.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
  expect(token).toBeTruthy();
  return { 'X-XSRF-TOKEN': decodeURIComponent(token!.value) };
}

test.describe('team invitations', () => {
  test('pro@ invites a new person, who completes their account and accepts', async ({ page }) => {
    const email = `invitee-${Date.now()}@example.test`;
    const pro = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
    const login = await pro.post('/api/v1/auth/login', {
      headers: await xsrf(pro),
      data: { email: demoUsers.pro.email, password: DEMO_PASSWORD, remember_me: false },
    });
    expect(login.status()).toBe(200);
    const invited = await pro.post('/api/v1/users/me/team/members', {
      headers: await xsrf(pro),
      data: { email, role: 'agency' },
    });
    expect(invited.status(), await invited.text()).toBe(200);
    await pro.dispose();

    const [mail] = await mailsTo(
      page.request,
      email,
      'Priya Patel invited you to their Guestspot team',
    );
    const invitationPath = linkPath(mail!, '/team-invitations/');
    const completeToken = linkPath(mail!, '/complete-account/').split('/').pop()!;

    // Signed out, the page says who invited them and how to go on.
    await page.goto(invitationPath);
    await expect(
      page.getByText(
        `Priya Patel invited ${email} to join their Guestspot team as an Agency member.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in to accept' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create an account' })).toBeVisible();

    // They finish the account the invitation created (this signs the browser in).
    const completed = await page.request.post('/api/v1/auth/complete-account', {
      headers: await xsrf(page.request),
      data: {
        token: completeToken,
        first_name: 'Ivy',
        last_name: 'Invitee',
        password: 'Invitee-pass-1',
        password_confirmation: 'Invitee-pass-1',
      },
    });
    expect(completed.status(), await completed.text()).toBe(200);
    await page.evaluate((key) => window.localStorage.setItem(key, '1'), AUTH_FLAG_KEY);

    await page.goto(invitationPath);
    // A new account accepts the Terms of Service first (the shell's modal).
    const terms = page.getByRole('dialog', { name: 'Terms of Service' });
    await terms.getByRole('button', { name: 'Accept' }).click();
    await expect(terms).toBeHidden();
    await page
      .getByRole('region', { name: 'Team invitation' })
      .getByRole('button', { name: 'Accept' })
      .click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText("You joined Priya Patel's team.")).toBeVisible();
    // As an agency member they now manage Priya's account.
    await expect(page.getByRole('button', { name: "Manage Priya Patel's account" })).toBeVisible();

    // The link is used up.
    await page.goto(invitationPath);
    await expect(page.getByRole('alert')).toContainText('This invitation no longer exists.');
  });
});
