import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  makeUser,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { PaymentStep, REFERRAL_OFFER_TITLE } from './payment-step';
import { GUEST_ID, mockGuestApi, resetStores, seedDraft } from './test-support';

// The referral programme's offers and the booking's kind on the payment step (decision 118):
// GET /referrer-coupons and GET /booking-type, which nothing called before.

setupMswServer();

const show = { id: 3, name: 'Morning Momentum', slug: 'morning-momentum', imageUrl: null };
const route = `/guests/${GUEST_ID}/book/payment`;
const path = '/guests/:guestId/book/payment';

beforeEach(() => {
  resetStores();
  setSession(makeUser({ timezone: 'UTC', shows: [show] }));
  mockGuestApi();
  server.use(
    http.get('*/api/v1/balance', () =>
      HttpResponse.json({ data: { total_balance: 0, available_balance: 0 } }),
    ),
    http.get('*/api/v1/user/payment/methods', () => HttpResponse.json({ data: [] })),
    http.get('*/api/v1/booking-options', () => HttpResponse.json({ data: [] })),
    http.get('*/api/v1/billing/config', () =>
      HttpResponse.json({ stripe_publishable_key: null, provider: 'local' }),
    ),
    http.post(`*/api/v1/guests/${GUEST_ID}/booking-quote`, () =>
      HttpResponse.json({
        data: {
          lines: [{ kind: 'option', label: 'Virtual Interview, 30 minutes', amount: 10_000 }],
          subtotal: 10_000,
          codeDiscount: 0,
          total: 10_000,
          creditApplied: 0,
          cardAmount: 10_000,
          minimumChargeTopUp: 0,
          requiresCard: true,
        },
      }),
    ),
  );
});

describe('the payment step’s offers', () => {
  it('names the kind of booking, as the server calls it', async () => {
    seedDraft();
    renderWithProviders(<PaymentStep />, { route, path });
    expect(await screen.findByText('Regular Booking')).toBeInTheDocument();
    expect(screen.getByText(/Booking type:/)).toBeInTheDocument();
  });

  it('shows a referred user’s valid referral coupons, and none of the invalid ones', async () => {
    server.use(
      http.get('*/api/v1/referrer-coupons', () =>
        HttpResponse.json({
          data: [
            { code: 'FRIEND15', description: '15% off your first year of Pro', is_valid: true },
            { code: 'OLD10', description: 'An expired offer', is_valid: false },
          ],
        }),
      ),
    );
    seedDraft();
    renderWithProviders(<PaymentStep />, { route, path });
    expect(await screen.findByText(REFERRAL_OFFER_TITLE)).toBeInTheDocument();
    expect(screen.getByText('FRIEND15')).toBeInTheDocument();
    expect(screen.getByText(/15% off your first year of Pro/)).toBeInTheDocument();
    expect(screen.queryByText('OLD10')).not.toBeInTheDocument();
  });

  it('says nothing of offers to a user without any, or when they cannot be loaded', async () => {
    server.use(
      http.get('*/api/v1/referrer-coupons', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    seedDraft();
    renderWithProviders(<PaymentStep />, { route, path });
    expect(await screen.findByText('Regular Booking')).toBeInTheDocument();
    expect(screen.queryByText(REFERRAL_OFFER_TITLE)).not.toBeInTheDocument();
    // The step stays usable: the failed offers hold nothing up.
    expect(screen.getByRole('textbox', { name: 'Booking code' })).toBeEnabled();
  });
});
