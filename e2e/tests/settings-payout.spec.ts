import { freshUser, linkPath, mailsTo, registerUser } from '../support/accounts';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

// The payout account through the LOCAL provider's onboarding page (decision 030): a new account
// (the demo accounts stay as they are) picks a country, onboards, comes back to /settings with the
// note, watches the label go Pending → Connected on the 10-second poll, and unlinks.

/** The local storage flag the session store reads at start (shared-api/src/session). */
const AUTH_FLAG_KEY = 'guestspot.authenticated';

test.describe('Settings: payout account', () => {
  test('connects through the local onboarding and reaches Connected, then unlinks', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const user = freshUser('payout');
    await registerUser({ context }, user);
    await page.goto('/remotes.json');
    await page.evaluate((key) => window.localStorage.setItem(key, '1'), AUTH_FLAG_KEY);
    const [verification] = await mailsTo(page.request, user.email, 'Verify your email address');
    await page.goto(linkPath(verification!, '/verify-email'));
    await expect(page).toHaveURL('/verify-email/thanks');

    await page.goto('/settings#payout');
    const section = page.getByRole('region', { name: 'Payout account' });
    await expect(section.getByText('Not connected')).toBeVisible();
    const country = section.getByRole('combobox', { name: /Country/ });
    // Loopback visitors are located in GEO_DEFAULT_COUNTRY (US).
    await expect(country).toHaveValue('US');
    const start = section.getByRole('button', { name: 'Start Onboarding' });
    await country.selectOption('');
    await expect(start).toBeDisabled();
    await country.selectOption({ label: 'Canada' });
    await expect(start).toBeEnabled();
    await expectNoAxeViolations(page);
    await start.click();

    // The LOCAL provider's onboarding page (served by the API behind the site's origin).
    await expect(page.getByRole('heading', { name: 'Set up payouts' })).toBeVisible();
    await expect(page.getByText('Canada')).toBeVisible();
    await page.getByRole('button', { name: 'Submit details' }).click();
    await expect(page.getByText('Enter the legal name.')).toBeVisible();
    await page.getByRole('radio', { name: 'Individual' }).check();
    await page.getByLabel('Legal name').fill(`${user.firstName} ${user.lastName}`);
    await page.getByRole('button', { name: 'Submit details' }).click();

    await expect(page).toHaveURL(/\/settings\?payout_return=1#payout$/);
    await expect(
      page.getByText(
        'If you submitted all the details, please allow a few minutes for your account to be updated.',
      ),
    ).toBeVisible();
    await expect(section.getByText('Pending', { exact: true })).toBeVisible();
    // The next poll (10 s) finds the account connected.
    await expect(section.getByText('Connected', { exact: true })).toBeVisible({ timeout: 20_000 });
    const dashboard = section.getByRole('link', { name: 'View Dashboard' });
    await expect(dashboard).toHaveAttribute('href', /\/api\/v1\/payouts\/local\/dashboard\?token=/);
    const me = await page.request.get('/api/v1/users/me');
    expect(
      ((await me.json()) as { data: { has_stripe_connect: boolean } }).data.has_stripe_connect,
    ).toBe(true);

    await dashboard.click();
    await expect(page.getByRole('heading', { name: 'Payout dashboard' })).toBeVisible();
    await expect(page.getByText('Active: payouts enabled')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Guestspot' }).click();
    await expect(section.getByText('Connected', { exact: true })).toBeVisible();

    await section.getByRole('button', { name: 'Unlink account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlink payout account?' });
    await dialog.getByRole('button', { name: 'Unlink account' }).click();
    await expect(page.getByText('Stripe Connect account was unlinked.')).toBeVisible();
    await expect(section.getByText('Not connected')).toBeVisible();
  });
});
