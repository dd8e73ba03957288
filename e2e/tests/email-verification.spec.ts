import { freshUser, linkPath, mailsTo, registerUser } from '../support/accounts';
import { expect, test } from '../support/fixtures';

/** The local storage flag the session store reads at start (shared-api/src/session). */
const AUTH_FLAG_KEY = 'guestspot.authenticated';

test.describe('email verification', () => {
  test('a new user is kept on /check-email until they follow the emailed link', async ({
    page,
    context,
  }) => {
    const user = freshUser('verify');
    await registerUser({ context }, user);
    await page.goto('/remotes.json');
    await page.evaluate((key) => window.localStorage.setItem(key, '1'), AUTH_FLAG_KEY);

    await page.goto('/dashboard');
    await expect(page).toHaveURL('/check-email');
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();

    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByRole('status')).toContainText(
      'A new verification link has been sent to your email address.',
    );
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByRole('alert')).toContainText(
      /Please wait \d+ seconds before requesting another email\./,
    );

    // Registration sent one email, Resend another: only the newest link works.
    const [newest, first] = await mailsTo(page.request, user.email, 'Verify your email address', 2);
    expect(linkPath(newest!, '/verify-email')).not.toBe(linkPath(first!, '/verify-email'));
    await page.goto(linkPath(first!, '/verify-email'));
    await expect(page.getByRole('alert')).toContainText(
      'This verification link is invalid or has expired.',
    );
    await page.goto(linkPath(newest!, '/verify-email'));
    await expect(page).toHaveURL('/verify-email/thanks');
    await expect(
      page.getByRole('heading', { name: 'Thank you for verifying your email' }),
    ).toBeVisible();

    await page.getByRole('link', { name: 'Continue to Dashboard' }).click();
    await expect(page).toHaveURL('/dashboard');
    await page.reload();
    await expect(page).toHaveURL('/dashboard');
    await page.goto('/browse');
    await expect(page).toHaveURL('/browse');
  });

  test('a link that is not our verification path is refused without calling it', async ({
    page,
  }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/v1/users/me/'))
        calls.push(request.url());
    });
    await page.goto(`/verify-email?url=${encodeURIComponent('/api/v1/users/me/account/delete')}`);
    await expect(page.getByRole('alert')).toContainText(
      'This verification link is invalid or has expired.',
    );
    expect(calls).toEqual([]);
  });
});
