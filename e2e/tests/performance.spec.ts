import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { e2eEnv } from '../support/env';
import { demoUsers, expect, test } from '../support/fixtures';

/**
 * The shape of what the browser downloads, from the network as Chromium saw it. Sizes are the
 * decoded bodies (the static servers do not compress), with gzip computed here for information.
 */

/**
 * The home page's JavaScript, decoded bytes: measured 899,410 bytes (878 KiB; 259 KiB gzip) on
 * 2026-11-21 (shell 773 KiB + mfe-marketplace 106 KiB), budget ~20% above; 931,430 bytes
 * (910 KiB; 266 KiB gzip) on 2026-11-23 once Formik and the image cropper left the home page
 * (decision 060). The test prints the measurement on every run; raise the budget only on purpose.
 */
const HOME_JS_BUDGET_BYTES = 1_080_000;

/** react-dom's client bundle hands this object to the React DevTools hook: one per copy of react-dom. */
const REACT_DOM_MARKER = 'rendererPackageName:"react-dom"';

interface Script {
  url: string;
  body: Buffer;
}

function collectScripts(page: Page): { scripts: Script[]; settled: () => Promise<void> } {
  const scripts: Script[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => void scripts.push({ url: response.url(), body }),
        () => undefined,
      ),
    );
  });
  return { scripts, settled: async () => void (await Promise.all(pending)) };
}

test.describe('what the browser downloads', () => {
  test('the home page fetches only the marketplace remote', async ({ page }) => {
    const origins = new Set<string>();
    // Every remote's published route list is read at start (decision 070); nothing else of the
    // other remotes: no manifest, no entry, no chunk.
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname !== '/routes.json') origins.add(url.origin);
    });
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );
    await page.waitForLoadState('networkidle');

    expect(origins).toContain(e2eEnv.remoteOrigins.mfe_marketplace);
    for (const remote of ['mfe_booking', 'mfe_account', 'mfe_miniview'] as const) {
      expect([...origins], `no request to ${remote}`).not.toContain(e2eEnv.remoteOrigins[remote]);
    }
  });

  test('React is loaded once across home, /bookings and /dashboard', async ({ page, signIn }) => {
    // A stand-in for the React DevTools hook: every copy of react-dom registers itself with it
    // when its code runs, so the list it keeps is the number of react-dom copies on the page.
    await page.addInitScript(() => {
      const renderers: string[] = [];
      Object.assign(window, {
        __e2eRenderers: renderers,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          renderers: new Map(),
          inject(internals: { rendererPackageName?: string; version?: string }) {
            renderers.push(`${internals.rendererPackageName}@${internals.version}`);
            return renderers.length;
          },
          checkDCE() {},
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
        },
      });
    });
    const { scripts, settled } = collectScripts(page);

    await signIn(demoUsers.pro, '/');
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );
    // Client-side navigation through the shell: the sidebar's links.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: /^Bookings/ })
      .click();
    await expect(
      page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').first(),
    ).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await expect(page.getByRole('region', { name: 'Recent bookings' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your account' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await settled();

    const origins = new Set(scripts.map((script) => new URL(script.url).origin));
    for (const remote of [
      'mfe_marketplace',
      'mfe_booking',
      'mfe_account',
      'mfe_miniview',
    ] as const) {
      expect(origins, `scripts of ${remote} were loaded`).toContain(e2eEnv.remoteOrigins[remote]);
    }
    const reactDom = scripts
      .filter((script) => script.body.includes(REACT_DOM_MARKER))
      .map((script) => script.url);
    expect(reactDom, 'scripts carrying react-dom').toHaveLength(1);
    expect(reactDom[0]!.startsWith(e2eEnv.baseURL), 'react-dom comes from the shell').toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { __e2eRenderers: string[] }).__e2eRenderers),
    ).toEqual([expect.stringMatching(/^react-dom@19\./)]);
    expect(await page.evaluate(() => 'React' in window)).toBe(false);
  });

  test('the home page stays within its JavaScript budget', async ({ page }, testInfo) => {
    const { scripts, settled } = collectScripts(page);
    await page.goto('/');
    await expect(page.getByRole('list', { name: 'All guests' }).getByRole('listitem')).toHaveCount(
      15,
    );
    await page.waitForLoadState('networkidle');
    await settled();

    const raw = scripts.reduce((sum, script) => sum + script.body.length, 0);
    const gzip = scripts.reduce((sum, script) => sum + gzipSync(script.body).length, 0);
    const byOrigin = new Map<string, number>();
    for (const script of scripts) {
      const origin = new URL(script.url).origin;
      byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + script.body.length);
    }
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    const line = `home page JavaScript: ${scripts.length} files, ${kib(raw)} (${raw} bytes; gzip ${kib(gzip)}); ${[
      ...byOrigin,
    ]
      .map(([origin, bytes]) => `${origin} ${kib(bytes)}`)
      .join(', ')}; budget ${kib(HOME_JS_BUDGET_BYTES)}`;
    console.log(line);
    testInfo.annotations.push({ type: 'home-js', description: line });
    expect(raw).toBeLessThanOrEqual(HOME_JS_BUDGET_BYTES);
  });
});
