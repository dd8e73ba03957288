import type { Page } from '@playwright/test';
import { demoUsers, expect, test, userMenuButton } from '../support/fixtures';

const { admin, agency } = demoUsers;

function banner(page: Page) {
  return page.getByRole('region', { name: 'Impersonation' });
}

async function idOf(page: Page, email: string): Promise<number> {
  const response = await page.request.get(
    `/api/v1/admin/users?search=${encodeURIComponent(email)}`,
  );
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: { id: number; email: string }[] };
  const found = body.data.find((user) => user.email === email);
  expect(found, `${email} in the admin lookup`).toBeTruthy();
  return found!.id;
}

test.describe('impersonation', () => {
  test('an admin impersonates a user through /impersonate, then stops', async ({
    page,
    signIn,
  }) => {
    await signIn(admin);
    const guestId = await idOf(page, demoUsers.guest.email);

    await page.goto(`/impersonate?user_id=${guestId}`);
    await expect(page.getByText('Signing in as Maya Brooks…')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(banner(page)).toContainText(
      'You are impersonating Maya Brooks (signed in as Alex Morgan).',
    );
    await expect(userMenuButton(page, demoUsers.guest)).toBeVisible();

    await banner(page).getByRole('button', { name: 'Stop Impersonating' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(banner(page)).toHaveCount(0);
    await expect(userMenuButton(page, admin)).toBeVisible();
  });

  test('an admin finds a user on the dashboard and impersonates them', async ({ page, signIn }) => {
    await signIn(admin);
    await page.getByLabel('User id or email').fill('show@guestspot.test');
    await page.getByRole('button', { name: 'Find user' }).click();
    await page.getByRole('button', { name: 'Impersonate Sofia Ramirez' }).click();
    await expect(page).toHaveURL('/');
    await expect(banner(page)).toContainText('You are impersonating Sofia Ramirez');
    await banner(page).getByRole('button', { name: 'Stop Impersonating' }).click();
    await expect(page).toHaveURL('/dashboard');
  });

  test('an agency member manages the account they manage from the dashboard', async ({
    page,
    signIn,
  }) => {
    await signIn(agency);
    const card = page.locator('[data-widget="managed-accounts"]');
    await expect(card.getByRole('heading', { name: 'Accounts you manage' })).toBeVisible();
    await card.getByRole('button', { name: "Manage Priya Patel's account" }).click();
    await expect(page.getByText('Signing in as Priya Patel…')).toBeVisible();
    await expect(page).toHaveURL('/');
    await expect(banner(page)).toContainText('You are impersonating Priya Patel');

    // Acting as the owner, they may not move the account to another address nor set its
    // password (decision 063): the email shows without Edit, the password row is not there.
    await page.goto('/settings#profile');
    const profile = page.getByRole('region', { name: 'Profile' });
    const email = profile.getByRole('group', { name: 'Email' });
    await expect(email).toContainText(demoUsers.pro.email);
    await expect(email).toContainText('Only the account owner can change the email address.');
    await expect(profile.getByRole('button', { name: 'Edit Email' })).toHaveCount(0);
    await expect(profile.getByRole('group', { name: 'Password' })).toHaveCount(0);
    await expect(profile.getByRole('button', { name: 'Edit Phone' })).toBeVisible();

    await banner(page).getByRole('button', { name: 'Stop Impersonating' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(userMenuButton(page, agency)).toBeVisible();
  });

  test('a standard user is refused, with the message on the page', async ({ page, signIn }) => {
    await signIn(demoUsers.standard);
    const me = (await (await page.request.get('/api/v1/users/me')).json()) as {
      data: { id: number };
    };
    await page.goto(`/impersonate?user_id=${me.data.id + 1}`);
    await expect(page.getByRole('alert')).toContainText('You cannot impersonate this user.');
    await expect(page).toHaveURL(/\/impersonate\?user_id=/);
    await expect(banner(page)).toHaveCount(0);
  });
});
