import { demoUsers, expect, test } from '../support/fixtures';

test.describe('each remote with real data', () => {
  test('/bookings (mfe-booking) lists the bookings of pro@', async ({ page, signIn }) => {
    await signIn(demoUsers.pro, '/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    const rows = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThan(0);
    // A row links to its booking's page (booking-management… §2, decision 111).
    const link = rows.first().getByRole('link', { name: /\(booking #\d+\)$/ });
    await expect(link).toHaveAttribute('href', /^\/bookings\/\d+$/);
    await expect(rows.first()).toContainText(/#\d{4}/);
    await link.click();
    await expect(page).toHaveURL(/\/bookings\/\d+$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Bookings');
  });

  test("/bookings for standard@ says 'No bookings found.' and offers Reload", async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.standard, '/bookings');
    await expect(page.getByRole('heading', { name: 'No bookings found.' })).toBeVisible();
    const reload = page.getByRole('button', { name: 'Reload' });
    await expect(reload).toBeVisible();
    const refetch = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/bookings',
    );
    await reload.click();
    expect((await refetch).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'No bookings found.' })).toBeVisible();
  });

  test('/user-miniviews (mfe-miniview) lists the MINIVIEWs of pro@', async ({ page, signIn }) => {
    await signIn(demoUsers.pro, '/user-miniviews');
    const table = page.getByRole('table', { name: 'Your MINIVIEWs' });
    await expect(table.getByRole('row')).toHaveCount(3); // header + 2 seeded MINIVIEWs
    await expect(table.getByRole('link').first()).toHaveAttribute(
      'href',
      /^\/user-miniviews\/\d+$/,
    );
  });

  test("/user-miniviews for standard@ says 'No MINIVIEWs™ found.'", async ({ page, signIn }) => {
    await signIn(demoUsers.standard, '/user-miniviews');
    await expect(page.getByRole('heading', { name: 'No MINIVIEWs™ found.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' }).first()).toBeVisible();
  });

  test('/dashboard composes the widgets of the remotes, under the MINIVIEW banner', async ({
    page,
    signIn,
  }) => {
    await signIn(demoUsers.pro, '/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Welcome back, Priya!' }),
    ).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Collect answers with MINIVIEW™' }),
    ).toBeVisible();
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account).toContainText(demoUsers.pro.name);
    await expect(account).toContainText(demoUsers.pro.email);
    const bookings = page.getByRole('region', { name: 'Recent bookings' });
    await expect(bookings.getByRole('listitem').first()).toBeVisible();
    await expect(bookings.getByRole('link', { name: 'View all bookings' })).toBeVisible();
    const profiles = page.getByRole('region', { name: 'Your public profiles' });
    await expect(profiles.getByRole('link', { name: demoUsers.pro.name })).toHaveAttribute(
      'href',
      /^\/guests\//,
    );
  });
});

test('an unknown path lands on /404-not-found', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404-not-found');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
});
