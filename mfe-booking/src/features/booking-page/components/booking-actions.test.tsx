import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import {
  makeBooking,
  makeUser,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useConfirmStore, useToastStore } from '@guestspot/shared-ui';
import {
  makeBookingDetail,
  makeEntry,
  makeInitiatorBooking,
  makeScheduledBooking,
  PROPOSALS,
} from './page-fixtures';
import { loadBookingPage, mockBookingApi, renderBookingPage } from './test-support';

jest.mock('./calendar-modal', () => ({
  CalendarModal: ({ action }: { action: string }) => (
    <div role="dialog" aria-label={`Calendar: ${action}`} />
  ),
}));

setupMswServer();
beforeAll(() => loadBookingPage());
beforeEach(() => setSession(makeUser({ timezone: 'US/Central' })));
afterEach(() => {
  jest.useRealTimers();
  useToastStore.setState({ toasts: [] });
  act(() => useConfirmStore.setState({ request: null }));
});

const actionsCard = () => screen.getByRole('region', { name: 'Actions' });
const findActions = () => screen.findByRole('region', { name: 'Actions' });
const toasts = () => useToastStore.getState().toasts.map(({ tone, message }) => [tone, message]);

/** Fake clock for the confirm's countdown, running with real time for everything else. */
function countdownClock() {
  jest.useFakeTimers({ advanceTimers: true });
  return userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
}

/** Waits out the 3 seconds, checking what the dialog's button reads each second. */
function countDown(dialog: HTMLElement, label: string) {
  for (const left of [3, 2, 1]) {
    expect(within(dialog).getByRole('button', { name: `${label} (${left})` })).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
  }
  expect(within(dialog).getByRole('button', { name: label })).toBeEnabled();
}

describe('Accept', () => {
  it('asks first, then accepts, says so and reads the booking again', async () => {
    const user = userEvent.setup();
    const calls = mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    await user.click(await within(await findActions()).findByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this booking?' });
    expect(dialog).toHaveAccessibleDescription(
      "The card hold of $100.50 is captured and The Build Show is told. You then agree on the interview's date.",
    );
    expect(calls.acts).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(calls.acts).toEqual([{ action: 'accept', body: null }]));
    await waitFor(() => expect(toasts()).toEqual([['success', 'The booking was accepted.']]));
    expect(calls.booking).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog with the server’s message when it is refused', async () => {
    const user = userEvent.setup();
    mockBookingApi({
      booking: makeBookingDetail(),
      act: () => ({ status: 409, body: { message: 'The booking status is canceled.' } }),
    });
    renderBookingPage();
    await user.click(await within(await findActions()).findByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await within(dialog).findByText('The booking status is canceled.')).toBeVisible();
    expect(toasts()).toEqual([]);
  });
});

describe('while an action is sent', () => {
  it('the other actions wait, and come back once it is done', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => undefined;
    mockBookingApi({ booking: makeBookingDetail() });
    server.use(
      http.patch('*/api/v1/bookings/:id/accept', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ data: makeBooking() });
      }),
    );
    renderBookingPage();
    await user.click(await within(await findActions()).findByRole('button', { name: 'Accept' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(within(actionsCard()).getByRole('button', { name: 'Reject' })).toBeDisabled(),
    );
    act(() => answer());
    await waitFor(() =>
      expect(within(actionsCard()).getByRole('button', { name: 'Reject' })).toBeEnabled(),
    );
  });
});

describe('Reject', () => {
  it('counts down 3 seconds, needs a reason, then sends it', async () => {
    const user = countdownClock();
    const calls = mockBookingApi({ booking: makeBookingDetail() });
    const { baseElement } = renderBookingPage();
    await user.click(await within(await findActions()).findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this booking?' });
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveFocus();
    expect(await axe(baseElement)).toHaveNoViolations();
    countDown(dialog, 'Reject');

    // Empty (or blank): said under the field, nothing sent.
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is required')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls.acts).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Travelling.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.acts).toEqual([{ action: 'reject', body: { reason: 'Travelling.' } }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts()).toEqual([['success', 'The booking was rejected.']]);
  });

  it('keeps the typed reason when the server refuses', async () => {
    const user = countdownClock();
    mockBookingApi({
      booking: makeBookingDetail(),
      act: () => ({ status: 409, body: { message: 'The booking status is expired.' } }),
    });
    renderBookingPage();
    await user.click(await within(await findActions()).findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this booking?' });
    countDown(dialog, 'Reject');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Travelling.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('The booking status is expired.')).toBeVisible();
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('Travelling.');
  });

  it('puts the server’s word on the reason under the field', async () => {
    const user = countdownClock();
    mockBookingApi({
      booking: makeBookingDetail(),
      act: () => ({
        status: 422,
        body: { message: 'Invalid.', errors: { reason: ['The reason is too long.'] } },
      }),
    });
    renderBookingPage();
    await user.click(await within(await findActions()).findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this booking?' });
    countDown(dialog, 'Reject');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Because.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('The reason is too long.')).toBeVisible();
  });

  it('Go back closes it at once, sending nothing', async () => {
    const user = userEvent.setup();
    const calls = mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    await user.click(await within(await findActions()).findByRole('button', { name: 'Reject' }));
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.acts).toEqual([]);
  });
});

describe('Cancel', () => {
  it('the initiator withdraws a pending request with a reason, after 3 seconds', async () => {
    const user = countdownClock();
    const calls = mockBookingApi({ booking: makeInitiatorBooking() });
    renderBookingPage();
    await user.click(
      await within(await findActions()).findByRole('button', { name: 'Cancel booking' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(
      within(dialog).getByText(
        'Your request to Grace Hopper is withdrawn and the hold on your card is released.',
      ),
    ).toBeVisible();
    countDown(dialog, 'Cancel booking');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Plans changed.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(calls.acts).toEqual([{ action: 'cancel', body: { reason: 'Plans changed.' } }]),
    );
    await waitFor(() => expect(toasts()).toEqual([['success', 'The booking was canceled.']]));
  });
});

describe('Cancel after acceptance (decision 116: who cancels bears the fee)', () => {
  it('the invitee cancelling: the booker is refunded in full', async () => {
    const user = countdownClock();
    const calls = mockBookingApi({ booking: makeScheduledBooking() });
    renderBookingPage();
    await user.click(
      await within(await findActions()).findByRole('button', { name: 'Cancel booking' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(
      within(dialog).getByText(
        'The Build Show is told that the interview is canceled, with your reason. The Build Show is refunded in full.',
      ),
    ).toBeVisible();
    expect(calls.acts).toEqual([]);
  });

  it('the booker cancelling: refunded less the 20% service fee, which is not refundable', async () => {
    const user = countdownClock();
    const calls = mockBookingApi({
      booking: makeScheduledBooking({
        viewer_side: 'show',
        counterpart: { type: 'guest', id: 3, name: 'Grace Hopper', imageUrl: null },
        payout: null,
      }),
    });
    renderBookingPage();
    await user.click(
      await within(await findActions()).findByRole('button', { name: 'Cancel booking' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(
      within(dialog).getByText(
        'Grace Hopper is told that the interview is canceled, with your reason. You are refunded what you paid, less the 20% service fee, which is not refundable.',
      ),
    ).toBeVisible();
    expect(calls.acts).toEqual([]);
  });

  it('a booking paid with store credit alone says so too', async () => {
    const user = countdownClock();
    mockBookingApi({
      booking: makeScheduledBooking({
        payment: {
          status: 'none',
          card: null,
          extra: null,
          credit: { amount: 12_550, status: 'paid' },
          code: null,
          refunds: [],
        },
      }),
    });
    renderBookingPage();
    await user.click(
      await within(await findActions()).findByRole('button', { name: 'Cancel booking' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText(/The Build Show is refunded in full\.$/)).toBeVisible();
  });
});

describe('Confirm a proposed date', () => {
  it('a single proposal is chosen already and confirmed as UTC', async () => {
    const user = userEvent.setup();
    const [first] = PROPOSALS;
    const booking = makeBookingDetail({
      proposals: [{ starts_at: first, ends_at: '2026-12-07T20:30:00Z', is_confirmed: false }],
    });
    const calls = mockBookingApi({ booking });
    renderBookingPage();
    const choice = await within(await findActions()).findByRole('radio', {
      name: 'Mon 7 Dec, 2:00 PM – 2:30 PM',
    });
    expect(choice).toBeChecked();
    await user.click(within(actionsCard()).getByRole('button', { name: 'Confirm date' }));
    await waitFor(() =>
      expect(calls.acts).toEqual([
        { action: 'confirm', body: { confirmed_date: '2026-12-07 20:00:00' } },
      ]),
    );
    await waitFor(() =>
      expect(toasts()).toEqual([['success', 'The interview date is confirmed.']]),
    );
  });

  it('with several proposals, Confirm date waits for a choice', async () => {
    const user = userEvent.setup();
    const calls = mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    const confirmDate = await within(await findActions()).findByRole('button', {
      name: 'Confirm date',
    });
    expect(confirmDate).toBeDisabled();
    const choices = within(actionsCard()).getAllByRole('radio');
    expect(choices).toHaveLength(2);
    for (const choice of choices) expect(choice).not.toBeChecked();
    await user.click(
      within(actionsCard()).getByRole('radio', { name: 'Tue 8 Dec, 4:00 PM – 4:30 PM' }),
    );
    expect(confirmDate).toBeEnabled();
    await user.click(confirmDate);
    await waitFor(() =>
      expect(calls.acts).toEqual([
        { action: 'confirm', body: { confirmed_date: '2026-12-08 22:00:00' } },
      ]),
    );
  });

  it.each([
    [
      'the first message of errors.confirmed_date',
      {
        status: 422,
        body: { message: 'Invalid.', errors: { confirmed_date: ['Pick a proposed date.', 'x'] } },
      },
      'Pick a proposed date.',
    ],
    [
      'that the time was taken',
      {
        status: 409,
        body: { message: 'This time has just been booked. Please pick another time.' },
      },
      'This time has just been booked. Please pick another time.',
    ],
    [
      "'There was an error. Try again later.' otherwise",
      { status: 500, body: { message: 'Server Error' } },
      'There was an error. Try again later.',
    ],
  ])('a failure says %s', async (_, answer, message) => {
    const user = userEvent.setup();
    mockBookingApi({ booking: makeBookingDetail(), act: () => answer });
    renderBookingPage();
    await user.click(
      await within(await findActions()).findByRole('radio', {
        name: 'Mon 7 Dec, 2:00 PM – 2:30 PM',
      }),
    );
    await user.click(within(actionsCard()).getByRole('button', { name: 'Confirm date' }));
    expect(await within(actionsCard()).findByText(message)).toBeVisible();
  });
});

describe('the feed’s steps', () => {
  it('offers Accept and Reject on the accept-reject step, and the dates on the pick-dates step', async () => {
    const user = userEvent.setup();
    mockBookingApi({ booking: makeBookingDetail() });
    renderBookingPage();
    const feed = await screen.findByRole('region', { name: 'Activity entries' });
    const step = (await within(feed).findByText('Accept or reject the request of The Build Show.'))
      .parentElement as HTMLElement; // eslint-disable-line testing-library/no-node-access -- the entry of its text
    expect(
      within(step)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Accept', 'Reject']);
    const pick = within(feed).getByText('Pick one of the proposed dates.')
      .parentElement as HTMLElement; // eslint-disable-line testing-library/no-node-access -- the entry of its text
    expect(within(pick).getAllByRole('radio')).toHaveLength(2);
    expect(within(pick).getByRole('button', { name: 'Confirm date' })).toBeDisabled();

    await user.click(within(step).getByRole('button', { name: 'Reject' }));
    expect(screen.getByRole('dialog', { name: 'Reject this booking?' })).toBeVisible();
  });

  it('shows a step’s buttons only when the viewer may take them', async () => {
    mockBookingApi({ booking: makeBookingDetail({ allowed_actions: ['reject'] }) });
    renderBookingPage();
    const feed = await screen.findByRole('region', { name: 'Activity entries' });
    const step = (await within(feed).findByText('Accept or reject the request of The Build Show.'))
      .parentElement as HTMLElement; // eslint-disable-line testing-library/no-node-access -- the entry of its text
    expect(
      within(step)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Reject']);
    expect(within(feed).queryByRole('radio')).toBeNull();
  });

  it('Propose dates on an action step opens the calendar', async () => {
    const user = userEvent.setup();
    const booking = makeBookingDetail({
      status: 'accepted',
      proposals: [],
      proposed_by: null,
      expires_at: null,
      allowed_actions: ['cancel', 'propose-date', 'scheduling-link'],
      timeline: [
        makeEntry({
          id: 'action',
          type: 'action',
          description: 'Propose dates for the interview.',
          actor_side: 'system',
        }),
      ],
    });
    mockBookingApi({ booking });
    renderBookingPage();
    const feed = await screen.findByRole('region', { name: 'Activity entries' });
    await user.click(await within(feed).findByRole('button', { name: 'Propose dates' }));
    expect(screen.getByRole('dialog', { name: 'Calendar: propose-date' })).toBeVisible();
  });
});

describe('the date actions of the card', () => {
  it.each([
    ['Re-Schedule Booking', 'reschedule'],
    ['Change date', 'change-date'],
  ])('%s opens the calendar for %s', async (label, action) => {
    const user = userEvent.setup();
    mockBookingApi({ booking: makeScheduledBooking() });
    renderBookingPage();
    await user.click(await within(await findActions()).findByRole('button', { name: label }));
    expect(screen.getByRole('dialog', { name: `Calendar: ${action}` })).toBeVisible();
  });
});

describe('Send scheduling link', () => {
  const accepted = () =>
    makeBookingDetail({
      status: 'accepted',
      proposals: [],
      proposed_by: null,
      expires_at: null,
      allowed_actions: ['cancel', 'propose-date', 'scheduling-link'],
    });

  it('needs a link, and a web one, then sends it', async () => {
    const user = userEvent.setup();
    const calls = mockBookingApi({ booking: accepted() });
    const { baseElement } = renderBookingPage();
    await user.click(
      await within(await findActions()).findByRole('button', { name: 'Send scheduling link' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send a scheduling link' });
    const field = within(dialog).getByRole('textbox', { name: /Scheduling link/ });
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByText('Scheduling link is required')).toBeVisible();
    await user.type(field, 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    expect(await within(dialog).findByText('This is not a valid URL')).toBeVisible();
    expect(await axe(baseElement)).toHaveNoViolations();
    expect(calls.acts).toEqual([]);

    await user.clear(field);
    await user.type(field, 'https://cal.example.com/grace');
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() =>
      expect(calls.acts).toEqual([
        { action: 'scheduling-link', body: { url: 'https://cal.example.com/grace' } },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts()).toEqual([['success', 'The scheduling link was sent.']]);
  });

  it("says 'Error. Something went wrong.' when it fails, keeping the link", async () => {
    const user = userEvent.setup();
    mockBookingApi({
      booking: accepted(),
      act: () => ({ status: 500, body: { message: 'Server Error' } }),
    });
    renderBookingPage();
    await user.click(
      await within(await findActions()).findByRole('button', { name: 'Send scheduling link' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Send a scheduling link' });
    await user.type(
      within(dialog).getByRole('textbox', { name: /Scheduling link/ }),
      'https://cal.example.com/grace',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send link' }));
    await waitFor(() => expect(toasts()).toEqual([['error', 'Error. Something went wrong.']]));
    expect(within(dialog).getByRole('textbox', { name: /Scheduling link/ })).toHaveValue(
      'https://cal.example.com/grace',
    );
  });
});
