import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '../support/fixtures';

/**
 * A remote owns its routes (decision 070): mfe-miniview, rebuilt with one more route, serves it
 * through the shell as it is, with no shell build or config change. The shell reads the new
 * routes.json when the page starts.
 */
const EXTRA_ROUTE = '/miniview-e2e/extra-route';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
let dist = '';

test.describe('a route added to a remote', () => {
  // The remote's production build takes a while on 2 cores.
  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dist = await mkdtemp(path.join(os.tmpdir(), 'guestspot-miniview-extra-'));
    await promisify(execFile)(
      process.execPath,
      [
        path.join(root, 'node_modules', 'webpack', 'bin', 'webpack.js'),
        '--mode',
        'production',
        '--output-path',
        dist,
      ],
      {
        cwd: path.join(root, 'mfe-miniview'),
        env: { ...process.env, GUESTSPOT_E2E_EXTRA_ROUTE: EXTRA_ROUTE },
        maxBuffer: 16 << 20,
      },
    );
  });

  test.afterAll(async () => {
    if (dist) await rm(dist, { recursive: true, force: true });
  });

  test('is served through the unchanged shell once the remote is redeployed', async ({
    page,
    remotes,
  }) => {
    const published = JSON.parse(await readFile(path.join(dist, 'routes.json'), 'utf8')) as {
      routes: string[];
    };
    expect(published.routes).toEqual([
      '/user-miniviews',
      '/user-miniviews/:miniviewId',
      '/user-miniviews/:miniviewId/answers',
      '/user-miniviews/:miniviewId/answers/:answerGroupId',
      '/miniviews-create',
      '/miniviews-create/questions',
      '/miniviews-create/success',
      '/miniviews/:uuid',
      '/miniviews/:uuid/questions',
      '/miniviews/:uuid/success',
      EXTRA_ROUTE,
    ]);

    // Before: the shell knows no app that serves the path.
    await page.goto(EXTRA_ROUTE);
    await expect(page).toHaveURL('/404-not-found');

    await remotes.serveBuild('mfe_miniview', dist);
    await page.goto(EXTRA_ROUTE);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'MINIVIEW route added without a shell release',
      }),
    ).toBeVisible();
    await expect(page).toHaveURL(EXTRA_ROUTE);
    // The remote's other route is still its own.
    await page.goto('/user-miniviews');
    await expect(page).toHaveURL(/\/login$/);
  });
});
