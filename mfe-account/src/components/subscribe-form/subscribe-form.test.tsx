import {
  makePaymentMethod,
  makeSubscription,
  makeUser,
  PLANS_FIXTURE,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import { CARD_SETUP_ERROR, SubscribeForm, TRIAL_NOTE } from './subscribe-form';
import { COUPON_NOT_FOUND, COUPON_NOT_VALID } from '../../hooks/use-coupon-lookup';
import { PRO_FEATURES, ProFeatureList } from './pro-feature-list';

setupMswServer();

const standard = makeUser({ account_type: 'standard' });
const pro = makeUser({ account_type: 'pro' });

interface Calls {
  intents: number;
  coupons: string[];
  saved: unknown[];
  subscriptions: unknown[];
}

function serve({ methods = [] as ReturnType<typeof makePaymentMethod>[] } = {}): Calls {
  methods = [...methods];
  const calls: Calls = { intents: 0, coupons: [], saved: [], subscriptions: [] };
  let subscribed = false;
  server.use(
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/v1/billing/config', () =>
      HttpResponse.json({ stripe_publishable_key: null, provider: 'local' }),
    ),
    http.get('*/api/v1/user/payment/methods', () => HttpResponse.json({ data: methods })),
    http.get('*/api/v1/plans', () => HttpResponse.json({ data: PLANS_FIXTURE })),
    http.get('*/api/v1/coupons/:code', ({ params }) => {
      const code = String(params.code);
      calls.coupons.push(code);
      if (code === 'WELCOME20') {
        return HttpResponse.json({
          data: { code, description: 'Welcome offer: 20% off Guestspot Pro', is_valid: true },
        });
      }
      if (code === 'EXPIRED10') {
        return HttpResponse.json({ data: { code, description: 'Old', is_valid: false } });
      }
      return HttpResponse.json({ message: 'Coupon not found.' }, { status: 404 });
    }),
    http.get('*/api/v1/user/payment/intent', () => {
      calls.intents += 1;
      const id = `seti_local_${calls.intents}`;
      return HttpResponse.json({ intent: { id, client_secret: `${id}_secret_x` } });
    }),
    http.post('*/api/v1/billing/local/setup-intents/:id/confirm', async ({ request }) => {
      const body = (await request.json()) as { card: { number: string } };
      if (body.card.number === '4000000000000002') {
        return HttpResponse.json({ message: 'Your card was declined.' }, { status: 402 });
      }
      return HttpResponse.json({
        setup_intent: { id: 'seti', status: 'succeeded', payment_method: 'pm_local_new' },
      });
    }),
    http.post('*/api/v1/user/payment/methods', async ({ request }) => {
      calls.saved.push(await request.json());
      methods.push(makePaymentMethod({ id: 'pm_local_new', last4: '4242' }));
      return HttpResponse.json({
        data: makePaymentMethod({ id: 'pm_local_new' }),
        message: 'Your payment method was saved',
      });
    }),
    http.post('*/api/v1/users/me/subscription', async ({ request }) => {
      calls.subscriptions.push(await request.json());
      subscribed = true;
      return HttpResponse.json({ data: makeSubscription() });
    }),
    http.get('*/api/v1/users/me', () => HttpResponse.json({ data: subscribed ? pro : standard })),
  );
  return calls;
}

async function typeCard(user: ReturnType<typeof userEvent.setup>, number = '4242424242424242') {
  await user.type(screen.getByLabelText(/Card number/), number);
  await user.type(screen.getByLabelText(/Expiry/), '1240');
  await user.type(screen.getByLabelText(/CVC/), '123');
  await user.type(screen.getByLabelText(/ZIP\/Postal code/), '78701');
}

const unlock = () => screen.getByRole('button', { name: 'Unlock Pro Now' });

beforeEach(() => setSession(standard));

describe('SubscribeForm', () => {
  it('offers both plans, the trial note, and keeps Unlock Pro Now disabled until the card is complete', async () => {
    serve();
    const user = userEvent.setup();
    const { container } = renderWithProviders(<SubscribeForm onSubscribed={jest.fn()} />);
    expect(await screen.findByRole('radio', { name: /Monthly \$97 per month/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Yearly \$997 per year/ })).not.toBeChecked();
    expect(screen.getByText(TRIAL_NOTE)).toBeInTheDocument();
    expect(unlock()).toBeDisabled();
    await user.type(screen.getByLabelText(/Card number/), '4242424242424242');
    await user.type(screen.getByLabelText(/Expiry/), '1240');
    await user.type(screen.getByLabelText(/CVC/), '123');
    expect(unlock()).toBeDisabled();
    await user.type(screen.getByLabelText(/ZIP\/Postal code/), '78701');
    expect(unlock()).toBeEnabled();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is enabled with a saved card chosen, and asks for a card again for a new one', async () => {
    serve({ methods: [makePaymentMethod({ id: 'pm_saved', brand: 'visa', last4: '4242' })] });
    const user = userEvent.setup();
    renderWithProviders(<SubscribeForm onSubscribed={jest.fn()} />);
    expect(
      await screen.findByRole('radio', { name: 'Visa ending in 4242 (expires 12/2030)' }),
    ).toBeChecked();
    expect(screen.queryByLabelText(/Card number/)).not.toBeInTheDocument();
    expect(unlock()).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: 'Use a new card' }));
    expect(screen.getByLabelText(/Card number/)).toBeInTheDocument();
    expect(unlock()).toBeDisabled();
  });

  describe('coupon lookup', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('looks the code up 500 ms after typing stops and says what it found', async () => {
      const calls = serve({ methods: [makePaymentMethod({ id: 'pm_saved' })] });
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderWithProviders(<SubscribeForm onSubscribed={jest.fn()} />);
      const coupon = await screen.findByRole('textbox', { name: 'Coupon code' });

      await user.type(coupon, 'NOPE');
      expect(unlock()).toBeDisabled();
      act(() => jest.advanceTimersByTime(499));
      expect(calls.coupons).toEqual([]);
      act(() => jest.advanceTimersByTime(1));
      expect(await screen.findByText(COUPON_NOT_FOUND)).toBeInTheDocument();
      expect(calls.coupons).toEqual(['NOPE']);
      expect(unlock()).toBeDisabled();

      await user.clear(coupon);
      await user.type(coupon, 'EXPIRED10');
      act(() => jest.advanceTimersByTime(500));
      expect(await screen.findByText(COUPON_NOT_VALID)).toBeInTheDocument();
      expect(unlock()).toBeDisabled();

      await user.clear(coupon);
      expect(unlock()).toBeEnabled();
      await user.type(coupon, 'WELCOME20');
      act(() => jest.advanceTimersByTime(500));
      expect(await screen.findByText('Welcome offer: 20% off Guestspot Pro')).toBeInTheDocument();
      expect(unlock()).toBeEnabled();
      // Only whole codes were looked up, never each keystroke.
      expect(calls.coupons).toEqual(['NOPE', 'EXPIRED10', 'WELCOME20']);
    });
  });

  it('subscribes with a new card: intent, confirmation, saved method, subscription, refetched user', async () => {
    const calls = serve();
    const onSubscribed = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<SubscribeForm onSubscribed={onSubscribed} />);
    await user.click(await screen.findByRole('radio', { name: /Yearly/ }));
    await typeCard(user);
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'WELCOME20');
    await screen.findByText('Welcome offer: 20% off Guestspot Pro', {}, { timeout: 2000 });
    await user.click(unlock());

    await waitFor(() => expect(onSubscribed).toHaveBeenCalledWith(pro));
    expect(calls.intents).toBe(1);
    expect(calls.saved).toEqual([{ payment_method: 'pm_local_new', save: true }]);
    expect(calls.subscriptions).toEqual([
      { plan: 'yearly', payment_method: 'pm_local_new', price: 99700, coupon: 'WELCOME20' },
    ]);
  });

  it("shows the card setup error with the provider's message and does not subscribe", async () => {
    const calls = serve();
    const onSubscribed = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<SubscribeForm onSubscribed={onSubscribed} />);
    await screen.findByLabelText(/Card number/);
    await typeCard(user, '4000000000000002');
    await user.click(unlock());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(CARD_SETUP_ERROR);
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(calls.subscriptions).toEqual([]);
    expect(onSubscribed).not.toHaveBeenCalled();
    expect(unlock()).toBeEnabled();
  });

  it("shows the server's message when the subscription fails, and retries with the saved card", async () => {
    const calls = serve();
    server.use(
      http.post('*/api/v1/users/me/subscription', async ({ request }) => {
        calls.subscriptions.push(await request.json());
        return HttpResponse.json(
          { message: 'You already have a Pro subscription.' },
          { status: 422 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SubscribeForm onSubscribed={jest.fn()} />);
    await screen.findByLabelText(/Card number/);
    await typeCard(user);
    await user.click(unlock());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have a Pro subscription.',
    );
    await user.click(unlock());
    await waitFor(() => expect(calls.subscriptions).toHaveLength(2));
    expect(calls.intents).toBe(1);
    expect(calls.subscriptions[1]).toEqual(
      expect.objectContaining({ payment_method: 'pm_local_new' }),
    );
    // The card saved by the first attempt is now the chosen saved card.
    expect(screen.getByRole('radio', { name: /Visa ending in 4242/ })).toBeChecked();
  });

  it('shows an error with Retry when the form cannot load', async () => {
    serve();
    server.use(http.get('*/api/v1/billing/config', () => HttpResponse.json({}, { status: 500 })));
    renderWithProviders(<SubscribeForm onSubscribed={jest.fn()} />);
    expect(await screen.findByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});

describe('ProFeatureList', () => {
  it('lists the Pro features with the price of the chosen plan', async () => {
    const { container, rerender } = renderWithProviders(<ProFeatureList />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      ...PRO_FEATURES,
    ]);
    expect(screen.getByText('$97')).toBeInTheDocument();
    rerender(<ProFeatureList plan="yearly" />);
    expect(screen.getByText('$997')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
