import type { APIRequestContext, Page } from '@playwright/test';
import { bookMayaThroughApi, cancelBooking, newSignedInPage } from '../support/booking';
import { demoUsers, expect, signInRequest, test } from '../support/fixtures';

// Conversations and notifications, live (issue 31, decision 113): two browsers, show@ and guest@,
// talk about a booking of show@'s Morning Momentum with Maya Brooks. What one side sends reaches
// the other's screen through the event stream (GET /api/v1/events), and through polling when the
// stream is blocked. Each test makes its own booking and calls it off at the end.

/** The unread figure the dashboard's card shows ("You have 3 new messages"). */
async function dashboardFigure(page: Page): Promise<number> {
  const card = page.getByRole('region', { name: 'New messages' });
  await expect(card).toContainText(/You have (no|\d+) new messages?/);
  const text = (await card.textContent()) ?? '';
  const match = /You have (\d+) new message/.exec(text);
  return match ? Number(match[1]) : 0;
}

/** The sidebar's Messages link, with its count when there is one. */
async function sidebarMessages(page: Page) {
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  if (!(await sidebar.isVisible())) {
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  }
  return sidebar.getByRole('link', { name: /^Messages/ });
}

async function send(page: Page, text: string) {
  const composer = page.getByRole('form', { name: 'Send a message' });
  await composer.getByRole('textbox', { name: 'Message' }).fill(text);
  const sent = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      /\/api\/v1\/bookings\/\d+\/messages$/.test(new URL(response.url()).pathname),
  );
  await composer.getByRole('button', { name: 'Send' }).click();
  const response = await sent;
  expect(response.status(), await response.text()).toBe(201);
  return Date.now();
}

async function showApiFor(playwright: {
  request: { newContext: (options: { baseURL?: string }) => Promise<APIRequestContext> };
}) {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signInRequest(api, demoUsers.show);
  return api;
}

test.describe('conversations', () => {
  test('show@ writes; Maya sees it live, the counts go up, she replies from the inbox and they go down', async ({
    page,
    signIn,
    browser,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const showApi = await showApiFor(playwright);
    const booked = await bookMayaThroughApi(showApi, 1);
    const guestPage = await newSignedInPage(browser, demoUsers.guest, '/dashboard');
    try {
      const before = await dashboardFigure(guestPage);

      // show@ writes on the booking's page; Maya's dashboard counts it without a reload.
      await signIn(demoUsers.show, `/bookings/${booked.id}`);
      const first = `Hello Maya, a question about our interview (${booked.id}).`;
      await send(page, first);
      await expect.poll(() => dashboardFigure(guestPage), { timeout: 10_000 }).toBe(before + 1);
      await expect(await sidebarMessages(guestPage)).toHaveAccessibleName(
        `Messages ${before + 1} unread messages`,
      );

      // On her booking page, the next message arrives in under 2 s, without reloading (once
      // the page's stream is open: it opens after the page has loaded, decision 113).
      const stream = guestPage.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/v1/events',
        { timeout: 15_000 },
      );
      await guestPage.goto(`/bookings/${booked.id}`);
      expect((await stream).status()).toBe(200);
      const feed = guestPage.getByRole('region', { name: 'Activity entries' });
      await expect(feed).toContainText(first);
      const second = `Could we start ten minutes early? (${booked.id})`;
      const sentAt = await send(page, second);
      await expect(feed).toContainText(second, { timeout: 2_000 });
      expect(Date.now() - sentAt).toBeLessThan(2_000);

      // She replies from the inbox; reading the conversation clears its count.
      await guestPage.goto('/messages');
      const row = guestPage
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('link', { name: /^Morning Momentum/ })
        .filter({ hasText: second.slice(0, 40) });
      await row.click();
      await expect(
        guestPage.getByRole('log', { name: 'Messages with Morning Momentum' }),
      ).toContainText(second);
      const reply = `Yes, ten minutes early is fine (${booked.id}).`;
      await send(guestPage, reply);
      await expect(page.getByRole('region', { name: 'Activity entries' })).toContainText(reply, {
        timeout: 5_000,
      });
      await guestPage.goto('/dashboard');
      await expect.poll(() => dashboardFigure(guestPage), { timeout: 10_000 }).toBe(before);
      await expect(await sidebarMessages(guestPage)).toHaveAccessibleName(
        before === 0 ? 'Messages' : `Messages ${before} unread messages`,
      );
    } finally {
      await cancelBooking(showApi, booked.id);
      await showApi.dispose();
      await guestPage.context().close();
    }
  });

  test('a notification is dismissed and stays dismissed', async ({ page, signIn, playwright }) => {
    test.setTimeout(90_000);
    const showApi = await showApiFor(playwright);
    const booked = await bookMayaThroughApi(showApi, 1);
    try {
      await signIn(demoUsers.guest, '/dashboard');
      const strip = page.getByRole('region', { name: 'Booking updates' });
      // The request itself is news for Maya, and the newest: show@'s Morning Momentum asked her.
      const mine = strip.getByRole('listitem').first();
      await expect(mine).toContainText('Morning Momentum', { timeout: 10_000 });
      await expect(mine).toBeVisible({ timeout: 10_000 });
      const dismissed = page.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' &&
          /\/api\/v1\/notifications\/\d+$/.test(new URL(response.url()).pathname),
      );
      const text = (await mine.textContent()) ?? '';
      await mine.getByRole('button', { name: /^Dismiss/ }).click();
      expect((await dismissed).status()).toBe(200);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const all = await page.request.get('/api/v1/notifications');
      const { data } = (await all.json()) as {
        data: { data: { message: string; booking_id: number } }[];
      };
      expect(
        data.some((item) => text.includes(item.data.message) && item.data.booking_id === booked.id),
      ).toBe(false);
    } finally {
      await cancelBooking(showApi, booked.id);
      await showApi.dispose();
    }
  });

  test('with the event stream blocked, polling still delivers a message', async ({
    page,
    signIn,
    browser,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const showApi = await showApiFor(playwright);
    const booked = await bookMayaThroughApi(showApi, 1);
    const context = await browser.newContext();
    await context.route('**/api/v1/events**', (route) => route.abort());
    const guestPage = await context.newPage();
    try {
      await signInRequest(context.request, demoUsers.guest);
      await guestPage.goto('/remotes.json');
      await guestPage.evaluate(() => window.localStorage.setItem('guestspot.authenticated', '1'));
      await guestPage.goto(`/bookings/${booked.id}`);
      const feed = guestPage.getByRole('region', { name: 'Activity entries' });
      await expect(feed).toBeVisible();

      await signIn(demoUsers.show, `/bookings/${booked.id}`);
      const text = `Sent while Maya's stream is blocked (${booked.id}).`;
      await send(page, text);
      // The Activity feed polls every 10 seconds.
      await expect(feed).toContainText(text, { timeout: 15_000 });
    } finally {
      await cancelBooking(showApi, booked.id);
      await showApi.dispose();
      await context.close();
    }
  });
});
