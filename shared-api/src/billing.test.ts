import { http, HttpResponse } from 'msw';
import {
  confirmLocalSetupIntent,
  createSetupIntent,
  createSubscription,
  getCoupon,
  replacePaymentMethod,
  setupIntentId,
} from './billing';
import { ApiError } from './errors';
import { clearCookies, server, setupMswServer } from './testing/msw';

setupMswServer();
afterEach(clearCookies);

const csrf = http.get('*/api/v1/sanctum/csrf-cookie', () => {
  document.cookie = 'XSRF-TOKEN=abc; path=/';
  return new HttpResponse(null, { status: 204 });
});

describe('billing calls', () => {
  it('asks for an off-session setup intent, optionally for a method', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/v1/user/payment/intent', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ intent: { id: 'seti_1', client_secret: 'seti_1_secret_x' } });
      }),
    );
    await expect(createSetupIntent()).resolves.toEqual({
      id: 'seti_1',
      client_secret: 'seti_1_secret_x',
    });
    await createSetupIntent({ paymentMethod: 'pm_1' });
    expect(seen).toEqual(['?usage=off_session', '?usage=off_session&payment_method=pm_1']);
  });

  it('confirms a local setup intent at the id its client secret names', async () => {
    expect(setupIntentId('seti_local_abc_secret_def')).toBe('seti_local_abc');
    let body: unknown;
    server.use(
      csrf,
      http.post(
        '*/api/v1/billing/local/setup-intents/seti_local_abc/confirm',
        async ({ request }) => {
          body = await request.json();
          return HttpResponse.json({
            setup_intent: {
              id: 'seti_local_abc',
              status: 'succeeded',
              payment_method: 'pm_local_1',
            },
          });
        },
      ),
    );
    const card = {
      number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
      postal_code: '78701',
    };
    const result = await confirmLocalSetupIntent('seti_local_abc_secret_def', card);
    expect(result.payment_method).toBe('pm_local_1');
    expect(body).toEqual({ client_secret: 'seti_local_abc_secret_def', card });
  });

  it('surfaces a declined card and an unknown coupon as ApiErrors with the server message', async () => {
    server.use(
      csrf,
      http.post('*/api/v1/billing/local/setup-intents/:id/confirm', () =>
        HttpResponse.json({ message: 'Your card was declined.' }, { status: 402 }),
      ),
      http.get('*/api/v1/coupons/:code', ({ params }) =>
        HttpResponse.json(
          { message: `Coupon not found.` },
          { status: params.code === 'NOPE' ? 404 : 500 },
        ),
      ),
    );
    const declined = confirmLocalSetupIntent('seti_x_secret_y', {
      number: '4000000000000002',
      exp_month: 1,
      exp_year: 2030,
      cvc: '123',
      postal_code: '1',
    });
    await expect(declined).rejects.toEqual(
      expect.objectContaining({ status: 402, message: 'Your card was declined.' }),
    );
    const coupon = getCoupon('NOPE');
    await expect(coupon).rejects.toBeInstanceOf(ApiError);
    await expect(getCoupon('NOPE')).rejects.toEqual(
      expect.objectContaining({ status: 404, message: 'Coupon not found.' }),
    );
  });

  it('subscribes with the plan, the method, the price and the coupon', async () => {
    let body: unknown;
    server.use(
      csrf,
      http.post('*/api/v1/users/me/subscription', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ data: { id: 1 } });
      }),
    );
    await createSubscription({
      plan: 'monthly',
      payment_method: 'pm_1',
      price: 9700,
      coupon: 'WELCOME20',
    });
    expect(body).toEqual({
      plan: 'monthly',
      payment_method: 'pm_1',
      price: 9700,
      coupon: 'WELCOME20',
    });
  });
  it('replaces a saved card with PUT /user/payment/methods/{id}', async () => {
    let body: unknown;
    server.use(
      csrf,
      http.put('*/api/v1/user/payment/methods/pm_old', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          data: { id: 'pm_new', default: true },
          message: 'Your payment method was saved',
        });
      }),
    );
    const result = await replacePaymentMethod('pm_old', 'pm_new');
    expect(body).toEqual({ payment_method: 'pm_new' });
    expect(result.message).toBe('Your payment method was saved');
  });
});
