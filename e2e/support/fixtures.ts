import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';
import type { Miniview, Paginated } from '@guestspot/shared-api';
import { AUTH_FLAG_KEY } from './accounts';
import { e2eEnv, type RemoteName } from './env';

export { expect };

export const DEMO_PASSWORD = 'Password123';

/** The seeded demo logins (api/src/db/seed/seed.ts) and the names the header shows. */
export const demoUsers = {
  standard: { email: 'standard@guestspot.test', name: 'Sam Carter' },
  pro: { email: 'pro@guestspot.test', name: 'Priya Patel' },
  guest: { email: 'guest@guestspot.test', name: 'Maya Brooks' },
  show: { email: 'show@guestspot.test', name: 'Sofia Ramirez' },
  pending: { email: 'pending@guestspot.test', name: 'Peter Lang' },
  admin: { email: 'admin@guestspot.test', name: 'Alex Morgan' },
  agency: { email: 'agency@guestspot.test', name: 'Jordan Blake' },
  /** active, but has not accepted the Terms of Service */
  terms: { email: 'terms@guestspot.test', name: 'Tara Quinn' },
} as const;
export type DemoUser = (typeof demoUsers)[keyof typeof demoUsers];

/** What a remote's area says when the remote cannot be loaded (shell/src/federation/remotes.ts). */
export const remoteLabels: Record<RemoteName, string> = {
  mfe_marketplace: 'Marketplace',
  mfe_booking: 'Bookings',
  mfe_account: 'Account',
  mfe_miniview: 'MINIVIEW',
};

async function control(
  remote: RemoteName,
  action: 'stop' | 'hang' | 'start',
  dist?: string,
): Promise<void> {
  const query = dist ? `?dist=${encodeURIComponent(dist)}` : '';
  const response = await fetch(`${e2eEnv.controlURL}/remotes/${remote}/${action}${query}`, {
    method: 'POST',
  });
  if (!response.ok)
    throw new Error(`${action} ${remote}: ${response.status} ${await response.text()}`);
}

export interface RemoteControl {
  /** Stops the remote's static server: its origin refuses connections until start(). */
  stop(remote: RemoteName): Promise<void>;
  /** Its origin accepts connections and never answers, until start(). */
  hang(remote: RemoteName): Promise<void>;
  start(remote: RemoteName): Promise<void>;
  /** Serves another build of the remote (a dist folder) on its origin, until the test ends. */
  serveBuild(remote: RemoteName, dist: string): Promise<void>;
}

/** The CSRF header a write through `context.request` needs (the API's double-submit cookie). */
export async function xsrfHeaders(context: BrowserContext): Promise<Record<string, string>> {
  await context.request.get('/api/v1/sanctum/csrf-cookie');
  const token = (await context.cookies(e2eEnv.baseURL)).find((c) => c.name === 'XSRF-TOKEN');
  expect(token, 'the XSRF-TOKEN cookie').toBeTruthy();
  return { 'X-XSRF-TOKEN': decodeURIComponent(token!.value) };
}

/** The CSRF header of an API request context that holds the XSRF-TOKEN cookie. */
export async function requestXsrfHeaders(
  request: APIRequestContext,
): Promise<Record<string, string>> {
  const token = (await request.storageState()).cookies.find(
    (cookie) => cookie.name === 'XSRF-TOKEN',
  );
  expect(token, 'the XSRF-TOKEN cookie').toBeTruthy();
  return { 'X-XSRF-TOKEN': decodeURIComponent(token!.value) };
}

/** Signs an API request context in as `user`: the CSRF cookie, then the login, as the SPA does. */
export async function signInRequest(request: APIRequestContext, user: DemoUser): Promise<void> {
  const csrf = await request.get('/sanctum/csrf-cookie');
  expect(csrf.status(), `GET /sanctum/csrf-cookie: ${await csrf.text()}`).toBe(204);
  const login = await request.post('/api/v1/auth/login', {
    headers: await requestXsrfHeaders(request),
    data: { email: user.email, password: DEMO_PASSWORD, remember_me: false, device: 'spa' },
  });
  expect(login.status(), `POST /api/v1/auth/login as ${user.email}: ${await login.text()}`).toBe(
    200,
  );
}

/**
 * One of pro@'s seeded MINIVIEWs, by title (its link's uuid is random in each database), read
 * through a request context signed in as pro@ here.
 */
export async function seededMiniview(request: APIRequestContext, title: string): Promise<Miniview> {
  await signInRequest(request, demoUsers.pro);
  const list = await request.get('/api/v1/miniviews', { params: { 'filter[title]': title } });
  const [miniview] = ((await list.json()) as Paginated<Miniview>).data;
  expect(miniview, `pro@'s seeded MINIVIEW '${title}'`).toBeTruthy();
  return miniview!;
}

/**
 * Signs in through the API (cookies land in the page's context) and sets the flag the shell reads
 * at start, on a page of the site's origin that does not run the app; then opens `path`.
 */
async function signInThroughApi(page: Page, user: DemoUser, path = '/dashboard'): Promise<void> {
  await signInRequest(page.context().request, user);
  await page.goto('/remotes.json');
  await page.evaluate((key) => window.localStorage.setItem(key, '1'), AUTH_FLAG_KEY);
  await page.goto(path);
}

/** mfe-account's login form (the /login page's, or the one in the header's modal). */
export function loginForm(scope: Page | Locator) {
  return scope.getByRole('form', { name: 'Sign in' });
}

/** Fills the login form inside `scope` and submits it. */
export async function fillLoginForm(scope: Page | Locator, email: string, password: string) {
  const form = loginForm(scope);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/**
 * A visitor's first page arrives rendered by the site's server and stays inert until its scripts
 * have replaced it (decision 077): what measures the page's elements waits for that.
 */
export async function expectLivePage(page: Page) {
  await expect(page.locator('#root [inert]')).toHaveCount(0);
}

/** Runs axe (WCAG 2 A and AA rules) on the page as it is and lists every violation on failure. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const violations = results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map(
      (node) => `${node.target.join(' ')} :: ${node.failureSummary ?? ''}`,
    ),
  }));
  expect(
    violations,
    `axe violations on ${page.url()}:\n${JSON.stringify(violations, null, 2)}`,
  ).toEqual([]);
}

/** The header's signed-in menu button, named with the user's full name. */
export function userMenuButton(page: Page, user: DemoUser) {
  return page.getByRole('banner').getByRole('button', { name: new RegExp(`^${user.name}`) });
}

export const test = base.extend<{
  signIn: (user: DemoUser, path?: string) => Promise<void>;
  remotes: RemoteControl;
}>({
  signIn: async ({ page }, use) => {
    await use((user, path) => signInThroughApi(page, user, path));
  },
  /**
   * Stops, hangs and starts remotes; whatever a test stopped or hung is started again after it,
   * pass or fail.
   */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture uses from this pattern
  remotes: async ({}, use) => {
    const stopped = new Set<RemoteName>();
    const replaced = new Set<RemoteName>();
    await use({
      async stop(remote) {
        await control(remote, 'stop');
        stopped.add(remote);
      },
      async hang(remote) {
        await control(remote, 'hang');
        stopped.add(remote);
      },
      async start(remote) {
        await control(remote, 'start');
        stopped.delete(remote);
      },
      async serveBuild(remote, dist) {
        await control(remote, 'start', dist);
        replaced.add(remote);
      },
    });
    for (const remote of replaced) await control(remote, 'stop');
    for (const remote of new Set([...stopped, ...replaced])) await control(remote, 'start');
  },
});
