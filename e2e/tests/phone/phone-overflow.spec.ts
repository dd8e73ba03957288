import type { Page, PlaywrightWorkerArgs, Request } from '@playwright/test';
import { e2eEnv } from '../../support/env';
import { demoUsers, expect, seededMiniview, test, type DemoUser } from '../../support/fixtures';

/**
 * Every route of every remote, signed out and signed in as each demo user, at 360, 390 and 414 px:
 * no page scrolls sideways, and no visible control ends beyond the screen (issue 18). The route
 * lists are the ones the remotes publish (routes.json), so a route added later is checked too; a
 * route with a parameter this file has no example for fails until it gets one.
 */
const WIDTHS = [360, 390, 414];

/** A value for each route parameter, each naming something the demo data has. */
const EXAMPLES: Record<string, string> = {
  guestId: '2',
  showId: '1',
  // the Virtual Interview option (the booking flow's options step)
  bookingOptionId: '1',
  pageSlug: 'how-it-works',
  token: 'e2e-unknown-token',
  invitationId: '1',
  provider: 'google',
  // pro@'s first seeded MINIVIEW ('Founder story questions') and its first answer group
  miniviewId: '1',
  answerGroupId: '1',
  // a booking of pro@'s (the others see the booking page's not-found state)
  bookingId: '8',
  // an answer after the interview that is none: the page goes to the bookings list at once and
  // sends nothing (a real one would change the demo booking; the answers are booking-life.spec's)
  action: 'unknown',
  // uuid: the same MINIVIEW's link, random in each database (seededMiniviewUuid)
};

type Playwright = PlaywrightWorkerArgs['playwright'];
let miniviewUuid: string | undefined;

/** The link uuid of pro@'s first seeded MINIVIEW, read once as pro@ in a context of its own. */
async function seededMiniviewUuid(playwright: Playwright): Promise<string> {
  if (miniviewUuid) return miniviewUuid;
  const request = await playwright.request.newContext({ baseURL: e2eEnv.baseURL });
  try {
    miniviewUuid = (await seededMiniview(request, 'Founder story questions')).uuid;
    return miniviewUuid;
  } finally {
    await request.dispose();
  }
}

/** The shell's own pages (the remotes' come from their routes.json). */
const SHELL_ROUTES = ['/dashboard', '/404-not-found', '/forbidden'];

/** Ends the session, so it is opened last. */
const LAST = '/logout';

interface Problem {
  width: number;
  what: string;
}

async function siteRoutes(page: Page, examples: Record<string, string>): Promise<string[]> {
  const config = (await (await page.request.get('/remotes.json')).json()) as {
    remotes: Record<string, string>;
  };
  const routes = new Set(SHELL_ROUTES);
  for (const manifest of Object.values(config.remotes)) {
    const response = await page.request.get(new URL('routes.json', manifest).href);
    expect(response.ok(), `routes.json of ${manifest}`).toBe(true);
    for (const pattern of ((await response.json()) as { routes: string[] }).routes) {
      routes.add(
        pattern.replace(/:(\w+)/g, (_, name: string) => {
          const value = examples[name];
          if (value === undefined) throw new Error(`No example value for :${name} (${pattern}).`);
          return value;
        }),
      );
    }
  }
  return [...[...routes].filter((route) => route !== LAST), LAST];
}

/**
 * Resolves once no request has been in flight for a moment (the page has what it asked for). The
 * tab's live event stream (decision 113) stays open for good: it is not waited for.
 */
function quietNetwork(page: Page) {
  let inFlight = 0;
  let last = Date.now();
  const streams = (request: Request) => request.resourceType() === 'eventsource';
  const started = (request: Request) => {
    if (!streams(request)) inFlight += 1;
  };
  const ended = (request: Request) => {
    if (streams(request)) return;
    inFlight = Math.max(0, inFlight - 1);
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return async () => {
    const deadline = Date.now() + 8_000;
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - last < 120)) {
      await page.waitForTimeout(50);
    }
  };
}

/** Opens `path` the way a tap on a link would (no reload) while the app is on the page. */
async function open(page: Page, path: string) {
  const onSite = page.url().startsWith(`${e2eEnv.baseURL}/`);
  const inApp =
    onSite &&
    (await page.evaluate(() => Boolean(document.getElementById('root')?.childElementCount)));
  if (!inApp) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** What is wrong with the layout at the current width. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const sideways = document.documentElement.scrollWidth - width;
    if (sideways > 0) problems.push(`the page scrolls sideways by ${sideways} px`);
    /** A control inside a visible horizontal scroller is reachable by scrolling it. */
    const inScroller = (element: Element) => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') {
          const box = up.getBoundingClientRect();
          return box.left >= -0.5 && box.right <= width + 0.5;
        }
      }
      return false;
    };
    const controls = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], [role="link"]',
    );
    for (const control of controls) {
      if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // visually hidden
      if (box.left >= -0.5 && box.right <= width + 0.5) continue;
      if (inScroller(control)) continue;
      const name = (control.getAttribute('aria-label') ?? control.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      problems.push(
        `${control.tagName.toLowerCase()} "${name}" spans ${Math.round(box.left)}–${Math.round(box.right)} px`,
      );
    }
    return problems;
  });
}

async function checkEveryRoute(page: Page, playwright: Playwright, who: string) {
  const waitForQuiet = quietNetwork(page);
  const uuid = await seededMiniviewUuid(playwright);
  const routes = await siteRoutes(page, { ...EXAMPLES, uuid });
  const problems: string[] = [];
  for (const route of routes) {
    await page.setViewportSize({ width: WIDTHS[0]!, height: 800 });
    await open(page, route);
    await waitForQuiet();
    const found: Problem[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const what of await layoutProblems(page)) found.push({ width, what });
    }
    for (const { width, what } of found) {
      problems.push(`${who} ${route} (${new URL(page.url()).pathname}) at ${width} px: ${what}`);
    }
  }
  expect(routes.length).toBeGreaterThan(40);
  expect(problems, problems.join('\n')).toEqual([]);
}

test.describe('every route fits a phone screen', () => {
  // ~50 routes, each at three widths.
  test.describe.configure({ timeout: 240_000 });

  test('signed out', async ({ page, playwright }) => {
    await page.goto('/');
    await checkEveryRoute(page, playwright, 'signed out');
  });

  for (const [label, user] of Object.entries(demoUsers) as [string, DemoUser][]) {
    test(`signed in as ${label}`, async ({ page, playwright, signIn }) => {
      await signIn(user, '/dashboard');
      await checkEveryRoute(page, playwright, label);
    });
  }
});
