import {
  demoUsers,
  expect,
  expectNoAxeViolations,
  test,
  userMenuButton,
} from '../support/fixtures';

test.describe('Terms of Service', () => {
  test('/terms-and-conditions shows the 28 sections, with a table of contents and a dark variant', async ({
    page,
  }) => {
    await page.goto('/terms-and-conditions');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByText('Last updated October 25, 2024')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^\d+\. / })).toHaveCount(28);

    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: 'Limitation of Liability' })
      .click();
    await expect(page.getByRole('region', { name: /Limitation of Liability/ })).toBeInViewport();
    await expect(page.getByText(/capped at \$50/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/terms-and-conditions?theme=dark');
    await expect(page.getByRole('article')).toHaveAttribute('data-variant', 'dark');
    await expectNoAxeViolations(page);
  });

  test('a user who has not accepted the terms is blocked by the modal until Accept', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.terms, '/dashboard');
    const dialog = page.getByRole('dialog', { name: 'Terms of Service' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('heading', { name: '1. Acceptance of These Terms' }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // It cannot be dismissed.
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    const approved = page.waitForResponse('**/api/v1/user/terms/approve');
    await dialog.getByRole('button', { name: 'Accept' }).click();
    expect((await approved).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(userMenuButton(page, demoUsers.terms)).toBeVisible();

    // Accepted for good: not asked again after a reload.
    await page.reload();
    await expect(userMenuButton(page, demoUsers.terms)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toHaveCount(0);
  });

  test('a user who accepted the terms never sees the modal', async ({ page, signIn }) => {
    await signIn(demoUsers.standard, '/dashboard');
    await expect(userMenuButton(page, demoUsers.standard)).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Terms of Service' })).toHaveCount(0);
  });
});
