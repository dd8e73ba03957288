import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import {
  makePaymentMethod,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import type { BookingPrice } from '@guestspot/shared-api/booking-money';
import { routes } from '../../../routes';
import { BOOKING_FLOW_STORAGE_KEY, useBookingFlowStore } from '../hooks/use-booking-flow-store';
import { GUEST_ID, mockGuestApi, resetStores, seedDraft } from './test-support';

// Entering the booking flow by its address alone, as the marketplace's Book and Pitch do and as a
// shared link or a reload does (decision 102, "The draft and the intent"): mfe-booking's own
// routes, no draft kept anywhere, every read answered by MSW. What the booking costs is only ever
// the server's quote.

setupMswServer();

const SHOW_ID = 1;
const PITCH_OPTION_ID = 9;
const myGuestProfile = { id: 4, name: 'Priya Patel', slug: 'priya-patel', imageUrl: null };
const myShow = { id: 3, name: 'Morning Momentum', slug: 'morning-momentum', imageUrl: null };

/** The quote as the server prices a show's $15 pitch for a guest: plus the 20% service fee. */
const pitchQuote: BookingPrice = {
  lines: [
    { kind: 'option', label: 'Pitch', amount: 1_500 },
    { kind: 'service-fee', label: 'Service fee', amount: 300 },
  ],
  subtotal: 1_500,
  codeDiscount: 0,
  total: 1_800,
  creditApplied: 0,
  cardAmount: 1_800,
  minimumChargeTopUp: 0,
  requiresCard: true,
};

/** What the booker's side reads on the payment step: no credit, one saved card. */
function mockBookerApi() {
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/balance', () =>
      HttpResponse.json({ data: { total_balance: 0, available_balance: 0 } }),
    ),
    http.get('*/api/v1/booking-type', () => HttpResponse.json({ data: [] })),
    http.get('*/api/v1/referrer-coupons', () => HttpResponse.json({ data: [] })),
    http.get('*/api/v1/user/payment/methods', () =>
      HttpResponse.json({ data: [makePaymentMethod({ id: 'pm_saved', default: true })] }),
    ),
    http.get('*/api/v1/billing/config', () =>
      HttpResponse.json({ stripe_publishable_key: null, provider: 'local' }),
    ),
    http.get('*/api/v1/booking-options', () =>
      HttpResponse.json({
        data: [
          { id: 1, name: 'Virtual Interview', slug: 'virtual-interview' },
          { id: PITCH_OPTION_ID, name: 'Pitch', slug: 'pitch' },
        ].map((option) => ({ ...option, description: null, icon_url: null })),
      }),
    ),
  );
}

/** Show 1: pitch and payment on, nothing else asked; its option prices, as ever, lack the pitch. */
function mockShowApi() {
  server.use(
    http.get(`*/api/v1/shows/${SHOW_ID}/booking-flow-preferences`, () =>
      HttpResponse.json({
        data: { pitch: true, questions: false, upsells: false, payment: true },
      }),
    ),
    http.get(`*/api/v1/shows/${SHOW_ID}/option-prices`, () =>
      HttpResponse.json({
        data: {
          booking_options: [
            { id: 1, name: 'Virtual Interview', slug: 'virtual-interview', editable: false },
          ],
          option_prices: [
            {
              booking_option_id: 1,
              slug: 'virtual-interview',
              interview_duration: 30,
              price: 9_000,
            },
          ],
        },
      }),
    ),
    http.get(`*/api/v1/shows/${SHOW_ID}`, () =>
      HttpResponse.json({
        data: { id: SHOW_ID, name: 'Morning Momentum', booking_options: [] },
      }),
    ),
    http.get(`*/api/v1/shows/${SHOW_ID}/upsell-packages`, () => HttpResponse.json({ data: [] })),
  );
}

/** POST …/booking-quote answers `quote`; POST …/book books; what each was sent. */
function recordCalls(side: 'guests' | 'shows', id: number, quote: BookingPrice) {
  const sent = { quotes: [] as Record<string, unknown>[], bookings: [] as string[] };
  server.use(
    http.post(`*/api/v1/${side}/${id}/booking-quote`, async ({ request }) => {
      sent.quotes.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ data: quote });
    }),
    http.post(`*/api/v1/${side}/${id}/book`, async ({ request }) => {
      sent.bookings.push(await request.text());
      return HttpResponse.json({ data: { id: 77, status: 'pending' } }, { status: 201 });
    }),
  );
  return sent;
}

/** mfe-booking's routes, opened at `path` as a link or a reload opens them. */
function openByLink(path: string) {
  return renderWithProviders(<p>elsewhere</p>, { route: path, path: '/elsewhere', routes });
}

/** The order summary as label → amount. */
function summary() {
  const region = within(screen.getByRole('region', { name: 'Order summary' }));
  const amounts = region.getAllByRole('definition');
  return Object.fromEntries(
    region
      .getAllByRole('term')
      .map((term, index) => [term.textContent, amounts[index]?.textContent]),
  );
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 1, name });
const kept = () => JSON.parse(sessionStorage.getItem(BOOKING_FLOW_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  resetStores();
});

describe('a link into the booking flow, with no draft kept', () => {
  it("pays a show's paid pitch at the server quote's price and sends no price of its own", async () => {
    setSession(makeUser({ timezone: 'UTC', account_type: 'pro', guest: myGuestProfile }));
    mockBookerApi();
    mockShowApi();
    const sent = recordCalls('shows', SHOW_ID, pitchQuote);

    const { router } = openByLink(`/shows/${SHOW_ID}/book/pitch`);
    expect(await stepHeading('Your pitch')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Pitch'), 'A story your listeners can use.');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await stepHeading('Payment')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/shows/${SHOW_ID}/book/payment`);
    const pay = await screen.findByRole('button', { name: 'Pay $18' });
    await waitFor(() => expect(pay).toBeEnabled());
    expect(summary()).toEqual({ Pitch: '$15', 'Service fee': '$3', 'Card pays': '$18' });
    // The server priced the pitch: its option, no duration, my guest profile as the booker.
    expect(sent.quotes.at(-1)).toEqual({
      guest_profile_id: myGuestProfile.id,
      booking_option_id: PITCH_OPTION_ID,
      interview_duration: null,
      upsells: [],
      code: null,
      store_credit_amount: 0,
    });

    await userEvent.click(pay);
    expect(
      await screen.findByRole('heading', { name: 'Your booking request was sent' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?booking=77');
    expect(sent.bookings).toHaveLength(1);
    const body = JSON.parse(sent.bookings[0]!) as Record<string, unknown>;
    expect(body).toMatchObject({
      guest_profile_id: myGuestProfile.id,
      is_pitch: true,
      interview_duration: null,
      pitch: { text: 'A story your listeners can use.' },
      payment_method: 'pm_saved',
      card_amount: 1_800,
      store_credit_amount: 0,
    });
    expect(body.booking_options).toEqual([{ booking_option_id: PITCH_OPTION_ID, price_id: null }]);
    expect(sent.bookings[0]).not.toContain('"amount"');
    // Sent: the pitch written is not kept for the next one.
    expect(useBookingFlowStore.getState().values?.pitchText ?? '').toBe('');
  });

  describe('a booking of a guest', () => {
    beforeEach(() => {
      // Only Date is faked: "now" is 10 March 2026, noon UTC, and the guest is free on the 11th.
      jest.useFakeTimers({
        now: new Date('2026-03-10T12:00:00Z'),
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
      server.use(
        http.get(`*/api/v1/guests/${GUEST_ID}/availability/slots`, () => {
          const utc = '2026-03-11 10:00:00';
          return HttpResponse.json({
            data: {
              '2026-03-11': [{ utc, datetime: utc, date: '2026-03-11', status: 'available' }],
            },
          });
        }),
      );
    });
    afterEach(() => jest.useRealTimers());

    it("starts from the option in the address, goes through the booking's pitch step, and sends the option, never its price", async () => {
      setSession(makeUser({ timezone: 'UTC', shows: [myShow] }));
      mockBookerApi();
      mockGuestApi();
      const sent = recordCalls('guests', GUEST_ID, {
        ...pitchQuote,
        lines: [{ kind: 'option', label: 'Virtual Interview, 30 minutes', amount: 10_000 }],
        subtotal: 10_000,
        total: 10_000,
        cardAmount: 10_000,
      });

      openByLink(`/guests/${GUEST_ID}/book/options/1`);
      expect(await stepHeading('Booking option')).toBeInTheDocument();
      expect(
        await screen.findByRole('radio', { name: /Virtual Interview, 30 minutes/ }),
      ).toBeChecked();
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));

      expect(await stepHeading('Proposed dates')).toBeInTheDocument();
      await userEvent.click(await screen.findByRole('button', { name: 'Wednesday, March 11' }));
      await userEvent.click(screen.getByRole('button', { name: '10:00 AM' }));
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));

      // /pitch again, but reached from the flow: the booking's own (optional) pitch step.
      expect(await stepHeading('Your pitch')).toBeInTheDocument();
      expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));

      expect(await stepHeading('Payment')).toBeInTheDocument();
      const pay = await screen.findByRole('button', { name: 'Pay $100' });
      await waitFor(() => expect(pay).toBeEnabled());
      expect(sent.quotes.at(-1)).toMatchObject({
        show_profile_id: myShow.id,
        booking_option_id: 1,
        interview_duration: 30,
      });
      await userEvent.click(pay);
      expect(
        await screen.findByRole('heading', { name: 'Your booking request was sent' }),
      ).toBeInTheDocument();
      const body = JSON.parse(sent.bookings[0]!) as Record<string, unknown>;
      expect(body).toMatchObject({
        show_profile_id: myShow.id,
        is_pitch: false,
        interview_duration: 30,
        proposed_dates: ['2026-03-11 10:00:00'],
        card_amount: 10_000,
      });
      expect(body.booking_options).toEqual([{ booking_option_id: 1, price_id: 11 }]);
      expect(sent.bookings[0]).not.toContain('"amount"');
    });
  });
});

describe('a link or a reload with a draft kept for the profile', () => {
  it('a reload of a pitch after its pitch step goes on with the pitch', async () => {
    setSession(makeUser({ timezone: 'UTC', shows: [myShow] }));
    mockBookerApi();
    mockGuestApi();
    const sent = recordCalls('guests', GUEST_ID, pitchQuote);
    seedDraft({ bookerId: myShow.id, pitchText: 'Hello' }, true);

    openByLink(`/guests/${GUEST_ID}/book/payment`);
    expect(await stepHeading('Payment')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pay $18' })).toBeInTheDocument();
    expect(sent.quotes.at(-1)).toMatchObject({
      booking_option_id: 2,
      interview_duration: null,
    });
    expect(kept()).toMatchObject({ state: { values: { flowKey: `guest:${GUEST_ID}:pitch` } } });
  });

  it('Pitch, a link to /pitch, starts a pitch over a booking kept for the profile', async () => {
    setSession(makeUser({ timezone: 'UTC', shows: [myShow] }));
    mockBookerApi();
    mockGuestApi();
    seedDraft({ optionId: 1, duration: 30, dates: ['2030-03-10 15:00:00'] });

    openByLink(`/guests/${GUEST_ID}/book/pitch`);
    expect(await stepHeading('Your pitch')).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Pitch is required');
    expect(kept()).toMatchObject({
      state: { values: { flowKey: `guest:${GUEST_ID}:pitch`, optionId: null, dates: [] } },
    });
  });

  it('Book, a link to the base route, starts a booking over a pitch kept for the profile', async () => {
    const otherShow = { ...myShow, id: 6, name: 'Night Shift', slug: 'night-shift' };
    setSession(makeUser({ timezone: 'UTC', shows: [myShow, otherShow] }));
    mockBookerApi();
    mockGuestApi();
    seedDraft({ pitchText: 'Hello' }, true);

    const { router } = openByLink(`/guests/${GUEST_ID}/book`);
    expect(await stepHeading('Who is booking')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Night Shift' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await stepHeading('Booking option')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/guests/${GUEST_ID}/book/options`);
    expect(kept()).toMatchObject({
      state: { values: { flowKey: `guest:${GUEST_ID}:book`, bookerId: 6, pitchText: '' } },
    });
  });
});
