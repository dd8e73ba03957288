import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, type BookingDetail } from '@guestspot/shared-api';
import { getBooking } from '@guestspot/shared-api/bookings';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useToastStore } from '@guestspot/shared-ui';
import { CalendarModal, type CalendarModalAction } from './calendar-modal';
import { BOOKING_ID, makeBookingDetail, makeScheduledBooking } from './page-fixtures';

setupMswServer();

const TAKEN = 'This time has just been booked. Please pick another time.';
const GUEST_ID = 3;

/** Accepted, no date agreed yet: the show's owner proposes dates from Grace's calendar. */
const accepted = makeBookingDetail({
  status: 'accepted',
  viewer_side: 'show',
  counterpart: { type: 'guest', id: GUEST_ID, name: 'Grace Hopper', imageUrl: null },
  accepted_at: '2030-03-01T10:00:00Z',
  expires_at: null,
  proposed_by: null,
  proposals: [],
  allowed_actions: ['cancel', 'propose-date', 'scheduling-link'],
});

/** What the server was asked: GETs of the booking and of the slots, and each PATCH's body. */
let calls: { booking: number; slots: number; sent: { action: string; body: unknown }[] };

/** The guest's free times: four on Tuesday 12 March 2030 and one on the 14th (UTC viewer). */
function mockApi(booking: BookingDetail) {
  const slot = (utc: string) => ({
    utc,
    datetime: utc,
    date: utc.slice(0, 10),
    status: 'available',
  });
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`*/api/v1/bookings/${BOOKING_ID}`, () => {
      calls.booking += 1;
      return HttpResponse.json({ data: booking });
    }),
    http.get(`*/api/v1/guests/${GUEST_ID}/availability/slots`, ({ request }) => {
      calls.slots += 1;
      const query = new URL(request.url).searchParams;
      expect(query.get('timezone')).toBe('UTC');
      expect(query.get('duration')).toBe('30');
      if (query.get('month') !== '2030-03') return HttpResponse.json({ data: {} });
      return HttpResponse.json({
        data: {
          '2030-03-12': [
            slot('2030-03-12 09:00:00'),
            slot('2030-03-12 15:00:00'),
            slot('2030-03-12 16:00:00'),
            slot('2030-03-12 17:00:00'),
          ],
          '2030-03-14': [slot('2030-03-14 10:00:00')],
        },
      });
    }),
  );
}

/** PATCH /bookings/12/{action} answering `answer` (status and body) each time. */
function answerAction(action: CalendarModalAction, answer: () => Response | Promise<Response>) {
  server.use(
    http.patch(`*/api/v1/bookings/${BOOKING_ID}/${action}`, async ({ request }) => {
      calls.sent.push({ action, body: await request.json() });
      return answer();
    }),
  );
}

const saved = (booking: BookingDetail) => () =>
  HttpResponse.json({ data: { ...booking, status: 'scheduled' } });

/** The booking page as far as the dialog goes: it reads the booking and closes the dialog. */
function Page({ booking, action }: { booking: BookingDetail; action: CalendarModalAction }) {
  const [open, setOpen] = useState(true);
  useQuery({ queryKey: queryKeys.booking(booking.id), queryFn: () => getBooking(booking.id) });
  return open ? (
    <CalendarModal booking={booking} action={action} onClose={() => setOpen(false)} />
  ) : (
    <p>Booking page</p>
  );
}

const renderModal = (booking: BookingDetail, action: CalendarModalAction) =>
  renderWithProviders(<Page booking={booking} action={action} />);

async function pickTimes(day: string, times: string[]) {
  await userEvent.click(await screen.findByRole('button', { name: day }));
  const group = within(screen.getByRole('group', { name: `Times on ${day}` }));
  for (const time of times) await userEvent.click(group.getByRole('button', { name: time }));
}

const cards = (name = 'Proposed times') =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

beforeEach(() => {
  calls = { booking: 0, slots: 0, sent: [] };
  useToastStore.setState({ toasts: [] });
  setSession(makeUser({ timezone: 'UTC' }));
  // Only Date is faked: "now" is Sunday 10 March 2030, noon UTC.
  jest.useFakeTimers({
    now: new Date('2030-03-10T12:00:00Z'),
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
      'performance',
    ],
  });
});
afterEach(() => jest.useRealTimers());

describe('propose dates', () => {
  it('asks for a time before sending, then proposes up to three and closes', async () => {
    mockApi(accepted);
    let release = () => {};
    answerAction(
      'propose-date',
      () =>
        new Promise((resolve) => {
          release = () => resolve(saved(accepted)());
        }),
    );
    const { baseElement } = renderModal(accepted, 'propose-date');
    const dialog = await screen.findByRole('dialog', { name: 'Propose dates' });
    expect(dialog).toHaveAccessibleDescription(
      'Grace Hopper confirms one of the times you propose.',
    );
    await screen.findByRole('group', { name: 'Days of March 2030' });

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least 1 date and time');
    expect(calls.sent).toEqual([]);

    await pickTimes('Tuesday, March 12', ['3:00 PM', '4:00 PM']);
    // a new pick answers the message
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(cards()).toEqual([
      'Tue, Mar 12, 3:00 PMRemove Tue, Mar 12, 3:00 PM',
      'Tue, Mar 12, 4:00 PMRemove Tue, Mar 12, 4:00 PM',
    ]);
    expect(await axe(baseElement)).toHaveNoViolations();

    const readsBefore = calls.booking;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();

    expect(await screen.findByText('Booking page')).toBeInTheDocument();
    expect(calls.sent).toEqual([
      {
        action: 'propose-date',
        body: { proposed_dates: ['2030-03-12 15:00:00', '2030-03-12 16:00:00'] },
      },
    ]);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Your dates were proposed.',
    ]);
    // the page's booking (under allBookings) is read again
    await waitFor(() => expect(calls.booking).toBeGreaterThan(readsBefore));
  });

  it('drops a time taken meanwhile (409), reads the slots again and keeps the other picks', async () => {
    mockApi(accepted);
    let refuse = true;
    answerAction('propose-date', () =>
      refuse
        ? HttpResponse.json(
            { message: TAKEN, errors: { 'proposed_dates.1': [TAKEN] } },
            { status: 409 },
          )
        : saved(accepted)(),
    );
    renderModal(accepted, 'propose-date');
    await pickTimes('Tuesday, March 12', ['3:00 PM', '4:00 PM']);
    await pickTimes('Thursday, March 14', ['10:00 AM']);
    const slotReads = calls.slots;

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TAKEN);
    expect(calls.sent[0]?.body).toEqual({
      proposed_dates: ['2030-03-12 15:00:00', '2030-03-12 16:00:00', '2030-03-14 10:00:00'],
    });
    // the second time, the one the server named, is gone; the dialog stays with the others
    expect(screen.getByRole('dialog', { name: 'Propose dates' })).toBeInTheDocument();
    expect(cards()).toEqual([
      'Tue, Mar 12, 3:00 PMRemove Tue, Mar 12, 3:00 PM',
      'Thu, Mar 14, 10:00 AMRemove Thu, Mar 14, 10:00 AM',
    ]);
    await waitFor(() => expect(calls.slots).toBeGreaterThan(slotReads));

    refuse = false;
    await pickTimes('Tuesday, March 12', ['5:00 PM']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Booking page')).toBeInTheDocument();
    expect(calls.sent[1]?.body).toEqual({
      proposed_dates: ['2030-03-12 15:00:00', '2030-03-14 10:00:00', '2030-03-12 17:00:00'],
    });
  });

  it('shows the server message of any other refusal and keeps every pick', async () => {
    mockApi(accepted);
    const moved = 'The booking status is canceled.';
    answerAction('propose-date', () => HttpResponse.json({ message: moved }, { status: 409 }));
    renderModal(accepted, 'propose-date');
    await pickTimes('Tuesday, March 12', ['3:00 PM']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(moved);
    expect(cards()).toEqual(['Tue, Mar 12, 3:00 PMRemove Tue, Mar 12, 3:00 PM']);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('says when the server could not save, in an alert', async () => {
    mockApi(accepted);
    answerAction('propose-date', () =>
      HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
    );
    renderModal(accepted, 'propose-date');
    await pickTimes('Tuesday, March 12', ['3:00 PM']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Server Error');
    expect(screen.getByRole('dialog', { name: 'Propose dates' })).toBeInTheDocument();
  });
});

describe('a date agreed', () => {
  const scheduled = makeScheduledBooking({
    allowed_actions: ['cancel', 'reschedule', 'change-date'],
  });

  it('re-schedules with a single date', async () => {
    mockApi(scheduled);
    answerAction('reschedule', saved(scheduled));
    const { baseElement } = renderModal(scheduled, 'reschedule');
    const dialog = await screen.findByRole('dialog', { name: 'Re-Schedule Booking' });
    expect(dialog).toHaveAccessibleDescription(
      'The interview is set for Dec 7, 2026, 8:00 PM. That date holds until The Build Show confirms the new one.',
    );
    await pickTimes('Tuesday, March 12', ['3:00 PM', '4:00 PM']);
    // one date only: the second replaced the first
    expect(cards('Chosen time')).toEqual(['Tue, Mar 12, 4:00 PMRemove Tue, Mar 12, 4:00 PM']);
    expect(await axe(baseElement)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Booking page')).toBeInTheDocument();
    expect(calls.sent).toEqual([
      { action: 'reschedule', body: { proposed_dates: ['2030-03-12 16:00:00'] } },
    ]);
  });

  it('changes the date at once, and shows the field message of a refused date (422)', async () => {
    mockApi(scheduled);
    const gone = 'This time is no longer available. Please pick another time.';
    let refuse = true;
    answerAction('change-date', () =>
      refuse
        ? HttpResponse.json({ message: gone, errors: { confirmed_date: [gone] } }, { status: 422 })
        : saved(scheduled)(),
    );
    renderModal(scheduled, 'change-date');
    expect(
      await screen.findByRole('dialog', { name: 'Change the interview date' }),
    ).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least 1 date and time');

    await pickTimes('Thursday, March 14', ['10:00 AM']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(gone);
    expect(calls.sent).toEqual([
      { action: 'change-date', body: { confirmed_date: '2030-03-14 10:00:00' } },
    ]);
    // the refused time is no longer chosen
    expect(
      within(screen.getByRole('list', { name: 'Chosen time' })).queryAllByRole('listitem'),
    ).toHaveLength(0);

    refuse = false;
    await pickTimes('Tuesday, March 12', ['5:00 PM']);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Booking page')).toBeInTheDocument();
    expect(calls.sent[1]).toEqual({
      action: 'change-date',
      body: { confirmed_date: '2030-03-12 17:00:00' },
    });
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'The interview date was changed.',
    ]);
  });
});
