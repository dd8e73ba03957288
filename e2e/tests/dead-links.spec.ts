import type { Locator, Page } from '@playwright/test';
import { demoUsers, expect, test, userMenuButton, type DemoUser } from '../support/fixtures';

// No dead ends in the shell's navigation: for each demo user, every link of the header (its
// user menu opened), the sidebar (opened from the header's menu button) and the account
// sub-navigation on /dashboard leads to a page of the site, not to the not-found page
// (shell/src/pages/not-found.tsx: /404-not-found, 'Page not found', where RemoteOutlet and the
// remotes send a path nobody serves). One page per user; each link is opened in it.
//
// Left out, by design:
// - pending@ has not verified their email: every page but /check-email, /verify-email and
//   /register sends them to /check-email (guard.spec.ts), so no link of theirs can be followed.
// - terms@ has not accepted the Terms of Service: the undismissable Terms modal covers every
//   page until Accept (terms.spec.ts); accepting here would change the account terms.spec.ts
//   needs as seeded.
// - /logout, in every user's menu and sidebar: opening it signs the user out, which would end the
//   check; auth.spec.ts follows it.
const UNREACHABLE: ReadonlySet<DemoUser> = new Set([demoUsers.pending, demoUsers.terms]);
const NOT_FOLLOWED = new Set(['/logout']);

const NOT_FOUND_PATH = '/404-not-found';

type Area = 'sub-nav' | 'header' | 'sidebar';

/** Shows the area's links (the menus close on every navigation) and returns it. */
async function openArea(page: Page, user: DemoUser, area: Area): Promise<Locator> {
  if (area === 'sub-nav') return page.getByRole('navigation', { name: 'Account' });
  if (area === 'header') {
    const menu = userMenuButton(page, user);
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    return page.getByRole('banner');
  }
  const toggle = page.getByRole('banner').getByRole('button', { name: /^(Open|Close) menu$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return page.getByRole('navigation', { name: 'Sidebar' });
}

/** The same-origin paths an area links to, in order. */
async function pathsIn(area: Locator): Promise<string[]> {
  const links = area.getByRole('link');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => (anchor as HTMLAnchorElement).href),
  );
  const origin = new URL(test.info().project.use.baseURL!).origin;
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => `${url.pathname}${url.search}`);
}

/** The page now shown is a page of the site, not the not-found page. */
async function expectAPage(page: Page, what: string) {
  // The router renders a navigation as a transition: the page being left stays on screen,
  // with this bar, until the next one is ready.
  await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toHaveCount(0);
  const heading = page.getByRole('main').getByRole('heading', { level: 1 }).first();
  await expect(heading, `${what}: a page with a heading`).toBeVisible();
  await expect(heading, what).not.toHaveText('Page not found');
  expect(new URL(page.url()).pathname, what).not.toBe(NOT_FOUND_PATH);
}

for (const user of Object.values(demoUsers).filter((demo) => !UNREACHABLE.has(demo))) {
  test(`${user.email}: every link of the header, the sidebar and the account sub-navigation leads to a page`, async ({
    page,
    signIn,
  }) => {
    await signIn(user, '/dashboard');
    await expect(page.getByRole('navigation', { name: 'Account' })).toBeVisible();
    await expectAPage(page, '/dashboard');
    const followed = new Set(['/dashboard']);
    const found = new Set<string>();

    // The sub-navigation first: its pages all show it, so its links stay at hand.
    for (const area of ['sub-nav', 'header', 'sidebar'] as const) {
      const paths = await pathsIn(await openArea(page, user, area));
      for (const path of paths) {
        found.add(path);
        if (followed.has(path) || NOT_FOLLOWED.has(path.split('?')[0]!)) continue;
        followed.add(path);
        const link = (await openArea(page, user, area))
          .getByRole('link')
          .and(page.locator(`[href="${path}"]`))
          .first();
        const before = page.url();
        await link.click();
        await expect(page).not.toHaveURL(before);
        await expectAPage(page, `the ${area}'s link to ${path}`);
      }
    }
    // The sub-navigation alone has seven links; the header and the sidebar add theirs.
    expect(found.size).toBeGreaterThan(7);
  });
}
