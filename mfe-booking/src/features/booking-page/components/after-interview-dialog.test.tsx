import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { BookingDetail } from '@guestspot/shared-api';
import { makeUser, server, setSession, setupMswServer } from '@guestspot/shared-api/testing';
import { useToastStore } from '@guestspot/shared-ui';
import { BOOKING_ID, makeScheduledBooking } from './page-fixtures';
import { loadBookingPage, mockBookingApi, renderBookingPage } from './test-support';

// The booking page's answers after the interview and Report No-Show (decision 116).

setupMswServer();
beforeAll(() => loadBookingPage());
beforeEach(() => setSession(makeUser({ timezone: 'US/Central' })));
afterEach(() => useToastStore.setState({ toasts: [] }));

const toasts = () => useToastStore.getState().toasts.map(({ tone, message }) => [tone, message]);
const findActions = () => screen.findByRole('region', { name: 'Actions' });

/** The completion calls, answered `reply`. */
function serveAnswers(reply: () => Response) {
  const sent: { method: string; path: string; body: unknown }[] = [];
  const handler = async ({ request }: { request: Request }) => {
    sent.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: await request.json(),
    });
    return reply();
  };
  server.use(
    http.patch('*/api/v1/bookings/:id/completed-action/:action', handler),
    http.post('*/api/v1/bookings/:id/no-show', handler),
  );
  return sent;
}

describe('after the interview', () => {
  it('It Happened asks first, then completes the booking with the server’s thanks', async () => {
    const user = userEvent.setup();
    mockBookingApi({
      booking: makeScheduledBooking({
        allowed_actions: [
          'completed-action/confirm',
          'completed-action/reschedule',
          'completed-action/cancel',
        ],
      }),
    });
    const sent = serveAnswers(() => HttpResponse.json({ message: 'Thanks for your feedback.' }));
    renderBookingPage();
    const actions = within(await findActions());
    expect(actions.getByRole('button', { name: 'Reschedule' })).toBeVisible();
    expect(actions.getByRole('button', { name: 'Cancel Booking' })).toBeVisible();
    await user.click(actions.getByRole('button', { name: 'It Happened' }));
    const dialog = await screen.findByRole('dialog', { name: 'Did the interview take place?' });
    await user.click(within(dialog).getByRole('button', { name: 'It Happened' }));
    await waitFor(() => expect(toasts()).toEqual([['success', 'Thanks for your feedback.']]));
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: `/api/v1/bookings/${BOOKING_ID}/completed-action/confirm`,
        body: {},
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe('Cancel Booking says who bears the 20% service fee (decision 116)', () => {
    const askCancel = async (booking: BookingDetail) => {
      const user = userEvent.setup();
      mockBookingApi({ booking });
      const sent = serveAnswers(() =>
        HttpResponse.json({ message: 'Booking marked for cancellation.' }),
      );
      renderBookingPage();
      await user.click(within(await findActions()).getByRole('button', { name: 'Cancel Booking' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel the booking?' });
      return { user, dialog, sent };
    };

    it('the show booked the guest: it is refunded less the fee', async () => {
      const { user, dialog, sent } = await askCancel(
        makeScheduledBooking({
          initiator: 'show',
          viewer_side: 'show',
          counterpart: { type: 'guest', id: 3, name: 'Grace Hopper', imageUrl: null },
          payout: null,
          allowed_actions: ['completed-action/confirm', 'completed-action/cancel'],
        }),
      );
      expect(
        within(dialog).getByText(
          'The interview did not take place and will not: the booking is canceled and you are refunded what you paid, less the 20% service fee, which is not refundable.',
        ),
      ).toBeVisible();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
      await waitFor(() =>
        expect(toasts()).toEqual([['success', 'Booking marked for cancellation.']]),
      );
      expect(sent).toEqual([
        {
          method: 'PATCH',
          path: `/api/v1/bookings/${BOOKING_ID}/completed-action/cancel`,
          body: {},
        },
      ]);
    });

    it('the guest booked the show: the guest is refunded in full', async () => {
      const { dialog } = await askCancel(
        makeScheduledBooking({
          initiator: 'guest',
          viewer_side: 'show',
          counterpart: { type: 'guest', id: 3, name: 'Grace Hopper', imageUrl: null },
          allowed_actions: ['completed-action/confirm', 'completed-action/cancel'],
        }),
      );
      expect(
        within(dialog).getByText(
          'The interview did not take place and will not: the booking is canceled and Grace Hopper is refunded in full.',
        ),
      ).toBeVisible();
    });
  });

  it('Report No-Show sends the details; a refusal stays in the dialog', async () => {
    const user = userEvent.setup();
    mockBookingApi({
      booking: makeScheduledBooking({ status: 'completed', allowed_actions: ['no-show'] }),
    });
    let refuse = true;
    const sent = serveAnswers(() =>
      refuse
        ? HttpResponse.json(
            { message: 'A no-show was already reported for this booking.' },
            { status: 409 },
          )
        : HttpResponse.json({ message: 'The no-show report was sent!' }),
    );
    renderBookingPage();
    await user.click(within(await findActions()).getByRole('button', { name: 'Report No-Show' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a no-show?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Details/ }), 'Nobody came.');
    await user.click(within(dialog).getByRole('button', { name: 'Report No-Show' }));
    expect(
      await within(dialog).findByText('A no-show was already reported for this booking.'),
    ).toBeVisible();
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Report No-Show' }));
    await waitFor(() => expect(toasts()).toEqual([['success', 'The no-show report was sent!']]));
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: `/api/v1/bookings/${BOOKING_ID}/no-show`,
      body: { details: 'Nobody came.' },
    });
  });
});
