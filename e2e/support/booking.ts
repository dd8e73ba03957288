import type { APIRequestContext, Browser, Locator, Page, Response } from '@playwright/test';
import { expect, requestXsrfHeaders, signInRequest, type DemoUser } from './fixtures';

// What the booking journeys share (booking-flow.spec.ts, booking-page.spec.ts): demo profiles
// by name, show@'s way through the booking flow to its payment step, the test card, a second
// signed-in page and calling a booking off again (each journey leaves the demo data as found).

export interface ProfileCard {
  id: number;
  slug: string;
  name: string;
  user_id: number;
  pitch_settings: { is_enabled: boolean };
}

export interface BookingRow {
  id: number;
  price: number;
  is_pitch: boolean;
  status: string;
  counterpart: { name: string };
}

export interface BookingList {
  data: BookingRow[];
  meta: { pagination: { total: number } };
}

export const MAYA = 'Maya Brooks';

/** As the bookings list shows an amount (shared-ui's formatMoney) and an order number. */
export const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
export const orderNumber = (id: number) => `#000${id}`;

export async function profileByName(
  request: APIRequestContext,
  type: 'guests' | 'shows',
  name: string,
): Promise<ProfileCard> {
  const response = await request.get(`/api/v1/${type}?limit=50`);
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: ProfileCard[] };
  const profile = data.find((item) => item.name === name);
  expect(profile, `${name} among the ${type}`).toBeTruthy();
  return profile!;
}

/** The bookings `user` sees, through a request context of their own. */
export async function bookingsOf(request: APIRequestContext, user: DemoUser): Promise<BookingList> {
  await signInRequest(request, user);
  const response = await request.get('/api/v1/bookings', { params: { limit: 100 } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as BookingList;
}

export async function fillCard(scope: Locator, number: string) {
  await scope.getByLabel(/Card number/).fill(number);
  await scope.getByLabel(/Expiry/).fill('12/34');
  await scope.getByLabel(/CVC/).fill('123');
  await scope.getByLabel(/ZIP\/Postal code/).fill('78701');
}

export function stepHeading(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/**
 * show@ goes from Maya's profile to the payment step: Morning Momentum books, the first option
 * and duration, three proposed times, every question answered, the newsletter upsell.
 */
export async function throughToPayment(page: Page, maya: ProfileCard): Promise<void> {
  await throughToPitch(page, maya);
  // Pitch is optional in a booking.
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(stepHeading(page, 'Questions')).toBeVisible();
  const answers = page.getByRole('textbox');
  const count = await answers.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1)
    await answers.nth(index).fill(`E2E answer ${index + 1}`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(stepHeading(page, 'Add-ons')).toBeVisible();
  // the seed's 5000 cents, shown in dollars
  await page.getByRole('checkbox', { name: 'Newsletter mention ($50)' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(stepHeading(page, 'Payment')).toBeVisible();
}

/**
 * From a pitch's text to the Payment step: Next through the steps the show asks for, answering
 * each question step with `${answerPrefix} 1`, `… 2`… (a show's steps vary).
 */
export async function pitchStepsToPayment(page: Page, answerPrefix: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1 });
  for (let step = 0; step < 6; step += 1) {
    // The next step's heading, not the one still showing while the step changes.
    const leaving = (await heading.textContent()) ?? '';
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(heading).not.toHaveText(leaving);
    const payment = stepHeading(page, 'Payment');
    const questions = stepHeading(page, 'Questions');
    await expect(payment.or(questions).or(stepHeading(page, 'Add-ons'))).toBeVisible();
    if (await questions.isVisible()) {
      const answers = page.getByRole('textbox');
      for (let index = 0; index < (await answers.count()); index += 1)
        await answers.nth(index).fill(`${answerPrefix} ${index + 1}`);
    }
    if (await payment.isVisible()) break;
  }
  await expect(stepHeading(page, 'Payment')).toBeVisible();
}

/** show@ from Maya's profile to the pitch step: Morning Momentum, the first option, three times. */
export async function throughToPitch(page: Page, maya: ProfileCard): Promise<void> {
  await page.goto(`/guests/${maya.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: MAYA })).toBeVisible();
  await page.getByRole('button', { name: /^(Book|Request to Book)$/ }).click();

  await expect(stepHeading(page, 'Who is booking')).toBeVisible();
  await page.getByRole('radio', { name: 'Morning Momentum' }).check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(stepHeading(page, 'Booking option')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/guests/${maya.id}/book/options`));
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(stepHeading(page, 'Proposed dates')).toBeVisible();
  await pickThreeTimes(page);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(stepHeading(page, 'Your pitch')).toBeVisible();
}

/** Three free times from the guest's slots, across months when this one has too few. */
export async function pickThreeTimes(page: Page): Promise<void> {
  const picks = page.getByRole('list', { name: 'Proposed times' }).getByRole('listitem');
  for (let month = 0; month < 3; month += 1) {
    await expect(page.getByRole('group', { name: /^Days of / })).toBeVisible();
    const days = page.getByRole('group', { name: /^Days of / }).locator('button:enabled');
    const dayCount = await days.count();
    for (let day = 0; day < dayCount && (await picks.count()) < 3; day += 1) {
      await days.nth(day).click();
      const slot = page
        .getByRole('group', { name: /^Times on / })
        .getByRole('button')
        .first();
      await slot.click();
      await expect(slot).toHaveAttribute('aria-pressed', 'true');
    }
    if ((await picks.count()) >= 3) break;
    await page.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(picks).toHaveCount(3);
}

export async function newSignedInPage(
  browser: Browser,
  user: DemoUser,
  path: string,
): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInRequest(context.request, user);
  await page.goto('/remotes.json');
  await page.evaluate(() => window.localStorage.setItem('guestspot.authenticated', '1'));
  await page.goto(path);
  return page;
}

/** Calls a booking off through the API (pending: hold released; confirmed: refunded, time freed). */
export async function cancelBooking(request: APIRequestContext, id: number): Promise<void> {
  const response = await request.patch(`/api/v1/bookings/${id}/cancel`, {
    headers: await requestXsrfHeaders(request),
    data: { reason: 'E2E cleanup' },
  });
  expect.soft(response.status(), `cancel booking ${id}: ${await response.text()}`).toBe(200);
}

export const isBookPost = (response: Response, guestId: number) =>
  response.request().method() === 'POST' &&
  new URL(response.url()).pathname === `/api/v1/guests/${guestId}/book`;

export interface BookedThroughApi {
  id: number;
  /** the proposed times as sent, UTC 'YYYY-MM-DD HH:mm:ss' */
  dates: string[];
}

/** UTC 'YYYY-MM-DD HH:mm:ss' of a slot list entry's instant. */
const utcText = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ');

/**
 * `count` free times of Maya's over the next three months (UTC), spread apart and chosen at
 * random among her open slots, so that journeys on one database rarely meet each other's times.
 */
export async function freeTimesOfMaya(
  request: APIRequestContext,
  mayaId: number,
  count: number,
): Promise<string[]> {
  const free: string[] = [];
  const now = new Date();
  for (let offset = 0; offset < 3; offset += 1) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
    const response = await request.get(`/api/v1/guests/${mayaId}/availability/slots`, {
      params: { month: month.toISOString().slice(0, 7), timezone: 'UTC' },
    });
    expect(response.status(), await response.text()).toBe(200);
    const { data } = (await response.json()) as {
      data: Record<string, { utc: string; status: string }[]>;
    };
    const tomorrow = Date.now() + 24 * 3_600_000;
    for (const slots of Object.values(data)) {
      const open = slots.filter(
        (slot) =>
          slot.status === 'available' &&
          new Date(`${slot.utc.replace(' ', 'T')}Z`) > new Date(tomorrow),
      );
      // One a day at most: proposals on different days.
      if (open.length > 0) free.push(open[Math.floor(Math.random() * open.length)]!.utc);
    }
  }
  expect(free.length, `Maya's open days over three months`).toBeGreaterThanOrEqual(count);
  const chosen: string[] = [];
  while (chosen.length < count) {
    const pick = free.splice(Math.floor(Math.random() * free.length), 1)[0]!;
    chosen.push(utcText(new Date(`${pick.replace(' ', 'T')}Z`)));
  }
  return chosen.sort();
}

/**
 * `show` books `guest` through the API (the guest's first priced option, the test card): a
 * pending request, as the booking flow sends it. The signed-in `request` must be allowed to book
 * as `show` (its owner, or a member of its team).
 */
export async function bookThroughApi(
  request: APIRequestContext,
  {
    guest = MAYA,
    show = 'Morning Momentum',
    count = 3,
    times,
  }: {
    guest?: string;
    show?: string;
    /** how many free times of the guest's to propose, when `times` is not given */
    count?: number;
    /** the proposed times (UTC 'YYYY-MM-DD HH:MM:SS'); random free ones of the guest's when omitted */
    times?: string[];
  } = {},
): Promise<BookedThroughApi & { price: number }> {
  const guestProfile = await profileByName(request, 'guests', guest);
  const showProfile = await profileByName(request, 'shows', show);
  const detail = await request.get(`/api/v1/guests/${guestProfile.id}`, {
    params: { include: 'booking_options' },
  });
  expect(detail.status(), await detail.text()).toBe(200);
  const { data: profile } = (await detail.json()) as {
    data: {
      booking_options: { id: number; prices: { id: number; interview_duration: number }[] }[];
    };
  };
  const option = profile.booking_options.find((item) => item.prices.length > 0);
  expect(option, `a priced option of ${guest}'s`).toBeTruthy();
  const price = option!.prices[0]!;
  const dates = times ?? (await freeTimesOfMaya(request, guestProfile.id, count));
  const booked = await request.post(`/api/v1/guests/${guestProfile.id}/book`, {
    headers: { ...(await requestXsrfHeaders(request)), 'Idempotency-Key': crypto.randomUUID() },
    data: {
      show_profile_id: showProfile.id,
      proposed_dates: dates,
      interview_duration: price.interview_duration,
      booking_options: [{ booking_option_id: option!.id, price_id: price.id }],
      store_credit_amount: 0,
      payment_method: 'pm_card_visa',
      source: 'web',
      is_pitch: false,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { data } = (await booked.json()) as { data: BookingRow };
  return { id: data.id, dates, price: data.price };
}

/** Morning Momentum books Maya through the API (bookThroughApi). */
export function bookMayaThroughApi(
  request: APIRequestContext,
  count = 3,
  /** the proposed times (UTC 'YYYY-MM-DD HH:MM:SS'); random free ones of Maya's when omitted */
  times?: string[],
): Promise<BookedThroughApi> {
  return bookThroughApi(request, { count, ...(times ? { times } : {}) });
}
