import { expect, test } from '../support/fixtures';

// Static content pages (GET /pages/{slug}), the curated talent list, the not-found page for an
// unknown slug, and a referral link on a content page.

const PAGES: [path: string, title: string][] = [
  ['/about', 'About Us'],
  ['/contact', 'Contact Us'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/thanks', 'Thank you!'],
  ['/faq', 'Frequently Asked Questions'],
  ['/pages/how-it-works', 'How Guestspot Works'],
  ['/pages/referral-program', 'Referral Program'],
];

test.describe('content pages', () => {
  for (const [path, title] of PAGES) {
    test(`${path} shows '${title}'`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(/Last updated/);
      await expect(page).toHaveTitle(`${title} | Guestspot`);
    });
  }

  test('the sidebar and footer links reach their pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL('/pages/faq');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeVisible();
    // A link inside a page is followed within the site.
    await page.goto('/contact');
    await page.getByRole('link', { name: 'Read the FAQ' }).click();
    await expect(page).toHaveURL('/faq');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }),
    ).toBeVisible();
  });

  test('an unknown slug leads to the not-found page', async ({ page }) => {
    await page.goto('/pages/no-such-page');
    await expect(page).toHaveURL('/404-not-found');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('/talent lists the curated talent', async ({ page }) => {
    await page.goto('/talent');
    await expect(page.getByRole('heading', { level: 1, name: 'Curated Talent' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Curated talent' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    // Priya Patel is one of the seeded curated guests.
    await expect(list.getByRole('link', { name: 'Priya Patel', exact: true })).toBeVisible();
    expect(await list.getByRole('listitem').count()).toBeLessThanOrEqual(15);
  });

  test('a referral link stores the referral cookie and leaves the address bar', async ({
    page,
    context,
  }) => {
    const counted = page.waitForResponse(
      (response) =>
        response.url().includes('/api/v1/increment-views/priyapatel') &&
        response.request().method() === 'PUT',
    );
    await page.goto('/about?ref=priyapatel');
    expect((await counted).status()).toBe(200);
    await expect(page).toHaveURL('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
    const cookie = (await context.cookies()).find((item) => item.name === 'gs_referral');
    expect(cookie?.value).toMatch(/^priyapatel\./);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });
});
