import type { Page } from '@playwright/test';
import { mailsTo, signUpVerified } from '../support/accounts';
import {
  DEMO_PASSWORD,
  demoUsers,
  expect,
  expectNoAxeViolations,
  fillLoginForm,
  loginForm,
  test,
} from '../support/fixtures';

// Public profile pages with a new, verified standard account: favourite a guest, inquire, request
// availability, and meet the no-booking-options dialog on a show; a visitor meets the login dialog.

function notifications(page: Page) {
  return page.getByRole('region', { name: 'Notifications' });
}

test.describe('profile pages', () => {
  test('a signed-in user favourites, inquires, requests availability and meets the waitlist dialog', async ({
    page,
    context,
  }) => {
    const user = await signUpVerified(page, context, 'profile');
    await page.goto('/guests/priya-patel');
    await expect(page.getByRole('heading', { level: 1, name: 'Priya Patel' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Prices' })).toContainText('Virtual Interview');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    // Favourite: the heart follows the server's answer.
    const heart = page.getByRole('button', { name: 'Favourite Priya Patel' });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Favourite Priya Patel' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Inquire: the owner gets the message by email.
    await page.getByRole('button', { name: 'Inquire' }).click();
    const inquiry = page.getByRole('dialog', { name: 'Inquire about Priya Patel' });
    await expect(inquiry.getByLabel('Email')).toHaveValue(user.email);
    await inquiry.getByLabel('Phone').pressSequentially('5551234567');
    await expect(inquiry.getByLabel('Phone')).toHaveValue('(555) 123-4567');
    await inquiry.getByLabel('Message').fill('Would you join our show in June?');
    await inquiry.getByRole('button', { name: 'Send inquiry' }).click();
    await expect(inquiry).toBeHidden();
    await expect(notifications(page)).toContainText('Your request was successfully submitted.');
    const [mail] = await mailsTo(
      page.request,
      'pro@guestspot.test',
      'New inquiry about Priya Patel',
    );
    expect(mail?.text).toContain('Would you join our show in June?');

    // Request availability.
    await page.getByRole('button', { name: 'Request availability' }).click();
    const availability = page.getByRole('dialog', { name: 'Request availability' });
    await availability.getByRole('button', { name: 'Send request' }).click();
    await expect(availability).toBeHidden();
    await expect(notifications(page)).toContainText('Your request was sent.');

    // A show without booking options: Request to Book → the dialog → OK joins the waitlist.
    await page.goto('/shows/well-rested');
    await expect(page.getByRole('heading', { level: 1, name: 'Well Rested' })).toBeVisible();
    await page.getByRole('button', { name: 'Request to Book' }).click();
    const waitlist = page.getByRole('dialog', { name: 'Request to Book' });
    await expect(waitlist).toContainText(
      "This show does not currently have booking options available. We'll send them a message and let them know you're interested, and we'll notify you when their availability opens up!",
    );
    await waitlist.getByRole('button', { name: 'OK' }).click();
    await expect(waitlist).toBeHidden();
    await expect(notifications(page)).toContainText("You've beed added to the waitlist.");
  });

  test('a visitor opens a guest by slug and meets the login dialog instead of prices', async ({
    page,
  }) => {
    await page.goto('/priya-patel');
    await expect(page.getByRole('heading', { level: 1, name: 'Priya Patel' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Prices' })).toHaveCount(0);
    await page.getByRole('button', { name: 'See Price' }).first().click();
    await expect(loginForm(page)).toBeVisible();
  });

  test("a visitor signs in on a guest's availability page and sends the request", async ({
    page,
  }) => {
    await page.goto('/guest-availability/priya-patel');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Request Priya Patel’s availability' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Sign in to send the request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Guestspot' });
    await fillLoginForm(dialog, demoUsers.show.email, DEMO_PASSWORD);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/guest-availability/priya-patel');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(
      page
        .getByRole('main')
        .getByText(
          "Your request was sent. We'll let you know when Priya Patel opens up availability.",
        ),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send request' })).toHaveCount(0);
    // Priya's owner (pro@) is asked by email to open availability.
    const [mail] = await mailsTo(
      page.request,
      demoUsers.pro.email,
      `${demoUsers.show.name} would like to book Priya Patel`,
    );
    expect(mail?.text).toContain(demoUsers.show.email);
  });

  test('an unknown single-segment address is the not-found page', async ({ page }) => {
    await page.goto('/no-such-guest-anywhere');
    await expect(page).toHaveURL('/404-not-found');
  });
});
