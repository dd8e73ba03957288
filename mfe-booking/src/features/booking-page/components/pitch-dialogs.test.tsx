import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import {
  makeBooking,
  makePaymentMethod,
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { useToastStore } from '@guestspot/shared-ui';
import { makeBookingDetail } from './page-fixtures';
import { PitchAnswerDialog } from './pitch-answer-dialog';
import { PitchFeeDialog } from './pitch-fee-dialog';
import { PitchPaymentDialog } from './pitch-payment-dialog';

setupMswServer();
beforeEach(() => setSession(makeUser({ timezone: 'US/Central' })));
afterEach(() => useToastStore.setState({ toasts: [] }));

const pitch = makeBookingDetail({
  is_pitch: true,
  viewer_side: 'show',
  allowed_actions: ['accept-pitch', 'reject'],
});

/** Each PATCH /bookings/{id}/{action}: its body and key; `answer` may refuse it. */
function mockPitchApi(answer?: (action: string, body: unknown) => Response | undefined) {
  const sent: { action: string; body: unknown; key: string | null }[] = [];
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.patch('*/api/v1/bookings/:id/:action', async ({ params, request }) => {
      const body: unknown = await request.json().catch(() => null);
      const action = String(params.action);
      sent.push({ action, body, key: request.headers.get('Idempotency-Key') });
      return answer?.(action, body) ?? HttpResponse.json({ data: makeBooking({ id: pitch.id }) });
    }),
  );
  return sent;
}

describe('PitchAnswerDialog', () => {
  it('keeps Continue disabled until a special price of at least $5, then sends its cents', async () => {
    const user = userEvent.setup();
    const sent = mockPitchApi();
    const onClose = jest.fn();
    renderWithProviders(<PitchAnswerDialog booking={pitch} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Answer the pitch' });
    const proceed = screen.getByRole('button', { name: 'Continue' });
    expect(proceed).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Accept at a special price' }));
    const price = screen.getByLabelText(/Special price/);
    await user.type(price, '4');
    expect(await screen.findByText('Min special price is $5.00')).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(proceed).toBeDisabled();
    await user.clear(price);
    await user.type(price, '-60');
    await user.tab();
    expect(price).toHaveValue('60.00');
    expect(proceed).toBeEnabled();
    expect(await axe(dialog)).toHaveNoViolations();
    await user.click(proceed);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual([
      { action: 'accept-pitch', body: { action: 'accept-special-price', price: 6000 }, key: null },
    ]);
  });

  it('asks a reason to reject, and shows a refusal in the dialog', async () => {
    const user = userEvent.setup();
    const sent = mockPitchApi(() =>
      HttpResponse.json({ message: 'The booking status is expired.' }, { status: 409 }),
    );
    const onClose = jest.fn();
    renderWithProviders(<PitchAnswerDialog booking={pitch} onClose={onClose} />);
    await user.click(await screen.findByRole('radio', { name: 'Reject the pitch' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Reason is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'Not a fit');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The booking status is expired.')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ action: 'reject', reason: 'Not a fit' });
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('PitchFeeDialog', () => {
  it('disables the fee asked now, and sends another with its reason', async () => {
    const user = userEvent.setup();
    const sent = mockPitchApi();
    const booking = {
      ...pitch,
      status: 'accepted' as const,
      pitch_fee_options: { fee_type: 'full' as const, original_booking_fee: 15_000 },
      extra_payment: { status: 'pending' as const, amount: 15_600 },
    };
    renderWithProviders(<PitchFeeDialog booking={booking} onClose={jest.fn()} />);
    expect(await screen.findByRole('dialog', { name: 'Change fee' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Accept at my full booking fee' }));
    expect(screen.getByText('This is the fee asked now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change fee' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Accept with no extra fee' }));
    await user.type(screen.getByRole('textbox', { name: /Reason/ }), 'A shorter episode');
    expect(screen.getByText('17/300 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change fee' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      action: 'update-pitch-fee',
      body: { action: 'accept', reason: 'A shorter episode' },
    });
  });
});

describe('PitchPaymentDialog', () => {
  const owed = {
    ...pitch,
    status: 'accepted' as const,
    viewer_side: 'guest' as const,
    extra_payment: { status: 'pending' as const, amount: 4_800 },
    allowed_actions: ['charge-extra-payment' as const],
  };

  function mockQuote() {
    server.use(
      http.get('*/api/v1/bookings/:id/extra-payment-quote', ({ request }) => {
        const credit = Number(new URL(request.url).searchParams.get('guestspot_cash') ?? 0);
        const applied = Math.min(credit, 4_800);
        return HttpResponse.json({
          data: {
            total: 4_800,
            credit_applied: applied,
            card_amount: 4_800 - applied,
            requires_card: applied < 4_800,
            available_credit: 1_000,
          },
        });
      }),
      http.get('*/api/v1/user/payment/methods', () =>
        HttpResponse.json({ data: [makePaymentMethod({ id: 'pm_saved', default: true })] }),
      ),
      http.get('*/api/v1/billing/config', () =>
        HttpResponse.json({ stripe_publishable_key: null, provider: 'local' }),
      ),
    );
  }

  it('shows a decline as a Payment error, then pays under a new key', async () => {
    const user = userEvent.setup();
    mockQuote();
    let declines = 1;
    const sent = mockPitchApi(() =>
      declines-- > 0
        ? HttpResponse.json({ message: 'Your card was declined.' }, { status: 402 })
        : undefined,
    );
    const onClose = jest.fn();
    renderWithProviders(<PitchPaymentDialog booking={owed} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm payment' });
    await user.click(await screen.findByRole('button', { name: 'Pay $48.00' }));
    expect(await screen.findByText('Payment error')).toBeInTheDocument();
    expect(screen.getByText('Your card was declined.')).toBeInTheDocument();
    expect(await axe(dialog)).toHaveNoViolations();
    await user.click(screen.getByRole('button', { name: 'Pay $48.00' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.map((call) => call.body)).toEqual([
      { guestspot_cash: 0, card_amount: 4_800, payment_method: 'pm_saved', save_card: false },
      { guestspot_cash: 0, card_amount: 4_800, payment_method: 'pm_saved', save_card: false },
    ]);
    expect(sent[0]?.key).toBeTruthy();
    expect(sent[1]?.key).not.toBe(sent[0]?.key);
  });

  it('uses the store credit the server applies and pays the rest', async () => {
    const user = userEvent.setup();
    mockQuote();
    const sent = mockPitchApi();
    renderWithProviders(<PitchPaymentDialog booking={owed} onClose={jest.fn()} />);
    await user.click(
      await screen.findByRole('checkbox', { name: 'Use my store credit ($10.00 available)' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Pay $38.00' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ guestspot_cash: 1_000, card_amount: 3_800 });
  });
});
