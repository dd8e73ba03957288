import { demoUsers, expect, expectLivePage, test, userMenuButton } from '../support/fixtures';

/**
 * A visitor's first page comes rendered from the site's server (decision 077): it is in the HTML,
 * it stays in place without a spinner or a shift while the scripts arrive, it does nothing until
 * then (inert), and a signed-in user's pages are never rendered there.
 */
const PAGES = [
  { path: '/', heading: "Book the world's top guests & shows!" },
  { path: '/browse?showing=guests', heading: 'Browse guests' },
  { path: '/guests/2', heading: 'Priya Patel' },
  { path: '/login', heading: 'Sign in' },
];

test.describe('a visitor’s first page, rendered on the server', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    for (const { path, heading } of PAGES) {
      test(`${path} is in the HTML, in the site's frame`, async ({ page }) => {
        // The first answer may come before the render is ready; the next one has it.
        await page.request.get(path);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(
          page.getByRole('banner').getByRole('button', { name: 'Sign in' }),
        ).toBeVisible();
        // Nothing answers a tap before the scripts: the whole frame is inert.
        await expect(page.locator('#root > .gs-app')).toHaveAttribute('inert', '');
      });
    }
  });

  test('stays in place while its code arrives, then works', async ({ page }) => {
    await page.addInitScript(() => {
      const seen = { shift: 0, spinner: false };
      Object.assign(window, { __seen: seen });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          seen.shift += (entry as unknown as { value: number }).value;
      }).observe({ type: 'layout-shift', buffered: true });
      new MutationObserver(() => {
        if (document.querySelector('.gs-page-loading, .gs-skeleton')) seen.spinner = true;
      }).observe(document, { subtree: true, childList: true });
    });
    await page.request.get('/');
    await page.goto('/');
    await expectLivePage(page);
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );
    const seen = await page.evaluate(() => (window as unknown as { __seen: object }).__seen);
    expect(seen).toEqual({ shift: 0, spinner: false });

    const shows = page.getByRole('button', { name: 'Shows', exact: true });
    await shows.click();
    await expect(shows).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('search', { name: 'Search shows' })).toBeVisible();
  });

  test('is never made for a signed-in user', async ({ page, signIn }) => {
    await signIn(demoUsers.pro, '/browse?showing=guests');
    await expect(userMenuButton(page, demoUsers.pro)).toBeVisible();
    const html = await (await page.request.get('/browse?showing=guests')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('gs-prerender');
  });
});
