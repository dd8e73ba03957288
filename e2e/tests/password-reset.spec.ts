import { freshUser, linkPath, mailsTo, registerUser } from '../support/accounts';
import { expect, fillLoginForm, test } from '../support/fixtures';

test.describe('forgotten password', () => {
  test('request a link, open it from the email, choose a new password, sign in with it', async ({
    page,
    request,
  }) => {
    // A user of this test only, registered from another client: the browser stays signed out.
    const user = freshUser('reset');
    await registerUser({ request }, user);

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/reset-password');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(
      'If an account exists for that email, we have sent a password reset link.',
    );

    const [mail] = await mailsTo(page.request, user.email, 'Reset your password');
    await page.goto(linkPath(mail!, '/reset-password/'));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(user.email);

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('shorter');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(
      page.getByText('The Password field must have at least 8 characters'),
    ).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-1');
    await page.getByLabel('Confirm password', { exact: true }).fill('Brand-new-pass-1');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByText('Your password has been reset.')).toBeVisible();
    await expect(
      page.getByRole('banner').getByRole('button', { name: /^Nina Okafor/ }),
    ).toBeVisible();

    // The link was used up.
    await page.goto('/logout');
    await expect(page).toHaveURL('/');
    await page.goto(linkPath(mail!, '/reset-password/'));
    await expect(page.getByRole('alert')).toContainText('This link is invalid or has expired.');

    // The new password signs in; the old one no longer does.
    await page.goto('/login');
    await fillLoginForm(page, user.email, user.password);
    await expect(page.getByRole('alert').first()).toContainText(
      'These credentials do not match our records.',
    );
    await fillLoginForm(page, user.email, 'Brand-new-pass-1');
    await expect(page).toHaveURL('/dashboard');
  });
});
