import { demoUsers, expect, expectNoAxeViolations, loginForm, test } from '../support/fixtures';

// The home page's check is in home.spec.ts; these are the other screens, each once loaded.
test.describe('accessibility (axe, WCAG 2 A/AA)', () => {
  test('/login and the Sign in modal', async ({ page }) => {
    await page.goto('/login');
    await expect(loginForm(page)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(
      loginForm(page.getByRole('dialog', { name: 'Sign in to Guestspot' })),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('/bookings, /user-miniviews and /dashboard, signed in', async ({ page, signIn }) => {
    await signIn(demoUsers.pro, '/bookings');
    await expect(
      page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'MINIVIEW' })
      .click();
    await expect(page.getByRole('table', { name: 'Your MINIVIEWs' }).getByRole('row')).toHaveCount(
      3,
    );
    await expectNoAxeViolations(page);

    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(
      page.getByRole('region', { name: 'Recent bookings' }).getByRole('listitem').first(),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your account' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
