import type { APIRequestContext, Page } from '@playwright/test';
import {
  bookMayaThroughApi,
  MAYA,
  newSignedInPage,
  pitchStepsToPayment,
  profileByName,
  stepHeading,
  type BookingRow,
} from '../support/booking';
import { demoUsers, expect, requestXsrfHeaders, signInRequest, test } from '../support/fixtures';

// A booking's whole life (issue 32, decisions 114-116), in two browsers: a pitch answered at a
// special price and its difference paid, a date picked, the interview's time passed (the API's
// development clock, POST /api/v1/dev/clock, which runs the booking sweeps), the show asked
// whether it happened, the booking completed and the invitee paid out, and both sides reviewing
// each other. The clock moves only as far as the interview's end and is put back at the end.

const actionsCard = (page: Page) => page.getByRole('region', { name: 'Actions' });
const detailsCard = (page: Page) => page.getByRole('region', { name: 'Booking details' });
const statusOf = (page: Page) =>
  detailsCard(page)
    .getByRole('definition')
    .filter({ hasText: /^(Pending|Accepted|Scheduled|Completed|Canceled|Expired)$/ });

interface Detail {
  status: string;
  price: number;
  interview_duration: number | null;
  confirmed_date: string | null;
  extra_payment: { status: string; amount: number };
  payout: { amount: number; status: string } | null;
}

async function detailOf(request: APIRequestContext, id: number): Promise<Detail> {
  const response = await request.get(`/api/v1/bookings/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Detail }).data;
}

async function signedInApi(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  user: (typeof demoUsers)[keyof typeof demoUsers],
) {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signInRequest(api, user);
  return api;
}

/** The guest's earliest open slot at least a day ahead (UTC, 'YYYY-MM-DD HH:MM:SS'). */
async function earliestFreeTime(request: APIRequestContext, guestId: number): Promise<string> {
  const now = new Date();
  for (let offset = 0; offset < 3; offset += 1) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
    const response = await request.get(`/api/v1/guests/${guestId}/availability/slots`, {
      params: { month: month.toISOString().slice(0, 7), timezone: 'UTC' },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { data } = (await response.json()) as {
      data: Record<string, { utc: string; status: string }[]>;
    };
    const open = Object.values(data)
      .flat()
      .filter(
        (slot) =>
          slot.status === 'available' &&
          new Date(`${slot.utc.replace(' ', 'T')}Z`).getTime() > Date.now() + 26 * 3_600_000,
      )
      .map((slot) => slot.utc)
      .sort();
    if (open.length > 0) return open[0]!;
  }
  throw new Error(`no open slot of guest ${guestId} in three months`);
}

/** Moves the API's clock to just after the interview (and runs the booking sweeps). */
async function afterTheInterview(request: APIRequestContext, booking: Detail) {
  const end =
    new Date(booking.confirmed_date!).getTime() + (booking.interview_duration ?? 60) * 60_000;
  const moved = await request.post('/api/v1/dev/clock', {
    headers: await requestXsrfHeaders(request),
    data: { now: new Date(end + 5 * 60_000).toISOString() },
  });
  expect(moved.status(), await moved.text()).toBe(200);
}

async function resetClock(request: APIRequestContext) {
  const reset = await request.post('/api/v1/dev/clock', {
    headers: await requestXsrfHeaders(request),
    data: { reset: true },
  });
  expect.soft(reset.status(), await reset.text()).toBe(200);
}

/** The show's question in its strip, once the outbox has written it (a reload polls it). */
async function question(page: Page, counterpart: string) {
  const strip = page.getByRole('region', { name: 'Booking updates' });
  const item = strip
    .getByRole('listitem')
    .filter({ hasText: `Did your interview with ${counterpart} take place?` });
  await expect(async () => {
    await page.reload();
    await expect(item.first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return item.first();
}

/** Writes the review on the booking's Review tab (the form opens by itself). */
async function reviewOnBookingPage(page: Page, id: number, subject: string, comment: string) {
  await page.goto(`/bookings/${id}/review`);
  const form = page.getByRole('form', { name: `Review of ${subject}` });
  await expect(form).toBeVisible();
  await expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await form.getByRole('radio', { name: '4 stars' }).check();
  await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thank you for your review.')).toBeVisible();
  await expect(page.getByRole('region', { name: `Your review of ${subject}` })).toContainText(
    comment,
  );
}

/** Writes the review from the completion email's link: the create-review page. */
async function reviewFromLink(page: Page, path: string, subject: string, comment: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: `Review ${subject}` })).toBeVisible();
  const form = page.getByRole('form', { name: `Review of ${subject}` });
  await form.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await form.getByRole('button', { name: 'Submit review' }).click();
  await expect(page).toHaveURL(/\/bookings\/\d+\/review$/);
  await expect(page.getByRole('region', { name: `Your review of ${subject}` })).toContainText(
    comment,
  );
}

async function ratingOf(request: APIRequestContext, type: 'guests' | 'shows', id: number) {
  const response = await request.get(`/api/v1/${type}/${id}`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as {
    data: { avg_rating: number | null; reviews_count: number };
  };
  return data;
}

test.describe('a booking’s life', () => {
  test('pro@ pitches a show, which accepts at a special price; she pays the difference with 4242 and picks a date; it happens, the show’s payout waits for its payout account, and both review', async ({
    page,
    signIn,
    browser,
    playwright,
  }) => {
    test.setTimeout(240_000);
    const show = await profileByName(page.request, 'shows', 'Morning Momentum');
    const priya = await profileByName(page.request, 'guests', 'Priya Patel');
    const proApi = await signedInApi(playwright, demoUsers.pro);
    const showApi = await signedInApi(playwright, demoUsers.show);
    const showPage = await newSignedInPage(browser, demoUsers.show, '/dashboard');
    const ratingBefore = await ratingOf(page.request, 'shows', show.id);
    try {
      // pro@ pitches Morning Momentum in the browser and pays the pitch with her saved card.
      await signIn(demoUsers.pro, `/shows/${show.id}/book/pitch`);
      await expect(stepHeading(page, 'Your pitch')).toBeVisible();
      await page
        .getByLabel('Pitch', { exact: true })
        .fill('An E2E pitch: a life from pitch to review.');
      // The remaining steps up to payment, answering what is asked.
      await pitchStepsToPayment(page, 'E2E life answer');
      const created = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === `/api/v1/shows/${show.id}/book`,
      );
      await page.getByRole('button', { name: /^(Pay \$|Send pitch)/ }).click();
      const response = await created;
      expect(response.status(), await response.text()).toBe(201);
      const { data: booking } = (await response.json()) as { data: BookingRow };
      const id = booking.id;
      const pitchPrice = booking.price;

      // show@ answers: accepted at a special price, $40 above what the pitch cost.
      await showPage.goto(`/bookings/${id}`);
      await actionsCard(showPage).getByRole('button', { name: 'Answer pitch' }).click();
      const answer = showPage.getByRole('dialog', { name: 'Answer the pitch' });
      await answer.getByRole('radio', { name: 'Accept at a special price' }).check();
      const special = Math.round(pitchPrice / 100) + 40;
      await answer.getByRole('textbox', { name: /Special price/ }).fill(String(special));
      await answer.getByRole('button', { name: 'Continue' }).click();
      await expect(answer).toBeHidden();
      await expect(statusOf(showPage)).toHaveText('Accepted');
      const owed = (await detailOf(proApi, id)).extra_payment;
      expect(owed.status).toBe('pending');
      expect(owed.amount).toBeGreaterThanOrEqual(4_000);

      // pro@ pays the difference with her saved 4242 card.
      await page.goto(`/bookings/${id}`);
      await actionsCard(page).getByRole('button', { name: 'Pay the extra fee' }).click();
      const pay = page.getByRole('dialog', { name: 'Confirm payment' });
      await pay.getByRole('radio', { name: 'VISA ending in 4242' }).check();
      const charged = page.waitForResponse((r) =>
        r.url().endsWith(`/api/v1/bookings/${id}/charge-extra-payment`),
      );
      await pay.getByRole('button', { name: /^Pay \$/ }).click();
      expect((await charged).status()).toBe(200);
      await expect(pay).toBeHidden();
      await expect(detailsCard(page)).toContainText('Extra fee by card');
      const paid = await detailOf(proApi, id);
      expect(paid.extra_payment.status).toBe('paid');
      expect(paid.price).toBeGreaterThan(pitchPrice);

      // The dates step: the show proposes Priya's earliest free time, and she picks it.
      const slot = await earliestFreeTime(page.request, priya.id);
      const proposed = await showApi.patch(`/api/v1/bookings/${id}/propose-date`, {
        headers: await requestXsrfHeaders(showApi),
        data: { proposed_dates: [slot] },
      });
      expect(proposed.status(), await proposed.text()).toBe(200);
      await page.reload();
      await expect(actionsCard(page).getByRole('radio')).toBeChecked();
      await actionsCard(page).getByRole('button', { name: 'Confirm date' }).click();
      await expect(statusOf(page)).toHaveText('Scheduled');

      // The interview's time passes; the show is asked in its strip and answers It Happened.
      await afterTheInterview(page.request, await detailOf(proApi, id));
      const asked = await question(showPage, 'Priya Patel');
      await asked.getByRole('button', { name: 'It Happened' }).click();
      await expect(showPage.getByText('Thanks for your feedback.')).toBeVisible();
      await showPage.goto(`/bookings/${id}`);
      await expect(statusOf(showPage)).toHaveText('Completed');
      // show@ has no payout account yet: its payout waits, and it is told so.
      await expect(detailsCard(showPage)).toContainText('waiting for your payout account');
      expect((await detailOf(showApi, id)).payout?.status).toBe('pending');

      // Both review each other: pro@ on the booking's Review tab, show@ from the email's link.
      await reviewOnBookingPage(page, id, 'Morning Momentum', `A great conversation (${id}).`);
      await reviewFromLink(
        showPage,
        `/guests/${priya.id}/create-review?booking=${id}`,
        'Priya Patel',
        `A thoughtful guest (${id}).`,
      );
      await expect
        .poll(async () => (await ratingOf(page.request, 'shows', show.id)).reviews_count)
        .toBe(ratingBefore.reviews_count + 1);
      expect((await ratingOf(page.request, 'shows', show.id)).avg_rating).not.toBe(
        ratingBefore.avg_rating,
      );
    } finally {
      await resetClock(page.request);
      await proApi.dispose();
      await showApi.dispose();
      await showPage.context().close();
    }
  });

  test('show@ books Maya; she picks the date; after it the show says It Happened from the email link; Maya is paid and both review', async ({
    page,
    signIn,
    browser,
    playwright,
  }) => {
    test.setTimeout(180_000);
    const maya = await profileByName(page.request, 'guests', MAYA);
    const showApi = await signedInApi(playwright, demoUsers.show);
    const mayaApi = await signedInApi(playwright, demoUsers.guest);
    const mayaPage = await newSignedInPage(browser, demoUsers.guest, '/dashboard');
    const ratingBefore = await ratingOf(page.request, 'guests', maya.id);
    try {
      // The earliest free time, so that the clock moves as little as it can.
      const slot = await earliestFreeTime(page.request, maya.id);
      const { id } = await bookMayaThroughApi(showApi, 1, [slot]);

      // Maya accepts and confirms the one proposed time in her browser.
      await mayaPage.goto(`/bookings/${id}`);
      await actionsCard(mayaPage).getByRole('button', { name: 'Accept' }).click();
      const accept = mayaPage.getByRole('dialog', { name: 'Accept this booking?' });
      await accept.getByRole('button', { name: 'Accept' }).click();
      await expect(accept).toBeHidden();
      await expect(actionsCard(mayaPage).getByRole('radio')).toBeChecked();
      await actionsCard(mayaPage).getByRole('button', { name: 'Confirm date' }).click();
      await expect(statusOf(mayaPage)).toHaveText('Scheduled');
      const scheduled = await detailOf(mayaApi, id);
      expect(scheduled.payout?.status).toBe('pending');

      // After the interview, the show answers from the email's It happened link.
      await afterTheInterview(showApi, scheduled);
      await signIn(demoUsers.show, `/bookings/${id}/completed-action/confirm`);
      await expect(page).toHaveURL(/\/bookings$/);
      await expect(page.getByText('Thanks for your feedback.')).toBeVisible();

      // Maya is paid at once (her payout account is set up) and sees it on the booking.
      await mayaPage.goto(`/bookings/${id}`);
      await expect(statusOf(mayaPage)).toHaveText('Completed');
      await expect(detailsCard(mayaPage)).toContainText(/Your payout\s*\$[\d,.]+, paid on /);
      expect((await detailOf(mayaApi, id)).payout?.status).toBe('paid');

      // Both review each other.
      await reviewOnBookingPage(mayaPage, id, 'Morning Momentum', `Well prepared host (${id}).`);
      await reviewFromLink(
        page,
        `/guests/${maya.id}/create-review?booking=${id}`,
        MAYA,
        `Maya was brilliant (${id}).`,
      );
      await expect
        .poll(async () => (await ratingOf(page.request, 'guests', maya.id)).reviews_count)
        .toBe(ratingBefore.reviews_count + 1);
    } finally {
      await resetClock(showApi);
      await showApi.dispose();
      await mayaApi.dispose();
      await mayaPage.context().close();
    }
  });
});
