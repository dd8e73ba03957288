import type { Page } from '@playwright/test';
import { e2eEnv } from '../support/env';
import { demoUsers, expect, expectLivePage, loginForm, test } from '../support/fixtures';

// Decision 068: the site cannot be framed by another origin, and its Content-Security-Policy
// (scripts only from the site and the remotes in remotes.json) lets every part of it run.

/** A page on another origin, answered by the test itself: it never reaches the network. */
const ATTACKER_PAGE = 'http://127.0.0.1:9/framing.html';

/**
 * Collects what the browser reports as blocked by a Content-Security-Policy: the
 * securitypolicyviolation events of every document and the console errors naming a policy.
 */
async function watchPolicyViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportPolicyViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation(text: string): void })
        .reportPolicyViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} on ${location.href}`);
    });
  });
  return violations;
}

test.describe('security headers', () => {
  test('the login page inside another origin’s frame never renders', async ({ page }) => {
    const loginUrl = `${e2eEnv.baseURL}/login`;
    await page.route(ATTACKER_PAGE, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Framing</title><h1>Not Guestspot</h1>
<iframe title="framed site" src="${loginUrl}" width="800" height="600"></iframe>`,
      }),
    );
    await page.goto(ATTACKER_PAGE);
    await expect(page.getByRole('heading', { name: 'Not Guestspot' })).toBeVisible();

    // Chromium refuses the frame: it shows its error page there instead of the site.
    await expect
      .poll(() => page.frames().map((frame) => frame.url()))
      .toEqual([ATTACKER_PAGE, 'chrome-error://chromewebdata/']);
    const framed = page.frameLocator('iframe[title="framed site"]');
    await page.waitForTimeout(1_500);
    await expect(loginForm(framed.locator(':root'))).toHaveCount(0);
    await expect(framed.getByRole('heading', { name: 'Sign in' })).toHaveCount(0);
    expect(page.frames().map((frame) => frame.url())).not.toContain(loginUrl);
  });

  test('the site, the remotes and the API send their headers', async ({ page, request }) => {
    const response = await page.goto('/login');
    const headers = response!.headers();
    const csp = headers['content-security-policy'] ?? '';
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.split(/\s+/) ?? [];
    for (const origin of Object.values(e2eEnv.remoteOrigins)) expect(scriptSrc).toContain(origin);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');

    // A remote's entry: loadable by the shell's origin (CORS and CORP), never sniffed.
    const entry = await request.get(`${e2eEnv.remoteOrigins.mfe_booking}/remoteEntry.js`);
    expect(entry.headers()['cross-origin-resource-policy']).toBe('cross-origin');
    expect(entry.headers()['access-control-allow-origin']).toBe('*');
    expect(entry.headers()['x-content-type-options']).toBe('nosniff');

    // The API, through the site's proxy: its own policy, which loads nothing.
    const api = await request.get('/api/v1/health');
    expect(api.headers()['content-security-policy']).toContain("default-src 'none'");
    expect(api.headers()['x-frame-options']).toBe('DENY');
  });

  test('nothing on the public pages is blocked by the policy', async ({ page }) => {
    const violations = await watchPolicyViolations(page);

    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: "Book the world's top guests & shows!" }),
    ).toBeVisible();
    // The server-rendered home is replaced by the live one; its pictures are the ones to watch.
    await expectLivePage(page);
    // The cards' pictures (SVGs the API draws) load.
    const picture = page.getByRole('list', { name: 'All guests' }).locator('img').first();
    await picture.scrollIntoViewIfNeeded();
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);

    await page.goto('/browse');
    await expect(page.getByRole('heading', { level: 1, name: 'Browse guests' })).toBeVisible();

    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(loginForm(page)).toBeVisible();

    expect(violations).toEqual([]);
  });

  test('nothing on the signed-in pages is blocked by the policy', async ({ page, signIn }) => {
    const violations = await watchPolicyViolations(page);

    await signIn(demoUsers.pro, '/settings');
    await expect(page.getByRole('region', { name: 'Payment methods' })).toBeVisible();

    await page.goto('/bookings');
    await expect(page.getByRole('heading', { level: 1, name: 'Bookings' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').first(),
    ).toBeVisible();

    await page.goto('/user-miniviews');
    await expect(page.getByRole('table', { name: 'Your MINIVIEWs' })).toBeVisible();

    expect(violations).toEqual([]);
  });
});
