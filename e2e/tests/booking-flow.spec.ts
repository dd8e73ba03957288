import type { Page } from '@playwright/test';
import {
  bookingsOf,
  cancelBooking,
  fillCard,
  isBookPost,
  MAYA,
  money,
  newSignedInPage,
  orderNumber,
  pitchStepsToPayment,
  profileByName,
  stepHeading,
  throughToPayment,
  throughToPitch,
  type BookingRow,
  type ProfileCard,
} from '../support/booking';
import { demoUsers, expect, requestXsrfHeaders, signInRequest, test } from '../support/fixtures';

// The booking flow of issue 17 (decision 102) against the real API, its LOCAL payment provider
// (test cards only) and Chromium's fake camera. Each booking made here is a new pending booking
// between demo profiles (no other spec counts those) and no test reads another's.

/** The booking flow's draft as the flow keeps it, per tab (hooks/use-booking-flow-store.ts). */
interface FlowDraft {
  bookerId: number | null;
  optionId: number | null;
  duration: number | null;
  /** UTC 'YYYY-MM-DD HH:mm:ss', in the order the flow sends them as proposed_dates */
  dates: string[];
  answers: Record<string, string>;
}

async function flowDraft(page: Page): Promise<FlowDraft> {
  const stored = await page.evaluate(() => window.sessionStorage.getItem('guestspot:booking-flow'));
  expect(stored, 'the booking flow draft in sessionStorage').toBeTruthy();
  const { state } = JSON.parse(stored!) as { state: { values: FlowDraft } };
  return state.values;
}

/**
 * A UTC time as the dates step labels it in `zone` ('LLLL yyyy', 'cccc, LLLL d', 'h:mm a' and
 * 'ccc, LLL d, h:mm a' as shared-ui/src/calendar-picker/calendar-dates.ts writes them), from
 * Intl's parts so that no locale-specific space sneaks in.
 */
function labelsOf(utc: string, zone: string) {
  const at = new Date(`${utc.replace(' ', 'T')}Z`);
  const part = (options: Intl.DateTimeFormatOptions, type: Intl.DateTimeFormatPartTypes) =>
    new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options })
      .formatToParts(at)
      .find((item) => item.type === type)!.value;
  const time = `${part({ hour: 'numeric', hour12: true }, 'hour')}:${part({ minute: '2-digit' }, 'minute').padStart(2, '0')} ${part({ hour: 'numeric', hour12: true }, 'dayPeriod').toUpperCase()}`;
  const day = part({ day: 'numeric' }, 'day');
  return {
    month: `${part({ month: 'long' }, 'month')} ${part({ year: 'numeric' }, 'year')}`,
    day: `${part({ weekday: 'long' }, 'weekday')}, ${part({ month: 'long' }, 'month')} ${day}`,
    time,
    pick: `${part({ weekday: 'short' }, 'weekday')}, ${part({ month: 'short' }, 'month')} ${day}, ${time}`,
  };
}

test.describe('the booking flow', () => {
  test('show@ books Maya with three times, an answer, an upsell, store credit and a new card', async ({
    page,
    signIn,
    browser,
  }) => {
    test.setTimeout(120_000);
    const maya = await profileByName(page.request, 'guests', MAYA);
    await signIn(demoUsers.show, '/dashboard');
    await throughToPayment(page, maya);

    const credit = page.getByRole('checkbox', { name: /Use my store credit/ });
    await expect(credit).toBeVisible();
    await credit.check();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Store credit')).toBeVisible();
    await expect(summary).toContainText('Newsletter mention');

    // The quote's lines before credit: what the booking costs.
    const amounts = await summary.locator('dl > div').evaluateAll((rows) =>
      rows.map((row) => ({
        label: row.querySelector('dt')?.textContent ?? '',
        amount: row.querySelector('dd')?.textContent ?? '',
      })),
    );
    const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
    const total = amounts
      .filter((row) => !['Store credit', 'Card pays'].includes(row.label))
      .reduce((sum, row) => sum + cents(row.amount), 0);
    const cardPays = cents(amounts.find((row) => row.label === 'Card pays')!.amount);
    expect(cardPays).toBeGreaterThan(0);
    expect(cardPays).toBeLessThan(total);

    const card = page.getByRole('group', { name: 'Card' });
    await fillCard(card, '4242 4242 4242 4242');
    await page.getByRole('checkbox', { name: 'Save this card for future bookings' }).uncheck();
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `/api/v1/guests/${maya.id}/book`,
    );
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const response = await created;
    expect(response.status(), await response.text()).toBe(201);
    const { data: booking } = (await response.json()) as { data: BookingRow };
    expect(booking.price).toBe(total);

    await expect(page).toHaveURL(/\/booking\/success\?booking=\d+/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Your booking request was sent' }),
    ).toBeVisible();

    // In show@'s bookings, at the quoted price.
    await page.getByRole('link', { name: 'All bookings' }).click();
    await expect(page).toHaveURL('/bookings');
    const price = money(total);
    const showRow = page
      .getByRole('list', { name: 'Bookings' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: MAYA }) })
      .filter({ hasText: orderNumber(booking.id) });
    await expect(showRow).toContainText(price);

    // And in Maya's.
    const guestPage = await newSignedInPage(browser, demoUsers.guest, '/bookings');
    try {
      const guestRow = guestPage
        .getByRole('list', { name: 'Bookings' })
        .getByRole('listitem')
        .filter({ hasText: orderNumber(booking.id) });
      await expect(guestRow).toBeVisible();
      await expect(guestRow).toContainText(price);
    } finally {
      await guestPage.context().close();
      // Called off again, so show@'s store credit comes back for the next run on this database.
      await cancelBooking(page.request, booking.id);
    }
  });

  test('a declined card says Payment error with the provider message and books nothing', async ({
    page,
    signIn,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const maya = await profileByName(page.request, 'guests', MAYA);
    const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const before = (await bookingsOf(api, demoUsers.show)).meta.pagination.total;

    await signIn(demoUsers.show, '/dashboard');
    await throughToPayment(page, maya);
    const credit = page.getByRole('checkbox', { name: /Use my store credit/ });
    if (await credit.isVisible()) await credit.uncheck();
    await fillCard(page.getByRole('group', { name: 'Card' }), '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Payment error' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Your card was declined.');
    await expect(page).toHaveURL(new RegExp(`/guests/${maya.id}/book/payment`));

    expect((await bookingsOf(api, demoUsers.show)).meta.pagination.total).toBe(before);
    await api.dispose();
  });

  test('a proposal for a time confirmed meanwhile is told to pick again and keeps the other picks', async ({
    page,
    signIn,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const taken = 'This time has just been booked. Please pick another time.';
    const maya = await profileByName(page.request, 'guests', MAYA);
    const show = await profileByName(page.request, 'shows', 'Morning Momentum');
    const baseURL = test.info().project.use.baseURL;
    const showApi = await playwright.request.newContext({ baseURL });
    const guestApi = await playwright.request.newContext({ baseURL });
    const made: { api?: number; browser?: number } = {};
    try {
      await signIn(demoUsers.show, '/dashboard');
      await throughToPayment(page, maya);
      const draft = await flowDraft(page);
      expect(draft.dates).toHaveLength(3);
      const [first, second, third] = draft.dates as [string, string, string];

      // Meanwhile show@ books Maya for the second time through the API, and Maya confirms it.
      await signInRequest(showApi, demoUsers.show);
      const detail = await showApi.get(`/api/v1/guests/${maya.id}`, {
        params: { include: 'booking_options' },
      });
      expect(detail.status(), await detail.text()).toBe(200);
      const { data: profile } = (await detail.json()) as {
        data: {
          booking_options: {
            id: number;
            prices: { id: number; interview_duration: number; amount: number }[];
          }[];
        };
      };
      const price = profile.booking_options
        .find((option) => option.id === draft.optionId)
        ?.prices.find((row) => row.interview_duration === draft.duration);
      expect(
        price,
        `Maya's price for option ${draft.optionId}, ${draft.duration} min`,
      ).toBeTruthy();
      const booked = await showApi.post(`/api/v1/guests/${maya.id}/book`, {
        headers: { ...(await requestXsrfHeaders(showApi)), 'Idempotency-Key': crypto.randomUUID() },
        data: {
          show_profile_id: show.id,
          proposed_dates: [second],
          interview_duration: draft.duration,
          // The choice only: the server prices it (decision 102).
          booking_options: [{ booking_option_id: draft.optionId, price_id: price!.id }],
          questions: Object.entries(draft.answers).map(([id, answer]) => ({
            question_id: Number(id),
            answer,
          })),
          store_credit_amount: 0,
          payment_method: 'pm_card_visa',
          source: 'web',
          is_pitch: false,
        },
      });
      expect(booked.status(), await booked.text()).toBe(201);
      made.api = ((await booked.json()) as { data: BookingRow }).data.id;
      await signInRequest(guestApi, demoUsers.guest);
      const confirmed = await guestApi.patch(`/api/v1/bookings/${made.api}/confirm`, {
        headers: await requestXsrfHeaders(guestApi),
        data: { confirmed_date: second },
      });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
      expect(((await confirmed.json()) as { data: BookingRow }).data.status).toBe('scheduled');

      // show@ pays: the second time is taken, so back to the dates with the other two kept.
      const credit = page.getByRole('checkbox', { name: /Use my store credit/ });
      if (await credit.isVisible()) await credit.uncheck();
      await fillCard(page.getByRole('group', { name: 'Card' }), '4242 4242 4242 4242');
      await page.getByRole('checkbox', { name: 'Save this card for future bookings' }).uncheck();
      const refused = page.waitForResponse((response) => isBookPost(response, maya.id));
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      const conflict = await refused;
      if (conflict.status() === 201)
        made.browser = ((await conflict.json()) as { data: BookingRow }).data.id;
      expect(conflict.status(), await conflict.text()).toBe(409);
      expect(await conflict.json()).toEqual({
        message: taken,
        errors: { 'proposed_dates.1': [taken] },
      });

      await expect(stepHeading(page, 'Proposed dates')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/guests/${maya.id}/book/dates$`));
      await expect(page.getByRole('alert').filter({ hasText: taken })).toBeVisible();
      const hint = await page.getByText(/Times are shown in /).textContent();
      const zone = /Times are shown in (\S+)\./.exec(hint ?? '')?.[1];
      expect(zone, 'the zone the dates step shows times in').toBeTruthy();
      const picks = page.getByRole('list', { name: 'Proposed times' }).getByRole('listitem');
      await expect(picks).toHaveCount(2);
      await expect(picks.nth(0)).toContainText(labelsOf(first, zone!).pick);
      await expect(picks.nth(1)).toContainText(labelsOf(third, zone!).pick);

      // The taken time is no longer offered (once the slots the failure invalidated come back).
      const gone = labelsOf(second, zone!);
      for (let step = 0; step < 12; step += 1) {
        if ((await page.getByRole('heading', { level: 2, name: gone.month }).count()) > 0) break;
        await page.getByRole('button', { name: 'Next month' }).click();
      }
      await expect(page.getByRole('heading', { level: 2, name: gone.month })).toBeVisible();
      const days = page.getByRole('group', { name: /^Days of / });
      const times = page.getByRole('group', { name: /^Times on / });
      await expect(async () => {
        const day = days.getByRole('button', { name: new RegExp(`^${gone.day}(,|$)`) });
        if (await day.isDisabled()) {
          await expect(day).toHaveAccessibleName(`${gone.day}, no times available`);
          return;
        }
        await day.click({ timeout: 1_000 });
        await expect(times.getByRole('button', { name: gone.time, exact: true })).toHaveCount(0, {
          timeout: 1_000,
        });
      }).toPass({ timeout: 20_000 });

      // One more pick, then on through the kept answers and add-on to pay again.
      const enabledDays = days.locator('button:enabled');
      for (let month = 0, day = 0; (await picks.count()) < 3; day += 1) {
        if (day >= (await enabledDays.count())) {
          expect(month, 'a free time to pick within three months').toBeLessThan(2);
          await page.getByRole('button', { name: 'Next month' }).click();
          await expect(days).toBeVisible();
          month += 1;
          day = -1;
          continue;
        }
        await enabledDays.nth(day).click();
        const free = times.getByRole('button', { pressed: false });
        if ((await free.count()) > 0) await free.first().click();
      }
      await expect(picks).toHaveCount(3);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(stepHeading(page, 'Your pitch')).toBeVisible();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(stepHeading(page, 'Questions')).toBeVisible();
      await expect(page.getByRole('textbox').first()).toHaveValue('E2E answer 1');
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(stepHeading(page, 'Add-ons')).toBeVisible();
      await expect(page.getByRole('checkbox', { name: /Newsletter mention/ })).toBeChecked();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(stepHeading(page, 'Payment')).toBeVisible();

      await fillCard(page.getByRole('group', { name: 'Card' }), '4242 4242 4242 4242');
      const created = page.waitForResponse((response) => isBookPost(response, maya.id));
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      const response = await created;
      expect(response.status(), await response.text()).toBe(201);
      made.browser = ((await response.json()) as { data: BookingRow }).data.id;
      const sent = response.request().postDataJSON() as { proposed_dates: string[] };
      expect(sent.proposed_dates).toHaveLength(3);
      expect(sent.proposed_dates.slice(0, 2)).toEqual([first, third]);
      expect(sent.proposed_dates).not.toContain(second);
      await expect(page).toHaveURL(/\/booking\/success\?booking=\d+/);
    } finally {
      // Maya frees the confirmed time; show@ calls off the booking made in the browser.
      if (made.api !== undefined) await cancelBooking(guestApi, made.api);
      if (made.browser !== undefined) await cancelBooking(showApi, made.browser);
      await showApi.dispose();
      await guestApi.dispose();
    }
  });

  test('guest@ writes her own questions and turns their step on; show@ answers them when booking her', async ({
    page,
    signIn,
    browser,
  }) => {
    test.setTimeout(120_000);
    const maya = await profileByName(page.request, 'guests', MAYA);
    const questions = [
      'How often do you publish new episodes?',
      'Do you record video as well as audio?',
    ];
    const guestPage = await newSignedInPage(browser, demoUsers.guest, '/details/guest');
    const guestApi = guestPage.context().request;
    let made: number | undefined;
    try {
      // Maya's questions, on /details/guest.
      await guestPage.getByRole('button', { name: 'Edit Your questions' }).click();
      const form = guestPage.getByRole('form', { name: 'Your questions' });
      await form.getByRole('textbox', { name: 'Question 1' }).fill(questions[0]!);
      await form.getByRole('button', { name: 'Add question' }).click();
      await form.getByRole('textbox', { name: 'Question 2' }).fill(questions[1]!);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form).toBeHidden();
      const saved = guestPage.getByRole('group', { name: 'Your questions' }).getByRole('list');
      await expect(saved).toContainText(questions[0]!);
      await expect(saved).toContainText(questions[1]!);
      // Their step of her booking flow, on.
      await guestPage.getByRole('button', { name: 'Edit Booking steps' }).click();
      const steps = guestPage.getByRole('form', { name: 'Edit Booking steps' });
      await steps.getByRole('checkbox', { name: /MINIVIEW questions/ }).check();
      await steps.getByRole('button', { name: 'Save' }).click();
      await expect(steps).toBeHidden();

      // show@ books her and meets the step after the pitch.
      await signIn(demoUsers.show, '/dashboard');
      await throughToPitch(page, maya);
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await expect(stepHeading(page, 'MINIVIEW questions')).toBeVisible();
      await page.getByLabel(questions[0]!).fill('Every Tuesday.');
      await page.getByLabel(questions[1]!).fill('Both, on YouTube and in every podcast app.');
      await page.getByRole('button', { name: 'Next', exact: true }).click();

      await expect(stepHeading(page, 'Questions')).toBeVisible();
      const answers = page.getByRole('textbox');
      for (let index = 0; index < (await answers.count()); index += 1)
        await answers.nth(index).fill(`E2E answer ${index + 1}`);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(stepHeading(page, 'Add-ons')).toBeVisible();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(stepHeading(page, 'Payment')).toBeVisible();

      const credit = page.getByRole('checkbox', { name: /Use my store credit/ });
      if (await credit.isVisible()) await credit.uncheck();
      await fillCard(page.getByRole('group', { name: 'Card' }), '4242 4242 4242 4242');
      await page.getByRole('checkbox', { name: 'Save this card for future bookings' }).uncheck();
      const created = page.waitForResponse((response) => isBookPost(response, maya.id));
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      const response = await created;
      expect(response.status(), await response.text()).toBe(201);
      made = ((await response.json()) as { data: BookingRow }).data.id;
      const sent = response.request().postDataJSON() as {
        miniview: { answers: { question: string; answer: string }[] };
      };
      expect(sent.miniview.answers).toEqual([
        { question: questions[0], answer: 'Every Tuesday.' },
        { question: questions[1], answer: 'Both, on YouTube and in every podcast app.' },
      ]);
      await expect(page).toHaveURL(/\/booking\/success\?booking=\d+/);
    } finally {
      // Her profile and flow as they were; the booking called off.
      const headers = await requestXsrfHeaders(guestApi);
      const cleared = await guestApi.put(`/api/v1/guests/${maya.id}`, {
        headers,
        data: { questions: [] },
      });
      expect.soft(cleared.status(), await cleared.text()).toBe(200);
      const flow = await guestApi.put(`/api/v1/guests/${maya.id}/booking-flow-preferences`, {
        headers,
        data: { updatedPreferences: { 'miniview-questions': false } },
      });
      expect.soft(flow.status(), await flow.text()).toBe(200);
      if (made !== undefined) await cancelBooking(page.request, made);
      await guestPage.context().close();
    }
  });

  test('pro@ pitches a show with a recorded video and finds the pitch in her bookings', async ({
    page,
    signIn,
  }) => {
    test.setTimeout(120_000);
    const shows = await page.request.get('/api/v1/shows?limit=50');
    const { data } = (await shows.json()) as { data: ProfileCard[] };
    // A show of someone else's with pitching on (pro@ owns The Founder Files).
    const show = data.find(
      (item) => item.pitch_settings.is_enabled && item.name === 'Morning Momentum',
    );
    expect(show, 'a pitchable show in the seed').toBeTruthy();

    await signIn(demoUsers.pro, `/shows/${show!.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: show!.name })).toBeVisible();
    await page.getByRole('button', { name: 'Pitch', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Pitching' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/shows/${show!.id}/book/pitch$`));
    await expect(stepHeading(page, 'Your pitch')).toBeVisible();

    await page.getByRole('button', { name: 'Record an audio or video pitch' }).click();
    const recorder = page.getByRole('group', { name: 'Record your pitch' });
    const start = recorder.getByRole('button', { name: 'Start recording' });
    await expect(start).toBeEnabled({ timeout: 10_000 });
    await expect(recorder.getByRole('radio', { name: 'Video' })).toBeChecked();
    await start.click();
    // At least two seconds (the timer may skip a second on a busy machine).
    await expect(recorder.getByRole('timer', { name: 'Recorded' })).toHaveText(/^0:0[2-9]$/, {
      timeout: 5_000,
    });
    await recorder.getByRole('button', { name: 'Stop recording' }).click();
    await recorder.getByRole('button', { name: 'Use this recording' }).click();
    await expect(page.getByLabel('Your pitch recording')).toBeVisible({ timeout: 20_000 });
    await page.getByLabel('Pitch', { exact: true }).fill('An E2E pitch about compounding growth.');

    // The remaining steps up to payment, answering what is asked.
    await pitchStepsToPayment(page, 'E2E pitch answer');
    // pro@'s saved default card pays the pitch price (her store credit stays unused).
    await expect(page.getByRole('radio', { name: 'VISA ending in 4242' })).toBeChecked();
    const created = page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === `/api/v1/shows/${show!.id}/book`,
    );
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const response = await created;
    expect(response.status(), await response.text()).toBe(201);
    const { data: booking } = (await response.json()) as { data: BookingRow };
    expect(booking.is_pitch).toBe(true);
    await expect(page).toHaveURL(/\/booking\/success\?booking=\d+/);

    await page.getByRole('link', { name: 'All bookings' }).click();
    const row = page
      .getByRole('list', { name: 'Bookings' })
      .getByRole('listitem')
      .filter({ hasText: orderNumber(booking.id) });
    await expect(row).toContainText('Pitch');
    await expect(row.getByRole('link', { name: show!.name })).toBeVisible();
  });

  test('pro@ opens a paid pitch of a show by its URL alone, pays the quoted price with a new card and is sent', async ({
    page,
    signIn,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const show = await profileByName(page.request, 'shows', 'Morning Momentum');
    // The show's pitch is paid: show@, its owner, sets a price, and puts back what was there.
    const ownerApi = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    await signInRequest(ownerApi, demoUsers.show);
    const settingsPath = `/api/v1/shows/${show.id}/pitch-settings`;
    const before = (
      (await (await ownerApi.get(settingsPath)).json()) as {
        data: { is_enabled: boolean; price: number | null; highest_price: number | null };
      }
    ).data;
    const pitchPrice = Math.min(1_500, before.highest_price ?? 0);
    expect(pitchPrice, 'a paid pitch, within the show highest price').toBeGreaterThan(0);
    let made: number | undefined;
    try {
      const set = await ownerApi.put(settingsPath, {
        headers: await requestXsrfHeaders(ownerApi),
        data: { is_enabled: true, price: pitchPrice },
      });
      expect(set.status(), await set.text()).toBe(200);

      // Straight to the pitch route: no profile page, no Pitching dialog, nothing stored before.
      await signIn(demoUsers.pro, `/shows/${show.id}/book/pitch`);
      await expect(stepHeading(page, 'Your pitch')).toBeVisible();
      await page.getByLabel('Pitch', { exact: true }).fill('An E2E pitch sent from a link.');
      // The remaining steps up to payment, answering what is asked.
      await pitchStepsToPayment(page, 'E2E link pitch answer');

      // The server's quote: the pitch price and, a guest booking a show, the 20% service fee.
      const cardAmount = pitchPrice + Math.round(pitchPrice * 0.2);
      const dollars =
        cardAmount % 100 === 0 ? `${cardAmount / 100}` : (cardAmount / 100).toFixed(2);
      const summary = page.getByRole('region', { name: 'Order summary' });
      await expect(summary).toContainText('Service fee');
      await expect(summary.locator('dl > div').filter({ hasText: 'Card pays' })).toContainText(
        `$${dollars}`,
      );
      const credit = page.getByRole('checkbox', { name: /Use my store credit/ });
      if (await credit.isVisible()) await credit.uncheck();
      await page.getByRole('radio', { name: 'A new card' }).check();
      await fillCard(page.getByRole('group', { name: 'Card' }), '4242 4242 4242 4242');
      await page.getByRole('checkbox', { name: 'Save this card for future bookings' }).uncheck();
      const created = page.waitForResponse(
        (response) =>
          response.request().method() === 'POST' &&
          new URL(response.url()).pathname === `/api/v1/shows/${show.id}/book`,
      );
      await page.getByRole('button', { name: `Pay $${dollars}`, exact: true }).click();
      const response = await created;
      if (response.status() === 201)
        made = ((await response.json()) as { data: BookingRow }).data.id;
      expect(response.status(), await response.text()).toBe(201);
      const sent = response.request().postDataJSON() as {
        is_pitch: boolean;
        card_amount: number;
        booking_options: Record<string, unknown>[];
      };
      expect(sent.is_pitch).toBe(true);
      expect(sent.card_amount).toBe(cardAmount);
      // A choice, never a price the browser worked out.
      expect(sent.booking_options).toHaveLength(1);
      expect(sent.booking_options[0]).not.toHaveProperty('amount');

      await expect(page).toHaveURL(/\/booking\/success\?booking=\d+/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Your booking request was sent' }),
      ).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Payment error' })).toHaveCount(0);
    } finally {
      // The hold released, and the show's pitch settings as they were.
      if (made !== undefined) await cancelBooking(page.request, made);
      const restored = await ownerApi.put(settingsPath, {
        headers: await requestXsrfHeaders(ownerApi),
        data: { is_enabled: before.is_enabled, price: before.price },
      });
      expect.soft(restored.status(), await restored.text()).toBe(200);
      await ownerApi.dispose();
    }
  });

  test('standard@ who records a pitch meets the Pro upgrade dialog', async ({ page, signIn }) => {
    const show = await profileByName(page.request, 'shows', 'Morning Momentum');
    await signIn(demoUsers.standard, `/shows/${show.slug}`);
    await page.getByRole('button', { name: 'Pitch', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Pitching' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/shows/${show.id}/book/pitch$`));
    await page.getByRole('button', { name: 'Record an audio or video pitch' }).click();
    const dialog = page.getByRole('dialog', { name: 'Go Pro' });
    await expect(dialog.getByRole('form', { name: 'Subscribe to Pro' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Record your pitch' })).toHaveCount(0);
  });
});
