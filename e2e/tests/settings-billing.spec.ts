import type { Locator, Page } from '@playwright/test';
import { freshUser, linkPath, mailsTo, registerUser } from '../support/accounts';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

// Settings' Payment methods and Plan sections against the real API and its LOCAL payment
// provider (test cards only), for a new account so the demo accounts stay as they are.

/** The local storage flag the session store reads at start (shared-api/src/session). */
const AUTH_FLAG_KEY = 'guestspot.authenticated';

async function fillCard(scope: Locator, number: string) {
  await scope.getByLabel(/Card number/).fill(number);
  await scope.getByLabel(/Expiry/).fill('12/34');
  await scope.getByLabel(/CVC/).fill('123');
  await scope.getByLabel(/ZIP\/Postal code/).fill('78701');
}

function cardItem(section: Locator, name: string): Locator {
  return section.getByRole('listitem').filter({ hasText: name });
}

async function addCard(page: Page, section: Locator, number: string, makeDefault: boolean) {
  await section.getByRole('button', { name: 'Add payment method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add payment method' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await fillCard(dialog, number);
  const useForBookings = dialog.getByRole('checkbox', {
    name: 'Save this card for future bookings',
  });
  await expect(useForBookings).toBeChecked();
  if (!makeDefault) await useForBookings.uncheck();
  await save.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your payment method was saved')).toBeVisible();
  // Out of the way of the next card's toast.
  await page.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(page.getByText('Your payment method was saved')).toHaveCount(0);
}

test.describe('Settings: payment methods and the Pro subscription', () => {
  test('a new account saves cards, changes the default, deletes one, goes Pro with WELCOME20 and cancels', async ({
    page,
    context,
  }) => {
    const user = freshUser('billing');
    await registerUser({ context }, user);
    await page.goto('/remotes.json');
    await page.evaluate((key) => window.localStorage.setItem(key, '1'), AUTH_FLAG_KEY);
    const [verification] = await mailsTo(page.request, user.email, 'Verify your email address');
    await page.goto(linkPath(verification!, '/verify-email'));
    await expect(page).toHaveURL('/verify-email/thanks');

    // The Pro-feature dialog's link lands on the Plan section.
    await page.goto('/settings#pro-subscription');
    const plan = page.getByRole('region', { name: 'Plan' });
    await expect(plan.getByRole('button', { name: 'Go Pro Now' })).toBeVisible();
    await expect(plan).toBeInViewport();

    const methods = page.getByRole('region', { name: 'Payment methods' });
    await expect(methods.getByText('No payment methods saved')).toBeVisible();
    await expectNoAxeViolations(page);

    // Two cards; the first becomes the default, the second is kept beside it.
    await addCard(page, methods, '4242 4242 4242 4242', true);
    const visa = cardItem(methods, 'Visa ending in 4242');
    await expect(visa).toContainText('Expires 12/2034');
    await expect(visa.getByText('Default', { exact: true })).toBeVisible();
    await addCard(page, methods, '5555 5555 5555 4444', false);
    const mastercard = cardItem(methods, 'Mastercard ending in 4444');
    await expect(mastercard).toBeVisible();
    await expect(mastercard.getByText('Default', { exact: true })).toHaveCount(0);

    // The second becomes the default.
    await methods.getByRole('button', { name: 'Set Mastercard ending in 4444 as default' }).click();
    await expect(mastercard.getByText('Default', { exact: true })).toBeVisible();
    await expect(visa.getByText('Default', { exact: true })).toHaveCount(0);

    // The first goes, after confirmation.
    await methods.getByRole('button', { name: 'Delete Visa ending in 4242' }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete payment method?' });
    await confirmDelete.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('The payment method was deleted.')).toBeVisible();
    await expect(visa).toHaveCount(0);
    await expect(methods.getByRole('listitem')).toHaveCount(1);

    // Go Pro with the saved card and a coupon.
    await plan.getByRole('button', { name: 'Go Pro Now' }).click();
    const modal = page.getByRole('dialog', { name: 'Go Pro' });
    await expect(modal.getByText('Homepage Feature')).toBeVisible();
    await expect(modal.getByText('Includes a 14 day trial before billing begins')).toBeVisible();
    await expect(
      modal.getByRole('radio', { name: 'Mastercard ending in 4444 (expires 12/2034)' }),
    ).toBeChecked();
    const unlock = modal.getByRole('button', { name: 'Unlock Pro Now' });
    await modal.getByLabel('Coupon code').fill('NOPE');
    await expect(modal.getByText('Coupon not found.')).toBeVisible();
    await expect(unlock).toBeDisabled();
    await modal.getByLabel('Coupon code').fill('WELCOME20');
    await expect(modal.getByText('Welcome offer: 20% off Guestspot Pro')).toBeVisible();
    await unlock.click();
    await expect(modal).toBeHidden();

    const details = plan.getByRole('group', { name: 'Your subscription' });
    await expect(details).toContainText(/Trial until [A-Z][a-z]+ \d{1,2}, \d{4}/);
    await expect(details).toContainText('Monthly');
    await expect(details).toContainText('$77.60');
    // Pro with a single card: Update instead of Delete.
    await expect(
      methods.getByRole('button', { name: 'Update Mastercard ending in 4444' }),
    ).toBeVisible();
    await expect(
      methods.getByRole('button', { name: 'Delete Mastercard ending in 4444' }),
    ).toHaveCount(0);

    // The trial's invoice, downloadable in a new tab.
    const download = plan.getByRole('link', { name: /^Download invoice GS-\d+/ });
    await expect(download).toHaveAttribute('target', '_blank');
    const pdf = await page.request.get((await download.getAttribute('href'))!);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    // Cancel: Pro until the end of the trial.
    await plan.getByRole('button', { name: 'Cancel Pro Subscription' }).click();
    const confirmCancel = page.getByRole('dialog', { name: 'Cancel Pro Subscription?' });
    await confirmCancel.getByRole('button', { name: 'Cancel subscription' }).click();
    await expect(
      plan.getByText(
        /^Your subscription was cancelled and will expire on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/,
      ),
    ).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Cancel Pro Subscription' })).toHaveCount(0);
    const me = await page.request.get('/api/v1/users/me');
    expect(((await me.json()) as { data: { account_type: string } }).data.account_type).toBe('pro');
  });
});
