import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { e2eEnv } from '../support/env';
import { demoUsers, expect, test } from '../support/fixtures';

/**
 * The shape of what the browser downloads, from the network as Chromium saw it. Sizes are the
 * decoded bodies (the static servers do not compress), with gzip computed here for information.
 */

/**
 * What each route may download in JavaScript on a cold first load, gzip (decision 075):
 * shell/server/route-budgets.json, which `npm run bench:bundle` prints too. Bytes of one build are
 * the same on every run, so this is a test, not a benchmark; raise a budget only on purpose.
 */
interface RouteBudget {
  name: string;
  path: string;
  user?: string;
  budgetKib: number;
}
const budgets = JSON.parse(
  readFileSync(new URL('../../shell/server/route-budgets.json', import.meta.url), 'utf8'),
) as { floorKib: number; routes: RouteBudget[] };

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
    // The route lists come inline in the page (decision 075), or from each remote's routes.json
    // (decision 070); nothing else of the other remotes: no manifest, no entry, no chunk.
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

  for (const route of budgets.routes) {
    test(`${route.name} (${route.path}) stays within its JavaScript budget`, async ({
      page,
      signIn,
    }, testInfo) => {
      const user = Object.values(demoUsers).find((demo) => demo.email === route.user);
      if (route.user && !user) throw new Error(`${route.user} is not a demo user`);
      // Signing in through the API runs no script of the site: the cache stays cold.
      const { scripts, settled } = collectScripts(page);
      if (user) await signIn(user, route.path);
      else await page.goto(route.path);
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await settled();

      const gzip = scripts.reduce((sum, script) => sum + gzipSync(script.body).length, 0);
      const raw = scripts.reduce((sum, script) => sum + script.body.length, 0);
      const kib = (bytes: number) => (bytes / 1024).toFixed(1);
      const line = `${route.name} JavaScript: ${scripts.length} files, ${kib(raw)} KiB raw, ${kib(gzip)} KiB gzip (budget ${route.budgetKib}, floor ${budgets.floorKib})`;
      console.log(line);
      testInfo.annotations.push({ type: 'route-js', description: line });
      expect(gzip / 1024, line).toBeLessThanOrEqual(route.budgetKib);
    });
  }
});
