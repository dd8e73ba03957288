import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import {
  makePaymentMethod,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import type { BookingPrice } from '@guestspot/shared-api/booking-money';
import { closeSubscribeDialog, useSubscribeDialogStore } from '@guestspot/shared-ui';
import { SEND_REQUEST_LABEL } from './booking-step';
import { BookingSuccessPage } from './booking-success-page';
import { ChooseProfileStep } from './choose-profile-step';
import { DatesStep } from './dates-step';
import { OptionsStep } from './options-step';
import { OWNER_PAYS_ONLY } from '../../../components/payment-method-choice';
import { PaymentStep } from './payment-step';
import { PitchStep } from './pitch-step';
import { QuestionsStep } from './questions-step';
import { UpsellsStep } from './upsells-step';
import { optionPrices } from './flow-fixtures';
import { GUEST_ID, resetStores, seedDraft, mockGuestApi } from './test-support';

setupMswServer();

const show = { id: 3, name: 'Morning Momentum', slug: 'morning-momentum', imageUrl: null };
const stepPage = (name: string) => <p>{name} page</p>;
const base = `/guests/${GUEST_ID}/book`;
const pattern = '/guests/:guestId/book';
/** The other steps as placeholders: where Next and Previous lead. */
const otherSteps = [
  { path: `${pattern}/options`, element: stepPage('options') },
  { path: `${pattern}/dates`, element: stepPage('dates') },
  { path: `${pattern}/pitch`, element: stepPage('pitch') },
  { path: `${pattern}/upsells`, element: stepPage('upsells') },
  { path: `${pattern}/payment`, element: stepPage('payment') },
  { path: '/booking/success', element: stepPage('success') },
];

beforeEach(() => {
  resetStores();
  closeSubscribeDialog();
  setSession(makeUser({ timezone: 'UTC', shows: [show] }));
});

describe('step navigation', () => {
  it('skips the choose step when I have one show', async () => {
    mockGuestApi();
    seedDraft();
    renderWithProviders(<ChooseProfileStep />, { route: base, path: pattern, routes: otherSteps });
    expect(await screen.findByText('options page')).toBeInTheDocument();
  });

  it('asks which show books when I have two, and requires one', async () => {
    setSession(makeUser({ shows: [show, { ...show, id: 4, name: 'Night Shift' }] }));
    mockGuestApi();
    seedDraft();
    renderWithProviders(<ChooseProfileStep />, { route: base, path: pattern, routes: otherSteps });
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Show is required');
    await userEvent.click(screen.getByRole('radio', { name: 'Night Shift' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('options page')).toBeInTheDocument();
  });

  it('moves Next and Previous only among the steps the profile enabled', async () => {
    server.use(
      http.get(`*/api/v1/guests/${GUEST_ID}/booking-questions`, () =>
        HttpResponse.json({
          data: [
            {
              id: 21,
              type: 'booking',
              body: 'What is your audience?',
              position: 0,
              profile_type: 'guest',
              profile_id: GUEST_ID,
            },
          ],
        }),
      ),
    );
    // pitch and upsells off: questions sits between dates and payment
    mockGuestApi({ pitch: false, questions: true, upsells: false });
    seedDraft();
    const route = `${base}/questions`;
    const path = `${pattern}/questions`;
    const view = renderWithProviders(<QuestionsStep />, { route, path, routes: otherSteps });
    expect(await screen.findByText('Step 3 of 4')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('dates page')).toBeInTheDocument();
    view.unmount();

    renderWithProviders(<QuestionsStep />, { route, path, routes: otherSteps });
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Answer is required');
    await userEvent.type(screen.getByLabelText(/What is your audience\?/), 'Founders');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('payment page')).toBeInTheDocument();
  });
});

describe("the profile's prices", () => {
  it('shows the option and upsell prices, which the API answers in cents, in dollars', async () => {
    mockGuestApi({ upsells: true });
    server.use(http.get('*/api/v1/booking-options', () => HttpResponse.json({ data: [] })));
    seedDraft();
    const view = renderWithProviders(<OptionsStep />, {
      route: `${base}/options`,
      path: `${pattern}/options`,
      routes: otherSteps,
    });
    // 10_000 and 15_000 cents (flow-fixtures.ts)
    expect(
      await screen.findByRole('radio', { name: /Virtual Interview, 30 minutes\s*\$100$/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('radio', { name: /Virtual Interview, 60 minutes\s*\$150$/ }),
    ).toBeInTheDocument();
    view.unmount();

    renderWithProviders(<UpsellsStep />, {
      route: `${base}/upsells`,
      path: `${pattern}/upsells`,
      routes: otherSteps,
    });
    // 2_000 cents
    expect(
      await screen.findByRole('checkbox', { name: 'Social shout-out ($20)' }),
    ).toBeInTheDocument();
  });
});

describe('proposed dates', () => {
  beforeEach(() => {
    // Only Date is faked: the page's "now" is 10 March 2026, noon UTC.
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
    const slot = (utc: string) => ({
      utc,
      datetime: utc,
      date: utc.slice(0, 10),
      status: 'available',
    });
    server.use(
      http.get(`*/api/v1/guests/${GUEST_ID}/availability/slots`, ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('timezone')).toBe('UTC');
        if (url.searchParams.get('month') !== '2026-03') return HttpResponse.json({ data: {} });
        return HttpResponse.json({
          data: {
            '2026-03-10': [
              slot('2026-03-10 09:00:00'),
              slot('2026-03-10 15:00:00'),
              slot('2026-03-10 16:00:00'),
              slot('2026-03-10 17:00:00'),
            ],
            '2026-03-11': [slot('2026-03-11 10:00:00')],
          },
        });
      }),
    );
    mockGuestApi();
  });
  afterEach(() => jest.useRealTimers());

  const renderDates = () => {
    const route = `${base}/dates`;
    const path = `${pattern}/dates`;
    return renderWithProviders(<DatesStep />, { route, path, routes: otherSteps });
  };

  it('requires one pick, hides past times and past months, and a fourth pick drops the oldest', async () => {
    seedDraft({ optionId: 1, duration: 30 });
    const { container } = renderDates();
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select at least 1 date and time');
    expect(screen.getByRole('button', { name: 'Previous month' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Tuesday, March 10' }));
    // 9:00 has passed
    expect(screen.queryByRole('button', { name: '9:00 AM' })).not.toBeInTheDocument();
    for (const time of ['3:00 PM', '4:00 PM', '5:00 PM']) {
      await userEvent.click(screen.getByRole('button', { name: time }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Wednesday, March 11' }));
    await userEvent.click(screen.getByRole('button', { name: '10:00 AM' }));

    const picks = within(screen.getByRole('list', { name: 'Proposed times' }));
    // 3:00 PM, the oldest pick, was dropped by the fourth
    expect(picks.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Tue, Mar 10, 4:00 PMRemove Tue, Mar 10, 4:00 PM',
      'Tue, Mar 10, 5:00 PMRemove Tue, Mar 10, 5:00 PM',
      'Wed, Mar 11, 10:00 AMRemove Wed, Mar 11, 10:00 AM',
    ]);
    expect(await axe(container)).toHaveNoViolations();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('pitch page')).toBeInTheDocument();
  });
});

describe('pitch', () => {
  it('counts the characters and gives a standard account the Pro upgrade dialog to record', async () => {
    mockGuestApi();
    seedDraft({}, true);
    const route = `${base}/pitch`;
    const path = `${pattern}/pitch`;
    renderWithProviders(<PitchStep />, { route, path, routes: otherSteps });
    const text = await screen.findByLabelText('Pitch');
    expect(screen.getByText('0/300')).toBeInTheDocument();
    await userEvent.type(text, 'Hello');
    expect(screen.getByText('5/300')).toBeInTheDocument();
    expect(text).toHaveAttribute('maxLength', '300');

    await userEvent.click(screen.getByRole('button', { name: 'Record an audio or video pitch' }));
    expect(useSubscribeDialogStore.getState().open).toBe(true);
    expect(screen.queryByRole('region', { name: 'Record your pitch' })).not.toBeInTheDocument();
  });

  it('requires a pitch in a pitch flow', async () => {
    mockGuestApi();
    seedDraft({}, true);
    const route = `${base}/pitch`;
    const path = `${pattern}/pitch`;
    renderWithProviders(<PitchStep />, { route, path, routes: otherSteps });
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Pitch is required');
  });
});

describe('payment', () => {
  const route = `${base}/payment`;
  const path = `${pattern}/payment`;
  const paymentHandlers = () => {
    mockGuestApi();
    server.use(
      http.get('*/api/v1/balance', () =>
        HttpResponse.json({ data: { total_balance: 3_000, available_balance: 3_000 } }),
      ),
      http.get('*/api/v1/user/payment/methods', () =>
        HttpResponse.json({ data: [makePaymentMethod({ id: 'pm_saved', default: true })] }),
      ),
      http.get('*/api/v1/billing/config', () =>
        HttpResponse.json({ stripe_publishable_key: null, provider: 'local' }),
      ),
      http.get(`*/api/v1/guests/${GUEST_ID}/booking-codes/:code`, ({ params }) =>
        params.code === 'SAVE20'
          ? HttpResponse.json({ data: { code: 'SAVE20', isValid: true, amount_off: 2_000 } })
          : HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
      http.post(`*/api/v1/guests/${GUEST_ID}/booking-quote`, async ({ request }) => {
        const sent = (await request.json()) as Record<string, unknown>;
        quotes.push(sent);
        return HttpResponse.json({ data: quoteAnswer(sent) });
      }),
    );
  };
  /** The quote calls sent, and the server's answers to them (canned, never worked out here). */
  let quotes: Record<string, unknown>[] = [];
  beforeEach(() => {
    quotes = [];
  });
  const lines: BookingPrice['lines'] = [
    { kind: 'option', label: 'Virtual Interview, 30 minutes', amount: 10_000 },
    { kind: 'upsell', label: 'Social shout-out', amount: 2_000 },
  ];
  const quoteOf = (figures: Partial<BookingPrice>): BookingPrice => ({
    lines,
    subtotal: 12_000,
    codeDiscount: 0,
    total: 12_000,
    creditApplied: 0,
    cardAmount: 12_000,
    minimumChargeTopUp: 0,
    requiresCard: true,
    ...figures,
  });
  const quoteAnswer = (sent: Record<string, unknown>): BookingPrice => {
    const coded = sent.code === 'SAVE20' ? { codeDiscount: 2_000, total: 10_000 } : {};
    const credit = sent.store_credit_amount === 0 ? 0 : 3_000;
    const total = coded.total ?? 12_000;
    return quoteOf({ ...coded, creditApplied: credit, cardAmount: total - credit });
  };
  const answerQuote = (answer: () => Response) =>
    server.use(http.post(`*/api/v1/guests/${GUEST_ID}/booking-quote`, answer));
  const seedPaidDraft = (values: Parameters<typeof seedDraft>[0] = {}) =>
    seedDraft({
      bookerId: 3,
      optionId: 1,
      duration: 30,
      dates: ['2030-03-10 15:00:00'],
      upsellIds: [7],
      ...values,
    });
  /** The order summary as label → amount. */
  const summary = () => {
    const region = within(screen.getByRole('region', { name: 'Order summary' }));
    const amounts = region.getAllByRole('definition');
    return Object.fromEntries(
      region
        .getAllByRole('term')
        .map((term, index) => [term.textContent, amounts[index]?.textContent]),
    );
  };

  it('itemises option, upsells, code and credit; a 404 code is marked invalid', async () => {
    paymentHandlers();
    seedPaidDraft();
    renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
    expect(await screen.findByText('Virtual Interview, 30 minutes')).toBeInTheDocument();
    expect(summary()['Card pays']).toBe('$120');

    await userEvent.type(screen.getByLabelText('Booking code'), 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    expect(await screen.findByText('This booking code is not valid.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Booking code'));
    await userEvent.type(screen.getByLabelText('Booking code'), 'SAVE20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply code' }));
    await waitFor(() => expect(summary()['Booking code SAVE20']).toBe('-$20'));

    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Use my store credit ($30 available)' }),
    );
    expect(summary()['Store credit']).toBe('-$30');
    expect(summary()['Social shout-out']).toBe('$20');
    await waitFor(() => expect(summary()['Card pays']).toBe('$70'));
    expect(screen.getByRole('button', { name: 'Pay $70' })).toBeInTheDocument();
    expect(quotes.at(-1)).toEqual({
      show_profile_id: 3,
      booking_option_id: 1,
      interview_duration: 30,
      upsells: [7],
      code: 'SAVE20',
    });
  });

  it("charges the server's card amount: less credit keeps the card at 50 cents", async () => {
    paymentHandlers();
    seedPaidDraft({ useCredit: true });
    answerQuote(() =>
      HttpResponse.json({
        data: quoteOf({ total: 6_020, creditApplied: 5_970, cardAmount: 50 }),
      }),
    );
    let body: Record<string, unknown> = {};
    server.use(
      http.post(`*/api/v1/guests/${GUEST_ID}/book`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: { id: 42, status: 'pending' } }, { status: 201 });
      }),
    );
    renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
    const pay = await screen.findByRole('button', { name: 'Pay $0.50' });
    expect(summary()['Store credit']).toBe('-$59.70');
    await userEvent.click(pay);
    expect(await screen.findByText('success page')).toBeInTheDocument();
    expect(body).toMatchObject({
      store_credit_amount: 5_970,
      card_amount: 50,
      payment_method: 'pm_saved',
    });
  });

  it('asks for no card when the server says the card pays nothing', async () => {
    paymentHandlers();
    seedPaidDraft({ useCredit: true });
    answerQuote(() =>
      HttpResponse.json({
        data: quoteOf({ creditApplied: 12_000, cardAmount: 0, requiresCard: false }),
      }),
    );
    let body: Record<string, unknown> = {};
    server.use(
      http.post(`*/api/v1/guests/${GUEST_ID}/book`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: { id: 42, status: 'pending' } }, { status: 201 });
      }),
    );
    renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
    const send = await screen.findByRole('button', { name: SEND_REQUEST_LABEL });
    await waitFor(() => expect(send).toBeEnabled());
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
    expect(summary()['Card pays']).toBe('$0');
    await userEvent.click(send);
    expect(await screen.findByText('success page')).toBeInTheDocument();
    expect(body).toMatchObject({
      store_credit_amount: 12_000,
      card_amount: 0,
      payment_method: null,
    });
  });

  it('prices and sends a pitch with the pitch option of the platform list, which option prices lack', async () => {
    paymentHandlers();
    // As the API answers: a profile's option prices never list the pitch option.
    server.use(
      http.get(`*/api/v1/guests/${GUEST_ID}/option-prices`, () =>
        HttpResponse.json({
          data: {
            ...optionPrices,
            booking_options: optionPrices.booking_options.filter((o) => o.slug !== 'pitch'),
          },
        }),
      ),
      http.get('*/api/v1/booking-options', () =>
        HttpResponse.json({
          data: [
            {
              id: 1,
              name: 'Virtual Interview',
              slug: 'virtual-interview',
              description: null,
              icon_url: null,
            },
            { id: 9, name: 'Pitch', slug: 'pitch', description: null, icon_url: null },
          ],
        }),
      ),
    );
    answerQuote(() =>
      HttpResponse.json({
        data: quoteOf({
          lines: [{ kind: 'option', label: 'Pitch', amount: 0 }],
          subtotal: 0,
          total: 0,
          cardAmount: 0,
          requiresCard: false,
        }),
      }),
    );
    let body: Record<string, unknown> = {};
    server.use(
      http.post(`*/api/v1/guests/${GUEST_ID}/book`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ data: { id: 43, status: 'pending' } }, { status: 201 });
      }),
    );
    seedDraft({ bookerId: 3, pitchText: 'Hello' }, true);
    renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
    const send = await screen.findByRole('button', { name: SEND_REQUEST_LABEL });
    await waitFor(() => expect(send).toBeEnabled());
    await userEvent.click(send);
    expect(await screen.findByText('success page')).toBeInTheDocument();
    expect(body).toMatchObject({ is_pitch: true, interview_duration: null, card_amount: 0 });
    // The option chosen, never a price: the server prices it.
    expect(body.booking_options).toEqual([{ booking_option_id: 9, price_id: null }]);
  });

  it("shows the quote's code error on the booking code field", async () => {
    paymentHandlers();
    seedPaidDraft({ code: 'SAVE20', checkedCode: { code: 'SAVE20', isValid: true } });
    answerQuote(() =>
      HttpResponse.json(
        {
          message: 'This booking code is not valid.',
          errors: { code: ['This booking code is not valid.'] },
        },
        { status: 422 },
      ),
    );
    renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
    const field = await screen.findByLabelText('Booking code');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('This booking code is not valid.').length).toBeGreaterThan(0);
  });

  it('offers a retry when the quote fails, then shows its figures', async () => {
    paymentHandlers();
    seedPaidDraft();
    let calls = 0;
    answerQuote(() => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ message: 'Server error' }, { status: 500 })
        : HttpResponse.json({ data: quoteOf({}) });
    });
    renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(summary()['Card pays']).toBe('$120'));
    expect(screen.getByRole('button', { name: 'Pay $120' })).toBeEnabled();
  });

  it('sends the same Idempotency-Key when the booking is retried, and the server figures only', async () => {
    paymentHandlers();
    seedPaidDraft();
    const keys: (string | null)[] = [];
    let body: Record<string, unknown> = {};
    server.use(
      http.post(`*/api/v1/guests/${GUEST_ID}/book`, async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        body = (await request.json()) as Record<string, unknown>;
        return keys.length === 1
          ? HttpResponse.json({ message: 'Server error' }, { status: 503 })
          : HttpResponse.json({ data: { id: 42, status: 'pending' } }, { status: 201 });
      }),
    );
    renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $120' }));
    expect(await screen.findByText('Payment error')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay $120' }));
    expect(await screen.findByText('success page')).toBeInTheDocument();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(body).toMatchObject({
      show_profile_id: 3,
      proposed_dates: ['2030-03-10 15:00:00'],
      interview_duration: 30,
      upsells: [7],
      payment_method: 'pm_saved',
      source: 'web',
      is_pitch: false,
      code: null,
      store_credit_amount: 0,
      card_amount: 12_000,
    });
    // The option and its price row chosen, never their amount: the server prices them.
    expect(body.booking_options).toEqual([{ booking_option_id: 1, price_id: 11 }]);
  });

  const TAKEN_MESSAGE = 'This time has just been booked. Please pick another time.';

  it('a 409 naming a taken proposal sends me to the dates step with my other picks kept', async () => {
    paymentHandlers();
    seedPaidDraft({
      dates: ['2030-03-10 15:00:00', '2030-03-11 16:00:00', '2030-03-12 17:00:00'],
    });
    let sent: unknown;
    server.use(
      http.post(`*/api/v1/guests/${GUEST_ID}/book`, async ({ request }) => {
        sent = ((await request.json()) as Record<string, unknown>).proposed_dates;
        return HttpResponse.json(
          { message: TAKEN_MESSAGE, errors: { 'proposed_dates.1': [TAKEN_MESSAGE] } },
          { status: 409 },
        );
      }),
      // one free time, on the 28th of whichever month is shown, at 3 PM
      http.get(`*/api/v1/guests/${GUEST_ID}/availability/slots`, ({ request }) => {
        const month = new URL(request.url).searchParams.get('month') ?? '';
        const utc = `${month}-28 15:00:00`;
        return HttpResponse.json({
          data: {
            [`${month}-28`]: [{ utc, datetime: utc, date: utc.slice(0, 10), status: 'available' }],
          },
        });
      }),
    );
    renderWithProviders(<PaymentStep />, {
      route,
      path,
      routes: [{ path: `${pattern}/dates`, element: <DatesStep /> }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $120' }));
    expect(await screen.findByRole('heading', { name: 'Proposed dates' })).toBeInTheDocument();
    expect(sent).toEqual(['2030-03-10 15:00:00', '2030-03-11 16:00:00', '2030-03-12 17:00:00']);
    expect(screen.getByRole('alert')).toHaveTextContent(TAKEN_MESSAGE);
    // the second pick, the one the server named, is gone; the first and third stay
    const picks = within(screen.getByRole('list', { name: 'Proposed times' }));
    expect(picks.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Sun, Mar 10, 3:00 PMRemove Sun, Mar 10, 3:00 PM',
      'Tue, Mar 12, 5:00 PMRemove Tue, Mar 12, 5:00 PM',
    ]);
    expect(screen.getByText('Your proposed times (2 of 3)')).toBeInTheDocument();

    // Picking another time answers the message: it goes, and the pick joins the other two.
    await userEvent.click(await screen.findByRole('button', { name: /, \w+ 28$/ }));
    await userEvent.click(screen.getByRole('button', { name: '3:00 PM' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Your proposed times (3 of 3)')).toBeInTheDocument();
  });

  it('a 422 naming a proposal no longer free sends me to the dates step without that pick', async () => {
    paymentHandlers();
    seedPaidDraft({ dates: ['2030-03-10 15:00:00', '2030-03-11 16:00:00'] });
    const gone = 'This time is no longer available. Please pick another time.';
    server.use(
      http.post(`*/api/v1/guests/${GUEST_ID}/book`, () =>
        HttpResponse.json(
          { message: gone, errors: { 'proposed_dates.0': [gone] } },
          { status: 422 },
        ),
      ),
      http.get(`*/api/v1/guests/${GUEST_ID}/availability/slots`, () =>
        HttpResponse.json({ data: {} }),
      ),
    );
    renderWithProviders(<PaymentStep />, {
      route,
      path,
      routes: [{ path: `${pattern}/dates`, element: <DatesStep /> }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $120' }));
    expect(await screen.findByRole('heading', { name: 'Proposed dates' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(gone);
    const picks = within(screen.getByRole('list', { name: 'Proposed times' }));
    expect(picks.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mon, Mar 11, 4:00 PMRemove Mon, Mar 11, 4:00 PM',
    ]);
  });

  it('a 409 without field errors stays on the payment step and shows its message', async () => {
    paymentHandlers();
    seedPaidDraft({ dates: ['2030-03-10 15:00:00', '2030-03-11 16:00:00'] });
    const paused = 'This profile is paused and cannot be booked right now.';
    const sent: unknown[] = [];
    server.use(
      http.post(`*/api/v1/guests/${GUEST_ID}/book`, async ({ request }) => {
        sent.push(((await request.json()) as Record<string, unknown>).proposed_dates);
        return HttpResponse.json({ message: paused }, { status: 409 });
      }),
    );
    renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay $120' }));
    expect(await screen.findByText('Payment error')).toBeInTheDocument();
    expect(screen.getByText(paused)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.queryByText('dates page')).not.toBeInTheDocument();
    // no pick was dropped: paying again proposes the same times
    await userEvent.click(screen.getByRole('button', { name: 'Pay $120' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual(['2030-03-10 15:00:00', '2030-03-11 16:00:00']);
  });

  describe('the money changed since the quote (409)', () => {
    const CREDIT_CHANGED = 'Your store credit has changed. Please review your booking.';
    const PRICE_CHANGED = 'The price has changed. Please review your booking.';
    const dates = ['2030-03-10 15:00:00', '2030-03-11 16:00:00'];
    /** The server as it stands when the booking is sent: its credit and its price of the draft. */
    let serverNow = { credit: 3_000, total: 12_000 };
    beforeEach(() => {
      serverNow = { credit: 3_000, total: 12_000 };
    });
    const moneyHandlers = () => {
      paymentHandlers();
      server.use(
        http.get('*/api/v1/balance', () =>
          HttpResponse.json({
            data: { total_balance: serverNow.credit, available_balance: serverNow.credit },
          }),
        ),
        http.post(`*/api/v1/guests/${GUEST_ID}/booking-quote`, async ({ request }) => {
          const sent = (await request.json()) as Record<string, unknown>;
          quotes.push(sent);
          const { credit, total } = serverNow;
          const applied = sent.store_credit_amount === 0 ? 0 : Math.min(credit, total);
          return HttpResponse.json({
            data: quoteOf({
              subtotal: total,
              total,
              creditApplied: applied,
              cardAmount: total - applied,
            }),
          });
        }),
      );
    };
    /** POST …/book answers 409 with `message` once, then books; what each try sent. */
    const conflictOnce = (message: string) => {
      const tries: { body: Record<string, unknown>; key: string | null }[] = [];
      server.use(
        http.post(`*/api/v1/guests/${GUEST_ID}/book`, async ({ request }) => {
          tries.push({
            body: (await request.json()) as Record<string, unknown>,
            key: request.headers.get('Idempotency-Key'),
          });
          return tries.length === 1
            ? HttpResponse.json({ message }, { status: 409 })
            : HttpResponse.json({ data: { id: 42, status: 'pending' } }, { status: 201 });
        }),
      );
      return tries;
    };
    /** The draft's answers, the same on both tries. */
    const draftSent = {
      show_profile_id: 3,
      proposed_dates: dates,
      interview_duration: 30,
      booking_options: [{ booking_option_id: 1, price_id: 11 }],
      upsells: [7],
      payment_method: 'pm_saved',
    };

    it('credit spent meanwhile: fresh quote and balance, the message, and Pay again with the new amount', async () => {
      moneyHandlers();
      const tries = conflictOnce(CREDIT_CHANGED);
      seedPaidDraft({ dates, useCredit: true });
      renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
      const pay = await screen.findByRole('button', { name: 'Pay $90' });
      // another booking spends the credit before this one is sent
      serverNow.credit = 0;
      const asked = quotes.length;
      await userEvent.click(pay);

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Payment error');
      expect(alert).toHaveTextContent(CREDIT_CHANGED);
      expect(screen.getByRole('heading', { name: 'Payment' })).toBeInTheDocument();
      const again = await screen.findByRole('button', { name: 'Pay $120' });
      expect(quotes.length).toBeGreaterThan(asked);
      expect(summary()['Card pays']).toBe('$120');
      // the balance was read again: no credit left to offer
      expect(
        screen.queryByRole('checkbox', { name: /Use my store credit/ }),
      ).not.toBeInTheDocument();

      await userEvent.click(again);
      expect(await screen.findByText('success page')).toBeInTheDocument();
      expect(tries).toHaveLength(2);
      expect(tries[0]?.body).toMatchObject({ card_amount: 9_000, store_credit_amount: 3_000 });
      expect(tries[1]?.body).toMatchObject({
        ...draftSent,
        card_amount: 12_000,
        store_credit_amount: 0,
      });
      // a 4xx: the next try is another request, with another key
      expect(tries[1]?.key).toBeTruthy();
      expect(tries[1]?.key).not.toBe(tries[0]?.key);
    });

    it('price changed meanwhile: a fresh quote, the message, and Pay again with the new amount', async () => {
      moneyHandlers();
      const tries = conflictOnce(PRICE_CHANGED);
      seedPaidDraft({ dates });
      renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
      const pay = await screen.findByRole('button', { name: 'Pay $120' });
      // the guest raises the price before the booking is sent
      serverNow.total = 15_000;
      await userEvent.click(pay);

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Payment error');
      expect(alert).toHaveTextContent(PRICE_CHANGED);
      const again = await screen.findByRole('button', { name: 'Pay $150' });
      expect(summary()['Card pays']).toBe('$150');

      await userEvent.click(again);
      expect(await screen.findByText('success page')).toBeInTheDocument();
      expect(tries[0]?.body).toMatchObject({ card_amount: 12_000 });
      expect(tries[1]?.body).toMatchObject({
        ...draftSent,
        card_amount: 15_000,
        store_credit_amount: 0,
      });
      expect(tries[1]?.key).not.toBe(tries[0]?.key);
    });
  });

  describe('someone impersonating the owner', () => {
    const actingAs = (impersonator: NonNullable<ReturnType<typeof makeUser>['impersonator']>) =>
      setSession(makeUser({ timezone: 'UTC', shows: [show], impersonator }));
    const agency = { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' as const };
    /** POST …/book books; the bodies sent. */
    const booking = () => {
      const bodies: Record<string, unknown>[] = [];
      server.use(
        http.post(`*/api/v1/guests/${GUEST_ID}/book`, async ({ request }) => {
          bodies.push((await request.json()) as Record<string, unknown>);
          return HttpResponse.json({ data: { id: 42, status: 'pending' } }, { status: 201 });
        }),
      );
      return bodies;
    };
    const ownerOnlyNotice = () =>
      screen.queryAllByRole('status').find((status) => status.textContent === OWNER_PAYS_ONLY);

    it("an agency member is offered none of the owner's cards or credit and cannot pay", async () => {
      actingAs(agency);
      paymentHandlers();
      const bodies = booking();
      // the owner had ticked the credit earlier in the draft
      seedPaidDraft({ useCredit: true });
      renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
      const pay = await screen.findByRole('button', { name: 'Pay $120' });
      await waitFor(() => expect(ownerOnlyNotice()).toBeDefined());
      expect(pay).toBeDisabled();
      expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
      expect(screen.queryByRole('radio')).not.toBeInTheDocument();
      expect(
        screen.queryByRole('checkbox', { name: /Use my store credit/ }),
      ).not.toBeInTheDocument();
      expect(quotes.length).toBeGreaterThan(0);
      expect(quotes.every((sent) => sent.store_credit_amount === 0)).toBe(true);
      expect(summary()['Card pays']).toBe('$120');
      await userEvent.click(pay);
      expect(bodies).toHaveLength(0);
    });

    it('an agency member may still send a free booking', async () => {
      actingAs(agency);
      paymentHandlers();
      server.use(
        http.post(`*/api/v1/guests/${GUEST_ID}/booking-quote`, async ({ request }) => {
          quotes.push((await request.json()) as Record<string, unknown>);
          return HttpResponse.json({
            data: quoteOf({ subtotal: 0, total: 0, cardAmount: 0, requiresCard: false }),
          });
        }),
      );
      const bodies = booking();
      seedPaidDraft({ useCredit: true });
      renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
      const send = await screen.findByRole('button', { name: SEND_REQUEST_LABEL });
      await waitFor(() => expect(send).toBeEnabled());
      expect(ownerOnlyNotice()).toBeUndefined();
      expect(
        screen.queryByRole('checkbox', { name: /Use my store credit/ }),
      ).not.toBeInTheDocument();
      await userEvent.click(send);
      expect(await screen.findByText('success page')).toBeInTheDocument();
      expect(bodies[0]).toMatchObject({
        card_amount: 0,
        store_credit_amount: 0,
        payment_method: null,
      });
    });

    it('an admin as support sees the normal step and pays with the card and credit', async () => {
      actingAs({ id: 2, name: 'Sam Support', is_admin: true, team_role: null });
      paymentHandlers();
      const bodies = booking();
      seedPaidDraft();
      renderWithProviders(<PaymentStep />, { route, path, routes: otherSteps });
      await screen.findByRole('button', { name: 'Pay $120' });
      expect(await screen.findByRole('radio', { name: 'VISA ending in 4242' })).toBeChecked();
      expect(screen.getByRole('radio', { name: 'A new card' })).toBeInTheDocument();
      await userEvent.click(
        screen.getByRole('checkbox', { name: 'Use my store credit ($30 available)' }),
      );
      const pay = await screen.findByRole('button', { name: 'Pay $90' });
      await waitFor(() => expect(pay).toBeEnabled());
      expect(ownerOnlyNotice()).toBeUndefined();
      await userEvent.click(pay);
      expect(await screen.findByText('success page')).toBeInTheDocument();
      expect(bodies[0]).toMatchObject({
        card_amount: 9_000,
        store_credit_amount: 3_000,
        payment_method: 'pm_saved',
      });
    });
  });
});

it('the success page says what happens next and links to the new booking and to all', async () => {
  const { container } = renderWithProviders(<BookingSuccessPage />, {
    route: '/booking/success?booking=42',
    path: '/booking/success',
  });
  expect(screen.getByRole('heading', { name: 'What happens next' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View your booking' })).toHaveAttribute(
    'href',
    '/bookings/42',
  );
  expect(screen.getByRole('link', { name: 'All bookings' })).toHaveAttribute('href', '/bookings');
  expect(await axe(container)).toHaveNoViolations();
});

it('the success page without a booking id links to all the bookings only', () => {
  renderWithProviders(<BookingSuccessPage />, {
    route: '/booking/success',
    path: '/booking/success',
  });
  expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
    '/bookings',
  ]);
});
