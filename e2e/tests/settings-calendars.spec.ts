import type { Page } from '@playwright/test';
import { signUpVerified } from '../support/accounts';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';

// Settings → Calendars with the offline providers: the local iCloud provider accepts app-specific
// passwords shaped like abcd-efgh-ijkl-mnop and refuses anything else; Google connects through
// the local consent page in a new tab (decision 032). Each test uses a new, verified account.

function calendarsSection(page: Page) {
  return page.getByRole('region', { name: 'Calendars' });
}

test.describe('Settings → Calendars', () => {
  test('connect iCloud (refused, then accepted), choose calendars, reload, disable', async ({
    page,
    context,
  }) => {
    await signUpVerified(page, context, 'calendars-icloud');
    await page.goto('/settings#calendars');
    const section = calendarsSection(page);
    const icloud = section.getByRole('group', { name: 'iCloud' });
    await expect(icloud.getByText('Not connected')).toBeVisible();

    await section.getByRole('button', { name: 'Connect iCloud' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect iCloud' });
    await dialog.getByLabel(/iCloud Email/).fill('nina@icloud.test');
    await dialog.getByLabel(/iCloud Password/).fill('wrong');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog.getByText('iCloud connection error')).toBeVisible();
    await expect(dialog.getByLabel(/iCloud Password/)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    await dialog.getByLabel(/iCloud Password/).fill('abcd-efgh-ijkl-mnop');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await expect(dialog).toBeHidden();
    await expect(icloud.getByText('nina@icloud.test')).toBeVisible();

    // Edit runs the check, then the calendars can be chosen.
    await icloud.getByRole('button', { name: 'Edit iCloud' }).click();
    const form = icloud.getByRole('form', { name: 'Edit iCloud' });
    await expect(icloud.getByText('Active')).toBeVisible();
    await form.getByLabel(/Events calendar/).selectOption({ label: 'Work' });
    const conflicts = form.getByRole('group', { name: /Conflict calendars/ });
    await conflicts.getByLabel('Work').check();
    await conflicts.getByLabel('Family').check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(icloud.getByText('Work, Family')).toBeVisible();

    await page.reload();
    await expect(icloud.getByText('Work, Family')).toBeVisible();
    await icloud.getByRole('button', { name: 'Edit iCloud' }).click();
    await expect(form.getByLabel(/Events calendar/)).toHaveValue('local-icloud-work');
    await expect(conflicts.getByLabel('Family')).toBeChecked();
    await expect(conflicts.getByLabel('Home')).not.toBeChecked();

    await form.getByRole('button', { name: 'Disable' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Disable iCloud?' });
    await confirmDialog.getByRole('button', { name: 'Disable' }).click();
    await expect(section.getByRole('button', { name: 'Connect iCloud' })).toBeVisible();
    await page.reload();
    await expect(section.getByRole('button', { name: 'Connect iCloud' })).toBeVisible();
  });

  test('connect Google through the consent page in a new tab', async ({ page, context }) => {
    await signUpVerified(page, context, 'calendars-google');
    await page.goto('/settings#calendars');
    const section = calendarsSection(page);
    const google = section.getByRole('group', { name: 'Google' });

    const tabPromise = page.waitForEvent('popup');
    await section.getByRole('button', { name: 'Connect Google' }).click();
    const tab = await tabPromise;
    await expect(tab.getByRole('heading', { name: 'Guestspot local Google' })).toBeVisible();
    await tab.getByLabel('Sign in as (email)').fill('nina.calendar@gmail.test');
    await tab.getByRole('button', { name: 'Allow' }).click();
    await expect(tab.getByText('Your Google account is connected.')).toBeVisible();
    await tab.close();

    await expect(google.getByText('nina.calendar@gmail.test')).toBeVisible();
    await expect(google.getByText('Active')).toBeVisible();
    await google.getByRole('button', { name: 'Edit Google' }).click();
    const form = google.getByRole('form', { name: 'Edit Google' });
    await expect(form.getByLabel(/Events calendar/)).toContainText('Holidays in United States');
  });
});
