import { freshUser, linkPath, mailsTo, registerUser } from '../support/accounts';
import { demoUsers, expect, expectNoAxeViolations, test } from '../support/fixtures';

// Through the registration wizard's Go Pro step (/register/subscription), which hosts
// SubscribeForm. The subscriber is a new account, so the demo accounts stay as they are.

/** The local storage flag the session store reads at start (shared-api/src/session). */
const AUTH_FLAG_KEY = 'guestspot.authenticated';

test.describe('Pro subscription', () => {
  test('a new account goes Pro monthly with WELCOME20 after a declined card said so', async ({
    page,
    context,
  }) => {
    // Offline (no Stripe key) nothing may be fetched from outside the site: no Stripe.js.
    const outside: string[] = [];
    page.on('request', (request) => {
      if (!new URL(request.url()).hostname.startsWith('127.0.0.1')) outside.push(request.url());
    });
    const user = freshUser('subscribe');
    await registerUser({ context }, user);
    await page.goto('/remotes.json');
    await page.evaluate((key) => window.localStorage.setItem(key, '1'), AUTH_FLAG_KEY);
    const [verification] = await mailsTo(page.request, user.email, 'Verify your email address');
    await page.goto(linkPath(verification!, '/verify-email'));
    await expect(page).toHaveURL('/verify-email/thanks');
    await page.goto('/register/subscription');
    const form = page.getByRole('form', { name: 'Subscribe to Pro' });
    await expect(form.getByRole('radio', { name: /Monthly/ })).toBeChecked();
    await expectNoAxeViolations(page);
    await expect(form.getByText('Includes a 14 day trial before billing begins')).toBeVisible();
    const unlock = form.getByRole('button', { name: 'Unlock Pro Now' });
    await expect(unlock).toBeDisabled();

    const number = form.getByLabel(/Card number/);
    await number.fill('4000 0000 0000 0002');
    await form.getByLabel(/Expiry/).fill('12/34');
    await form.getByLabel(/CVC/).fill('123');
    await form.getByLabel(/ZIP\/Postal code/).fill('78701');
    await expect(unlock).toBeEnabled();
    await unlock.click();
    const error = form.getByRole('alert');
    await expect(error).toContainText(
      'There was an error while attempting to start your subscription.',
    );
    await expect(error).toContainText('Your card was declined.');

    await number.fill('4242424242424242');
    await expect(number).toHaveValue('4242 4242 4242 4242');
    await form.getByLabel('Coupon code').fill('WELCOME20');
    await expect(form.getByText('Welcome offer: 20% off Guestspot Pro')).toBeVisible();
    await unlock.click();

    // The wizard moves on to its next step; the dashboard then shows the account as Pro.
    await expect(page.getByRole('heading', { name: 'Account Type' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page.getByText('PRO account')).toBeVisible();
    const subscription = await page.request.get('/api/v1/users/me/subscription');
    const { data } = (await subscription.json()) as {
      data: { stripe_status: string; plan_price: number; coupon: string | null };
    };
    expect(data).toMatchObject({
      stripe_status: 'trialing',
      plan_price: 7760,
      coupon: 'WELCOME20',
    });
  });

  test('an unknown coupon blocks Unlock Pro Now', async ({ page, signIn }) => {
    await signIn(demoUsers.guest, '/register/subscription');
    const form = page.getByRole('form', { name: 'Subscribe to Pro' });
    await form.getByLabel(/Card number/).fill('5555 5555 5555 4444');
    await form.getByLabel(/Expiry/).fill('12/34');
    await form.getByLabel(/CVC/).fill('123');
    await form.getByLabel(/ZIP\/Postal code/).fill('78701');
    await form.getByLabel('Coupon code').fill('NOPE');
    await expect(form.getByText('Coupon not found.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Unlock Pro Now' })).toBeDisabled();
    await form.getByLabel('Coupon code').fill('EXPIRED10');
    await expect(form.getByText('This coupon is not valid.')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Unlock Pro Now' })).toBeDisabled();
  });
});
