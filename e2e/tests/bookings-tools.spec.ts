import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  bookThroughApi,
  cancelBooking,
  MAYA,
  money,
  orderNumber,
  type BookingRow,
} from '../support/booking';
import { demoUsers, expect, signInRequest, test, type DemoUser } from '../support/fixtures';

// Issue 33's list tools (decisions 117 and 119), as pro@ (Priya Patel: a guest profile and The
// Founder Files) uses them: the filters of /bookings and the URL they write, the calendar, the
// CSV export, the sub-navigation's new-bookings badge, and /payments with its month, types and
// a receipt. The journey books two fresh pending requests for today's month, so that what the
// filters must show does not depend on the seed's relative dates or on other journeys:
// show@'s Morning Momentum books Priya (booked by others, new to her), and The Founder Files
// books Maya (booked by pro@). Both are called off at the end.

interface Payment {
  id: number;
  type: 'incoming' | 'outgoing';
  description: string;
  status: string;
  download_url: string | null;
}

interface PaymentsPage {
  data: Payment[];
  meta: { totals: { received: number; paid: number }; pagination: { total: number } };
}

async function signedInApi(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  user: DemoUser,
) {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  await signInRequest(api, user);
  return api;
}

/** 'YYYY-MM' of an instant in a time zone. */
function monthIn(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' })
    .format(at)
    .slice(0, 7);
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
function dayIn(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** As the month switchers show a month: 'November 2026'. */
function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, number! - 1, 1)).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** As the calendar names a day: 'Tuesday, March 10'. */
function dayLabel(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number);
  return new Date(Date.UTC(year!, number! - 1 + by, 1)).toISOString().slice(0, 7);
}

function monthsFrom(from: string, to: string): number {
  const [fromYear, fromMonth] = from.split('-').map(Number);
  const [toYear, toMonth] = to.split('-').map(Number);
  return (toYear! - fromYear!) * 12 + (toMonth! - fromMonth!);
}

/** Presses the month group's Next or Previous month until it shows `target`. */
async function goToMonth(page: Page, from: string, target: string) {
  const months = page.getByRole('group', { name: 'Month' });
  const steps = monthsFrom(from, target);
  for (let step = 0; step < Math.abs(steps); step += 1) {
    await months.getByRole('button', { name: steps > 0 ? 'Next month' : 'Previous month' }).click();
  }
  await expect(months).toContainText(monthLabel(target));
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A row of the bookings list, by its link ('Maya Brooks (booking #00031)'). */
function bookingRow(page: Page, counterpart: string, id: number) {
  return page
    .getByRole('list', { name: 'Bookings' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('link', { name: `${counterpart} (booking ${orderNumber(id)})` }),
    });
}

const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

test.describe('the bookings list’s tools and the payments page', () => {
  test('pro@ sees her new-bookings badge clear on /bookings, filters the list by status, search, booked by and month, finds a booking in the calendar and exports bookings.csv', async ({
    page,
    signIn,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const showApi = await signedInApi(playwright, demoUsers.show);
    const proApi = await signedInApi(playwright, demoUsers.pro);
    const forPriya = await bookThroughApi(showApi, { guest: 'Priya Patel', count: 1 });
    const byPriya = await bookThroughApi(proApi, { show: 'The Founder Files', count: 1 });
    try {
      const me = (await (await proApi.get('/api/v1/users/me')).json()) as {
        data: { timezone: string };
      };
      const zone = me.data.timezone;
      const thisMonth = monthIn(new Date(), zone);

      // The badge: show@'s request is new to Priya; seeing the list marks it seen.
      await signIn(demoUsers.pro, '/dashboard');
      const subNav = page.getByRole('navigation', { name: 'Account' });
      const badged = subNav.getByRole('link', { name: /^Bookings \d+ new bookings?$/ });
      await expect(badged).toBeVisible();
      const seen = page.waitForResponse(
        (response) =>
          response.request().method() === 'PATCH' &&
          new URL(response.url()).pathname === '/api/v1/bookings/see-bookings',
      );
      await badged.click();
      await expect(page).toHaveURL('/bookings');
      const patched = await seen;
      expect(patched.status(), await patched.text()).toBe(200);
      expect(((await patched.json()) as { data: { new_bookings_count: number } }).data).toEqual({
        new_bookings_count: 0,
      });
      await expect(subNav.getByRole('link', { name: 'Bookings', exact: true })).toBeVisible();
      await expect(badged).toHaveCount(0);
      // Seen for good: the badge stays away after a reload.
      await page.reload();
      await expect(page.getByRole('list', { name: 'Bookings' })).toBeVisible();
      await expect(subNav.getByRole('link', { name: 'Bookings', exact: true })).toBeVisible();

      // Status: Pending only; the URL says so and every row reads Pending.
      const rows = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem');
      // check() reads the box right after the click: ticked at once, not when the URL (which
      // the shell's router updates in a transition) catches up.
      const pending = page.getByRole('checkbox', { name: 'Pending' });
      await pending.check();
      await expect(page).toHaveURL((url) => url.searchParams.get('status') === 'is_pending');
      await expect(rows.first()).toBeVisible();
      await expect(rows.filter({ hasNotText: 'Pending' })).toHaveCount(0);

      // Search: typed key by key, sent only 500 ms after the last key.
      const searches: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        const search = url.searchParams.get('filter[search]');
        if (url.pathname === '/api/v1/bookings' && search !== null) searches.push(search);
      });
      const search = page.getByRole('searchbox', { name: 'Search bookings' });
      await search.pressSequentially(orderNumber(forPriya.id), { delay: 60 });
      expect(searchParam(page, 'q'), 'no search before the debounce').toBeNull();
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === orderNumber(forPriya.id));
      await expect(bookingRow(page, 'Morning Momentum', forPriya.id)).toBeVisible();
      await expect(rows).toHaveCount(1);
      // No partial text was ever sent (a live update may refetch the same search).
      expect([...new Set(searches)]).toEqual([orderNumber(forPriya.id)]);

      // Booked by: show@ asked Priya, so it is booked by others, not by her.
      const bookedBy = page.getByRole('combobox', { name: 'Booked by' });
      await bookedBy.selectOption({ label: 'Booked by me' });
      await expect(page).toHaveURL((url) => url.searchParams.get('by') === 'me');
      await expect(page.getByText('No bookings found.')).toBeVisible();
      await bookedBy.selectOption({ label: 'Booked by others' });
      await expect(page).toHaveURL((url) => url.searchParams.get('by') === 'others');
      await expect(bookingRow(page, 'Morning Momentum', forPriya.id)).toBeVisible();
      // …and the one The Founder Files asked of Maya is booked by her.
      await search.fill(orderNumber(byPriya.id));
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === orderNumber(byPriya.id));
      await expect(page.getByText('No bookings found.')).toBeVisible();
      await bookedBy.selectOption({ label: 'Booked by me' });
      await expect(page).toHaveURL((url) => url.searchParams.get('by') === 'me');
      await expect(bookingRow(page, MAYA, byPriya.id)).toBeVisible();

      // Month: a request without a date belongs to the month it was made in.
      const months = page.getByRole('group', { name: 'Month' });
      await expect(months).toContainText(monthLabel(thisMonth));
      await months.getByRole('button', { name: 'Previous month' }).click();
      await expect(months).toContainText(monthLabel(shiftMonth(thisMonth, -1)));
      await expect(page).toHaveURL(
        (url) => url.searchParams.get('month') === shiftMonth(thisMonth, -1),
      );
      await expect(page.getByText('No bookings found.')).toBeVisible();
      await months.getByRole('button', { name: 'Next month' }).click();
      // The current month is the default, left out of the URL.
      await expect(page).toHaveURL((url) => !url.searchParams.has('month'));
      await expect(bookingRow(page, MAYA, byPriya.id)).toBeVisible();

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL('/bookings');
      await expect(pending).not.toBeChecked();
      await expect(search).toHaveValue('');

      // The calendar: pro@'s booking with a date nearest to today, on its day.
      const { data: all } = (await (
        await proApi.get('/api/v1/bookings', { params: { limit: 100 } })
      ).json()) as { data: (BookingRow & { booking_date: string | null })[] };
      const dated = all
        .filter((booking) => booking.booking_date !== null)
        .sort(
          (a, b) =>
            Math.abs(Date.parse(a.booking_date!) - Date.now()) -
            Math.abs(Date.parse(b.booking_date!) - Date.now()),
        )[0];
      expect(dated, 'a booking of pro@’s with a date').toBeTruthy();
      const date = new Date(dated!.booking_date!);
      const month = monthIn(date, zone);
      await page
        .getByRole('group', { name: 'View' })
        .getByRole('button', { name: 'Calendar' })
        .click();
      await expect(page).toHaveURL((url) => url.searchParams.get('view') === 'calendar');
      await expect(
        page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Calendar' }),
      ).toHaveAttribute('aria-pressed', 'true');
      await goToMonth(page, thisMonth, month);
      const calendar = page.getByRole('region', { name: `Calendar, ${monthLabel(month)}` });
      const day = calendar
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: dayLabel(dayIn(date, zone)) }) });
      await expect(
        day.getByRole('link', {
          name: new RegExp(
            `${escape(dated!.counterpart.name)} \\(booking ${orderNumber(dated!.id)}\\)$`,
          ),
        }),
      ).toBeVisible();

      // Export: bookings.csv with its header row and show@'s request in it.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('bookings.csv');
      const csv = await readFile(await download.path(), 'utf8');
      const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        'Order number,Status,Counterpart,Guest,Show,Booked by,Type,Interview date,Time zone,Duration (minutes),Price (USD),Created',
      );
      const row = lines.find((line) => line.startsWith(`${orderNumber(forPriya.id)},`));
      expect(row, `${orderNumber(forPriya.id)} in bookings.csv`).toBeTruthy();
      const cells = row!.split(',');
      expect(cells.slice(0, 8)).toEqual([
        orderNumber(forPriya.id),
        'Pending',
        'Morning Momentum',
        'Priya Patel',
        'Morning Momentum',
        'Others',
        'Interview',
        '',
      ]);
      expect(cells[8]).toBe(zone);
      expect(cells[10]).toBe((forPriya.price / 100).toFixed(2));
      expect(
        lines.some((line) => line.startsWith(`${orderNumber(byPriya.id)},Pending,${MAYA},`)),
      ).toBe(true);
    } finally {
      await cancelBooking(showApi, forPriya.id);
      await cancelBooking(proApi, byPriya.id);
      await showApi.dispose();
      await proApi.dispose();
    }
  });

  test('pro@ reads a month of /payments: the totals, All / Incoming / Outgoing, and a paid payment’s receipt as a PDF', async ({
    page,
    signIn,
    playwright,
  }) => {
    test.setTimeout(90_000);
    const proApi = await signedInApi(playwright, demoUsers.pro);
    try {
      const me = (await (await proApi.get('/api/v1/users/me')).json()) as {
        data: { timezone: string };
      };
      const thisMonth = monthIn(new Date(), me.data.timezone);
      const monthOf = async (month: string, type?: 'incoming' | 'outgoing') => {
        const params: Record<string, string> = { 'filter[for_month]': month };
        if (type) params['filter[type]'] = type;
        const response = await proApi.get('/api/v1/payments', { params });
        expect(response.status(), await response.text()).toBe(200);
        return (await response.json()) as PaymentsPage;
      };
      // The nearest month, back from this one, with a paid payment (the seed's dates are relative).
      let month = thisMonth;
      let payments = await monthOf(month);
      for (let back = 1; back <= 6 && !payments.data.some((p) => p.download_url); back += 1) {
        month = shiftMonth(thisMonth, -back);
        payments = await monthOf(month);
      }
      const paid = payments.data.find((payment) => payment.download_url);
      expect(paid, 'a paid payment of pro@’s in the last six months').toBeTruthy();

      await signIn(demoUsers.pro, '/dashboard');
      await page
        .getByRole('navigation', { name: 'Account' })
        .getByRole('link', { name: 'Payments' })
        .click();
      await expect(page).toHaveURL('/payments');
      await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();

      const totals = page.getByRole('list', { name: 'Payment totals' });
      const received = totals.getByRole('listitem').filter({ hasText: 'Total Received' });
      const spent = totals.getByRole('listitem').filter({ hasText: 'Total Paid' });
      const current = await monthOf(thisMonth);
      await expect(received).toContainText(money(current.meta.totals.received));
      await expect(spent).toContainText(money(current.meta.totals.paid));

      // The month with the paid payment: its own totals.
      await goToMonth(page, thisMonth, month);
      await expect(received).toContainText(money(payments.meta.totals.received));
      await expect(spent).toContainText(money(payments.meta.totals.paid));

      // All / Incoming / Outgoing: one pressed at a time, the rows of that type only.
      const types = page.getByRole('group', { name: 'Type' });
      const table = page.getByRole('table', { name: 'Payments' });
      const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
      await expect(types.getByRole('button', { name: 'All' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(rows).toHaveCount(payments.data.length);
      const counts: Record<string, number> = {};
      for (const [label, type] of [
        ['Incoming', 'incoming'],
        ['Outgoing', 'outgoing'],
      ] as const) {
        const ofType = await monthOf(month, type);
        const expected = ofType.data.length;
        counts[type] = ofType.meta.pagination.total;
        await types.getByRole('button', { name: label }).click();
        await expect(types.getByRole('button', { name: label })).toHaveAttribute(
          'aria-pressed',
          'true',
        );
        await expect(types.getByRole('button', { name: 'All' })).toHaveAttribute(
          'aria-pressed',
          'false',
        );
        if (expected === 0) {
          await expect(page.getByText('No payments found')).toBeVisible();
        } else {
          await expect(rows).toHaveCount(expected);
          await expect(rows.filter({ hasNotText: label })).toHaveCount(0);
        }
      }
      expect(counts.incoming! + counts.outgoing!).toBe(payments.meta.pagination.total);
      // A month change resets the type to All (spec §9).
      await types
        .getByRole('button', { name: paid!.type === 'incoming' ? 'Incoming' : 'Outgoing' })
        .click();
      await page
        .getByRole('group', { name: 'Month' })
        .getByRole('button', { name: 'Next month' })
        .click();
      await page
        .getByRole('group', { name: 'Month' })
        .getByRole('button', { name: 'Previous month' })
        .click();
      await expect(page.getByRole('group', { name: 'Month' })).toContainText(monthLabel(month));
      await expect(types.getByRole('button', { name: 'All' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(rows).toHaveCount(payments.data.length);

      // The receipt of a paid payment: a PDF.
      const receipt = table.getByRole('link', {
        name: `Download (PDF) receipt of ${paid!.description}`,
      });
      await expect(receipt).toHaveAttribute('href', `/api/v1/payments/${paid!.id}/download`);
      await expect(receipt).toHaveAttribute('target', '_blank');
      // The new tab hands the PDF to the browser as a download (no viewer in headless Chromium),
      // which Playwright reports on the page that opened it.
      const downloading = page.waitForEvent('download');
      await receipt.click();
      const download = await downloading;
      const pdf = await readFile(await download.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } finally {
      await proApi.dispose();
    }
  });
});
