import type { APIRequestContext, Page } from '@playwright/test';
import { linkPath } from '../support/accounts';
import {
  bookMayaThroughApi,
  cancelBooking,
  fillCard,
  isBookPost,
  MAYA,
  newSignedInPage,
  profileByName,
  throughToPayment,
  type BookingRow,
} from '../support/booking';
import { demoUsers, expect, requestXsrfHeaders, signInRequest, test } from '../support/fixtures';

// The booking page of issue 30 (decision 111): both demo sides answer and schedule a booking
// entirely in the browser, told by the emails of the outbox (decision 112). Each journey makes
// its own booking between show@'s Morning Momentum and guest@'s Maya Brooks and calls it off
// at the end, so the demo data (and show@'s store credit) stay as they were.

interface OutboxAttachment {
  filename: string;
  content_type: string;
  content: string;
}

interface BookingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  attachments: OutboxAttachment[];
}

/** The newest email to `to` about booking `id` whose subject matches, once the outbox sent it. */
async function bookingMail(
  request: APIRequestContext,
  to: string,
  id: number,
  subject: RegExp,
): Promise<BookingMail> {
  let found: BookingMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
        const { data } = (await response.json()) as { data: BookingMail[] };
        found = data.find(
          (mail) => subject.test(mail.subject) && mail.text.includes(`/bookings/${id}`),
        );
        return found !== undefined;
      },
      { message: `an email ${subject} to ${to} about booking ${id}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The calendar invitation an email carries. */
function invitationOf(mail: BookingMail): string {
  const invite = mail.attachments.find((file) => file.filename === 'invite.ics');
  expect(invite, `an invite.ics with "${mail.subject}"`).toBeTruthy();
  expect(invite!.content_type).toMatch(/^text\/calendar/);
  return invite!.content;
}

/** An iCalendar property's value (the first line that starts with it). */
function icalValue(ics: string, name: string): string | undefined {
  return new RegExp(`^${name}[;:](.*)$`, 'm').exec(ics)?.[1]?.trim();
}

const actionsCard = (page: Page) => page.getByRole('region', { name: 'Actions' });

/** The status the details card shows. */
const statusOf = (page: Page) =>
  page
    .getByRole('region', { name: 'Booking details' })
    .getByRole('definition')
    .filter({ hasText: /^(Pending|Accepted|Scheduled|Completed|Canceled|Expired)$/ });

/** The booking as `request`'s user reads it. */
async function bookingAs(request: APIRequestContext, id: number) {
  const response = await request.get(`/api/v1/bookings/${id}`);
  expect(response.status(), await response.text()).toBe(200);
  return (
    (await response.json()) as {
      data: {
        status: string;
        confirmed_date: string | null;
        payment: { card: { status: string } | null };
      };
    }
  ).data;
}

/** What happened (the recorded entries, not the pending steps), as `request`'s user reads it. */
async function recordedTimeline(request: APIRequestContext, id: number) {
  const response = await request.get(`/api/v1/bookings/${id}/activities`, {
    params: { sort: 'asc' },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as {
    data: { id: string; type: string; created_at: string }[];
  };
  return data
    .filter((entry) => entry.id.startsWith('activity-'))
    .map(({ id: entryId, type, created_at }) => ({ id: entryId, type, created_at }));
}

/** Maya confirms `date` (UTC 'YYYY-MM-DD HH:mm:ss') through the API: the booking is scheduled. */
async function confirmAsMaya(request: APIRequestContext, id: number, date: string) {
  const response = await request.patch(`/api/v1/bookings/${id}/confirm`, {
    headers: await requestXsrfHeaders(request),
    data: { confirmed_date: date },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Picks the first free time the calendar dialog offers (this month, or the next ones). */
async function pickFirstFreeTime(dialog: ReturnType<Page['getByRole']>) {
  for (let month = 0; month < 3; month += 1) {
    const days = dialog.getByRole('group', { name: /^Days of / }).locator('button:enabled');
    await expect(dialog.getByRole('group', { name: /^Days of / })).toBeVisible();
    const count = await days.count();
    for (let day = 0; day < count; day += 1) {
      await days.nth(day).click();
      const free = dialog
        .getByRole('group', { name: /^Times on / })
        .getByRole('button', { pressed: false });
      if ((await free.count()) > 0) {
        await free.first().click();
        return;
      }
    }
    await dialog.getByRole('button', { name: 'Next month' }).click();
  }
  throw new Error('no free time to pick within three months');
}

test.describe('the booking page', () => {
  test('show@ books Maya; Maya opens it from the email, reads the application, accepts and picks one of three dates', async ({
    page,
    signIn,
    browser,
  }) => {
    test.setTimeout(150_000);
    const maya = await profileByName(page.request, 'guests', MAYA);
    await signIn(demoUsers.show, '/dashboard');
    await throughToPayment(page, maya);
    const credit = page.getByRole('checkbox', { name: /Use my store credit/ });
    if (await credit.isVisible()) await credit.uncheck();
    await fillCard(page.getByRole('group', { name: 'Card' }), '4242 4242 4242 4242');
    await page.getByRole('checkbox', { name: 'Save this card for future bookings' }).uncheck();
    const created = page.waitForResponse((response) => isBookPost(response, maya.id));
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    const response = await created;
    expect(response.status(), await response.text()).toBe(201);
    const { id } = ((await response.json()) as { data: BookingRow }).data;

    const guestPage = await newSignedInPage(browser, demoUsers.guest, '/dashboard');
    const guestApi = guestPage.context().request;
    try {
      // show@ lands on the booking's page, as the initiator: no accept or reject of its own.
      await page.getByRole('link', { name: 'View your booking' }).click();
      await expect(page).toHaveURL(`/bookings/${id}`);
      await expect(page.getByRole('heading', { level: 1, name: MAYA })).toBeVisible();
      await expect(actionsCard(page)).toContainText(/This request expires on .+ if Maya Brooks/);
      await expect(actionsCard(page).getByRole('button', { name: 'Accept' })).toHaveCount(0);

      // Maya is told, with the deadline, and opens the booking from the email's link.
      const request = await bookingMail(
        guestApi,
        demoUsers.guest.email,
        id,
        /^Morning Momentum would like to interview you$/,
      );
      expect(request.text).toMatch(/Answer by .+ or this request expires/);
      await guestPage.goto(linkPath(request, `/bookings/${id}`));
      await expect(
        guestPage.getByRole('heading', { level: 1, name: 'Morning Momentum' }),
      ).toBeVisible();
      await expect(actionsCard(guestPage)).toContainText(/Answer by .+ or this request expires/);

      // The application: the answers and the add-on show@ chose.
      await guestPage
        .getByRole('navigation', { name: 'Booking views' })
        .getByRole('link', { name: 'Application' })
        .click();
      await expect(guestPage).toHaveURL(`/bookings/${id}/application`);
      await expect(guestPage.getByRole('region', { name: 'Answers', exact: true })).toContainText(
        'E2E answer 1',
      );
      await expect(
        guestPage.getByRole('heading', { level: 3, name: 'Newsletter mention' }),
      ).toBeVisible();
      await guestPage
        .getByRole('navigation', { name: 'Booking views' })
        .getByRole('link', { name: 'Activity' })
        .click();

      // Maya accepts: the card hold is captured.
      await actionsCard(guestPage).getByRole('button', { name: 'Accept' }).click();
      const accept = guestPage.getByRole('dialog', { name: 'Accept this booking?' });
      await accept.getByRole('button', { name: 'Accept' }).click();
      await expect(accept).toBeHidden();
      await expect(statusOf(guestPage)).toHaveText('Accepted');
      expect((await bookingAs(guestApi, id)).payment.card?.status).toBe('paid');
      await bookingMail(
        page.request,
        demoUsers.show.email,
        id,
        /^Maya Brooks accepted your booking request$/,
      );

      // She picks the second of the three proposed times: the booking is scheduled.
      const choices = actionsCard(guestPage).getByRole('radio');
      await expect(choices).toHaveCount(3);
      const confirm = actionsCard(guestPage).getByRole('button', { name: 'Confirm date' });
      await expect(confirm).toBeDisabled();
      await choices.nth(1).check();
      await confirm.click();
      await expect(statusOf(guestPage)).toHaveText('Scheduled');
      const scheduled = await bookingAs(guestApi, id);
      expect(scheduled.status).toBe('scheduled');

      // Both sides read the same timeline, and both get the invitation.
      const [showTimeline, guestTimeline] = [
        await recordedTimeline(page.request, id),
        await recordedTimeline(guestApi, id),
      ];
      expect(guestTimeline).toEqual(showTimeline);
      expect(showTimeline.map((entry) => entry.type)).toEqual(
        expect.arrayContaining(['order-started', 'accepted', 'confirmed']),
      );
      await page.reload();
      await expect(statusOf(page)).toHaveText('Scheduled');
      const showFeed = page.getByRole('region', { name: 'Activity entries' });
      const guestFeed = guestPage.getByRole('region', { name: 'Activity entries' });
      await expect(showFeed.getByRole('listitem')).toHaveCount(
        await guestFeed.getByRole('listitem').count(),
      );
      for (const who of [demoUsers.show.email, demoUsers.guest.email]) {
        const mail = await bookingMail(guestApi, who, id, /^Interview with .+ scheduled for /);
        const ics = invitationOf(mail);
        expect(icalValue(ics, 'METHOD')).toBe('REQUEST');
        expect(icalValue(ics, 'UID')).toBe(`booking-${id}@guestspot`);
        const start = icalValue(ics, 'DTSTART');
        expect(start?.replace(/[^0-9]/g, '').slice(0, 12)).toBe(
          scheduled.confirmed_date!.replace(/[^0-9]/g, '').slice(0, 12),
        );
      }
    } finally {
      await cancelBooking(page.request, id);
      await guestPage.context().close();
    }
  });

  test('show@ re-schedules a scheduled interview; Maya confirms the new time and both get the changed invitation', async ({
    page,
    signIn,
    browser,
    playwright,
  }) => {
    test.setTimeout(150_000);
    const showApi = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    await signInRequest(showApi, demoUsers.show);
    const booked = await bookMayaThroughApi(showApi, 1);
    const guestPage = await newSignedInPage(browser, demoUsers.guest, `/bookings/${booked.id}`);
    const guestApi = guestPage.context().request;
    try {
      await confirmAsMaya(guestApi, booked.id, booked.dates[0]!);
      const first = invitationOf(
        await bookingMail(
          guestApi,
          demoUsers.guest.email,
          booked.id,
          /^Interview with .+ scheduled for /,
        ),
      );

      await signIn(demoUsers.show, `/bookings/${booked.id}`);
      await actionsCard(page).getByRole('button', { name: 'Re-Schedule Booking' }).click();
      const dialog = page.getByRole('dialog', { name: 'Re-Schedule Booking' });
      await pickFirstFreeTime(dialog);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      // Until Maya confirms, the interview keeps its date.
      await expect(statusOf(page)).toHaveText('Scheduled');
      await bookingMail(
        guestApi,
        demoUsers.guest.email,
        booked.id,
        /^Morning Momentum asked to reschedule the interview$/,
      );

      // Maya confirms the one new time (it is chosen already).
      await guestPage.reload();
      const confirm = actionsCard(guestPage).getByRole('button', { name: 'Confirm date' });
      await expect(actionsCard(guestPage).getByRole('radio')).toHaveCount(1);
      await expect(actionsCard(guestPage).getByRole('radio')).toBeChecked();
      await confirm.click();
      await expect(confirm).toBeHidden();

      for (const who of [demoUsers.guest.email, demoUsers.show.email]) {
        const moved = invitationOf(
          await bookingMail(guestApi, who, booked.id, /^Interview with .+ moved to /),
        );
        expect(icalValue(moved, 'UID')).toBe(icalValue(first, 'UID'));
        expect(Number(icalValue(moved, 'SEQUENCE'))).toBeGreaterThan(
          Number(icalValue(first, 'SEQUENCE') ?? 0),
        );
        expect(icalValue(moved, 'DTSTART')).not.toBe(icalValue(first, 'DTSTART'));
      }
    } finally {
      await cancelBooking(showApi, booked.id);
      await showApi.dispose();
      await guestPage.context().close();
    }
  });

  test('Maya rejects with a reason: the button counts down 3 seconds and show@ is told why', async ({
    page,
    signIn,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const showApi = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
    });
    await signInRequest(showApi, demoUsers.show);
    const booked = await bookMayaThroughApi(showApi, 2);
    try {
      await signIn(demoUsers.guest, `/bookings/${booked.id}`);
      await actionsCard(page).getByRole('button', { name: 'Reject' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reject this booking?' });
      const reject = dialog.getByRole('button', { name: /^Reject/ });
      await expect(reject).toHaveText('Reject (3)');
      await expect(reject).toBeDisabled();
      const opened = Date.now();
      await expect(reject).toHaveText('Reject', { timeout: 6_000 });
      expect(Date.now() - opened).toBeGreaterThanOrEqual(1_900);
      await expect(reject).toBeEnabled();

      // The reason is required on this page: nothing is sent without it.
      await reject.click();
      await expect(dialog.getByText('Reason is required')).toBeVisible();
      await dialog.getByRole('textbox', { name: /Reason/ }).fill('We are fully booked this month.');
      await reject.click();
      await expect(dialog).toBeHidden();
      await expect(statusOf(page)).toHaveText('Canceled');

      const told = await bookingMail(
        page.request,
        demoUsers.show.email,
        booked.id,
        /^Maya Brooks declined your booking request$/,
      );
      expect(told.text).toContain('We are fully booked this month.');
    } finally {
      // Rejected already: nothing to call off (a second cancel answers 409).
      await showApi.dispose();
    }
  });

  test('show@ cancels a scheduled interview with a reason; Maya gets the cancellation for her calendar', async ({
    page,
    signIn,
    playwright,
  }) => {
    test.setTimeout(120_000);
    const baseURL = test.info().project.use.baseURL;
    const showApi = await playwright.request.newContext({ baseURL });
    const guestApi = await playwright.request.newContext({ baseURL });
    await signInRequest(showApi, demoUsers.show);
    await signInRequest(guestApi, demoUsers.guest);
    const booked = await bookMayaThroughApi(showApi, 1);
    let canceled = false;
    try {
      await confirmAsMaya(guestApi, booked.id, booked.dates[0]!);
      await signIn(demoUsers.show, `/bookings/${booked.id}`);
      await actionsCard(page).getByRole('button', { name: 'Cancel booking' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
      const cancel = dialog.getByRole('button', { name: /^Cancel booking/ });
      await expect(cancel).toHaveText('Cancel booking (3)');
      await dialog.getByRole('textbox', { name: /Reason/ }).fill('Our host is ill.');
      await expect(cancel).toBeEnabled({ timeout: 6_000 });
      await cancel.click();
      await expect(dialog).toBeHidden();
      await expect(statusOf(page)).toHaveText('Canceled');
      canceled = true;

      const told = await bookingMail(
        guestApi,
        demoUsers.guest.email,
        booked.id,
        /^Morning Momentum canceled the booking$/,
      );
      expect(told.text).toContain('Our host is ill.');
      const ics = invitationOf(told);
      expect(icalValue(ics, 'METHOD')).toBe('CANCEL');
      expect(icalValue(ics, 'UID')).toBe(`booking-${booked.id}@guestspot`);
    } finally {
      if (!canceled) await cancelBooking(showApi, booked.id);
      await showApi.dispose();
      await guestApi.dispose();
    }
  });
});
