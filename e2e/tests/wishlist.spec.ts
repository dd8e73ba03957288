import type { BrowserContext, Page } from '@playwright/test';
import { signUpVerified } from '../support/accounts';
import { e2eEnv } from '../support/env';
import { expect, test } from '../support/fixtures';

// The wishlist with a new, verified standard account: add people, group them, move them by drag
// and drop and with the keyboard-friendly Move to select, annotate one, get its contact info
// (the offline email lookup provider), and meet the 10-person limit with the Pro prompt.

async function xsrf(context: BrowserContext): Promise<Record<string, string>> {
  await context.request.get('/api/v1/sanctum/csrf-cookie');
  const token = (await context.cookies(e2eEnv.baseURL)).find((c) => c.name === 'XSRF-TOKEN');
  expect(token).toBeTruthy();
  return { 'X-XSRF-TOKEN': decodeURIComponent(token!.value) };
}

async function addThroughDialog(page: Page, name: string, domain?: string) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a guest' });
  await dialog.getByLabel('Name').fill(name);
  if (domain) await dialog.getByLabel('Domain').fill(domain);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
}

test.describe('wishlist', () => {
  test('a standard user builds, groups and annotates a wishlist, then meets the limit', async ({
    page,
    context,
  }) => {
    await signUpVerified(page, context, 'wishlist');
    await page.goto('/wishlist');
    await expect(page.getByRole('tab', { name: 'Guest wishlist' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText("You don't have favorites yet")).toBeVisible();

    // The Add form checks its fields before sending.
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add a guest' });
    await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(addDialog.getByText('Name is required')).toBeVisible();
    await addDialog.getByRole('button', { name: 'Cancel' }).click();

    await addThroughDialog(page, 'Ada Lovelace', 'analytical.io');
    await addThroughDialog(page, 'Grace Hopper');

    await page.getByRole('button', { name: 'Add wishlist group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Add wishlist group' });
    await groupDialog.getByLabel('Group name').fill('Founders');
    await groupDialog.getByRole('button', { name: 'Add group' }).click();
    const founders = page.getByRole('region', { name: /Founders/ });
    await expect(founders).toBeVisible();

    // Drag and drop…
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Ada Lovelace' }) })
      .dragTo(founders);
    await expect(founders.getByRole('button', { name: 'Ada Lovelace' })).toBeVisible();
    // …and the keyboard way.
    const move = page.getByRole('combobox', { name: 'Move Grace Hopper to' });
    await move.focus();
    await move.selectOption({ label: 'Founders' });
    await expect(founders.getByRole('button', { name: 'Grace Hopper' })).toBeVisible();

    // Both moves were saved.
    await page.reload();
    await expect(founders.getByRole('button', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(founders.getByRole('button', { name: 'Grace Hopper' })).toBeVisible();

    // The item dialog: a note, and contact info from the domain.
    await founders.getByRole('button', { name: 'Ada Lovelace' }).click();
    const detail = page.getByRole('dialog', { name: 'Ada Lovelace' });
    const addNote = detail.getByRole('button', { name: 'Add note' });
    await expect(addNote).toBeDisabled();
    await detail.getByLabel('New note').fill('Ask about the Analytical Engine');
    await addNote.click();
    await expect(detail.getByText('Ask about the Analytical Engine')).toBeVisible();
    await detail.getByRole('button', { name: 'Get contact info' }).click();
    await expect(detail.getByRole('status')).toHaveText(/Found 3 email addresses/);
    await expect(detail.getByLabel('Emails')).toHaveValue(/hello@analytical\.io/);
    await page.keyboard.press('Escape');
    await expect(founders.getByText('Ask about the Analytical Engine')).toBeVisible();

    // Grace has no domain: no lookup.
    await founders.getByRole('button', { name: 'Grace Hopper' }).click();
    const grace = page.getByRole('dialog', { name: 'Grace Hopper' });
    await expect(grace.getByRole('button', { name: 'Get contact info' })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Fill up to 10 people through the API, then the page refuses the 11th.
    const me = (await (await context.request.get('/api/v1/users/me')).json()) as {
      data: { id: number };
    };
    const headers = await xsrf(context);
    for (let index = 3; index <= 10; index += 1) {
      const response = await context.request.post(`/api/v1/users/${me.data.id}/smartlist`, {
        headers,
        data: { type: 'show', name: `Show ${index}` },
      });
      expect(response.status()).toBe(201);
    }
    const eleventh = await context.request.post(`/api/v1/users/${me.data.id}/smartlist`, {
      headers,
      data: { type: 'guest', name: 'One too many' },
    });
    expect(eleventh.status()).toBe(426);
    expect(((await eleventh.json()) as { message: string }).message).toBe(
      'You reached the limit of 10 people',
    );

    await page.reload();
    await expect(page.getByText('10 of 10 people')).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    const pro = page.getByRole('dialog', { name: 'This is a Pro feature' });
    await expect(pro).toBeVisible();
    await expect(pro.getByText('You reached the limit of 10 people')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText(/You reached the limit of 10 people/).first()).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Add a guest' })).toBeHidden();

    // The show tab lists the shows added through the API.
    await page.getByRole('tab', { name: 'Show wishlist' }).click();
    await expect(page).toHaveURL(/\/wishlist\?tab=show$/);
    await expect(page.getByRole('button', { name: 'Show 10' })).toBeVisible();
  });
});
