import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Invoice, PaymentMethod, SetupIntent, Subscription, User } from '../../contract';
import { startTestApp, signedIn, TestClient, type TestContext } from '../../test/harness';
import {
  CARD_CVC_INVALID,
  CARD_DECLINED,
  CARD_EXPIRED,
  CARD_EXPIRY_INVALID,
  CARD_NUMBER_INCORRECT,
  CARD_POSTAL_REQUIRED,
} from '../payments/cards';
import { INTENT_NOT_FOUND } from '../payments/local-provider';
import { OWNER_ONLY } from './routes';
import { pdfTextOf } from '../../test/pdf-text';
import {
  ALREADY_CANCELLED,
  ALREADY_PRO,
  COUPON_NOT_FOUND,
  COUPON_NOT_VALID,
  METHOD_INVALID,
  METHOD_SAVED,
  NO_SUBSCRIPTION,
  ONLY_METHOD_OF_PRO,
  PRICE_MISMATCH,
  syncAllBilling,
} from './service';

const DAY = 24 * 60 * 60 * 1000;
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

function card(number: string, overrides: Record<string, unknown> = {}) {
  return {
    number,
    exp_month: 12,
    exp_year: NEXT_YEAR,
    cvc: '123',
    postal_code: '78701',
    ...overrides,
  };
}

async function intentFor(client: TestClient): Promise<SetupIntent> {
  const response = await client.get('/api/v1/user/payment/intent?usage=off_session');
  assert.equal(response.statusCode, 200, response.body);
  return response.json().intent;
}

function confirm(client: TestClient, intent: SetupIntent, cardInput: unknown) {
  return client.post(`/api/v1/billing/local/setup-intents/${intent.id}/confirm`, {
    client_secret: intent.client_secret,
    card: cardInput,
  });
}

/** A confirmed (not yet saved) card of this client's account. */
async function confirmedCard(client: TestClient, number = '4242 4242 4242 4242'): Promise<string> {
  const response = await confirm(client, await intentFor(client), card(number));
  assert.equal(response.statusCode, 200, response.body);
  return response.json().setup_intent.payment_method;
}

async function savedCard(client: TestClient, number?: string): Promise<PaymentMethod> {
  const id = await confirmedCard(client, number);
  const response = await client.post('/api/v1/user/payment/methods', {
    payment_method: id,
    save: true,
  });
  assert.equal(response.statusCode, 200, response.body);
  return response.json().data;
}

async function me(client: TestClient): Promise<User> {
  return (await client.get('/api/v1/users/me')).json().data;
}

describe('GET /billing/config and GET /plans', () => {
  it('offers no Stripe key offline (the browser uses the local card field)', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/billing/config');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { stripe_publishable_key: null, provider: 'local' });
  });

  it('lists the Pro prices in cents and the trial', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/plans');
    assert.deepEqual(response.json().data, {
      monthly: { price: 9700, interval: 'month' },
      yearly: { price: 99700, interval: 'year' },
      trial_days: 14,
    });
  });
});

describe('GET /coupons/{code}', () => {
  it('describes a valid coupon, whatever the case typed', async () => {
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const response = await client.get('/api/v1/coupons/welcome20');
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json().data, {
      code: 'WELCOME20',
      description: 'Welcome offer: 20% off Guestspot Pro',
      is_valid: true,
    });
  });

  it('marks an expired coupon not valid', async () => {
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const response = await client.get('/api/v1/coupons/EXPIRED10');
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().data.is_valid, false);
  });

  it("answers 404 'Coupon not found.' for an unknown code", async () => {
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const response = await client.get('/api/v1/coupons/NOPE');
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { message: COUPON_NOT_FOUND });
  });

  it('needs a session', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/coupons/WELCOME20');
    assert.equal(response.statusCode, 401);
  });
});

describe('setup intents and the local card confirmation', () => {
  it('accepts 4242… as a visa and 5555…4444 as a mastercard, keeping only brand, last4, expiry', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const intent = await intentFor(client);
    assert.match(intent.client_secret, /^seti_local_\w+_secret_\w+$/);
    const visa = await confirm(client, intent, card('4242 4242 4242 4242'));
    assert.equal(visa.statusCode, 200, visa.body);
    assert.equal(visa.json().setup_intent.status, 'succeeded');
    assert.match(visa.json().setup_intent.payment_method, /^pm_local_/);
    const mastercard = await confirm(client, await intentFor(client), card('5555555555554444'));
    assert.equal(mastercard.statusCode, 200);

    const rows = await ctx.db
      .selectFrom('local_payment_methods')
      .innerJoin('users', 'users.id', 'local_payment_methods.user_id')
      .selectAll('local_payment_methods')
      .where('users.email', '=', 'guest@guestspot.test')
      .orderBy('local_payment_methods.created_at')
      .execute();
    assert.deepEqual(
      rows.map((row) => [row.brand, row.last4, row.exp_month, row.exp_year]),
      [
        ['visa', '4242', 12, NEXT_YEAR],
        ['mastercard', '4444', 12, NEXT_YEAR],
      ],
    );
    assert.ok(!JSON.stringify(rows).includes('4242424242424242'));
  });

  it('declines 4000 0000 0000 0002 with 402', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const response = await confirm(client, await intentFor(client), card('4000 0000 0000 0002'));
    assert.equal(response.statusCode, 402);
    assert.equal(response.json().message, CARD_DECLINED);
  });

  it('refuses any other number, a past expiry, a bad CVC and a missing postal code', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const intent = await intentFor(client);
    const other = await confirm(client, intent, card('4111 1111 1111 1111'));
    assert.equal(other.statusCode, 422);
    assert.equal(other.json().message, CARD_NUMBER_INCORRECT);
    assert.deepEqual(other.json().errors, { 'card.number': [CARD_NUMBER_INCORRECT] });

    const bad = await confirm(
      client,
      intent,
      card('4242424242424242', { exp_year: 2020, cvc: '12', postal_code: '' }),
    );
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().errors, {
      'card.exp_year': [CARD_EXPIRED],
      'card.cvc': [CARD_CVC_INVALID],
      'card.postal_code': [CARD_POSTAL_REQUIRED],
    });
    // A refused card leaves the intent usable.
    const retry = await confirm(client, intent, card('4242424242424242'));
    assert.equal(retry.statusCode, 200);
  });

  it("refuses a wrong client secret and another account's intent", async () => {
    const owner = await signedIn(ctx.app, 'guest@guestspot.test');
    const intent = await intentFor(owner);
    const wrong = await confirm(
      owner,
      { ...intent, client_secret: `${intent.id}_secret_x` },
      card('4242424242424242'),
    );
    assert.equal(wrong.statusCode, 404);
    assert.equal(wrong.json().message, INTENT_NOT_FOUND);
    const other = await signedIn(ctx.app, 'show@guestspot.test');
    const stolen = await confirm(other, intent, card('4242424242424242'));
    assert.equal(stolen.statusCode, 404);
  });

  it('needs a session and the CSRF token', async () => {
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.get('/api/v1/user/payment/intent')).statusCode, 401);
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const intent = await intentFor(client);
    const response = await client.request(
      'POST',
      `/api/v1/billing/local/setup-intents/${intent.id}/confirm`,
      {
        body: { client_secret: intent.client_secret, card: card('4242424242424242') },
        csrf: false,
      },
    );
    assert.equal(response.statusCode, 419);
  });

  it('validates usage and an optional payment method', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const response = await client.get(
      '/api/v1/user/payment/intent?usage=sometimes&payment_method=pm_local_nope',
    );
    assert.equal(response.statusCode, 422);
    assert.deepEqual(Object.keys(response.json().errors), ['usage']);
    const unknown = await client.get('/api/v1/user/payment/intent?payment_method=pm_local_nope');
    assert.equal(unknown.statusCode, 422);
    assert.deepEqual(unknown.json().errors, { payment_method: [METHOD_INVALID] });
  });
});

describe('payment methods', () => {
  it('saves confirmed cards (the first becomes the default), lists, sets the default and deletes', async () => {
    const client = await signedIn(ctx.app, 'show@guestspot.test');
    assert.deepEqual((await client.get('/api/v1/user/payment/methods')).json(), { data: [] });

    const id = await confirmedCard(client);
    const saved = await client.post('/api/v1/user/payment/methods', {
      payment_method: id,
      save: true,
    });
    assert.equal(saved.statusCode, 200);
    assert.equal(saved.json().message, METHOD_SAVED);
    assert.deepEqual(saved.json().data, {
      id,
      default: true,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: NEXT_YEAR,
    });
    const second = await savedCard(client, '5555 5555 5555 4444');
    assert.equal(second.default, false);

    const listed = (await client.get('/api/v1/user/payment/methods')).json()
      .data as PaymentMethod[];
    assert.deepEqual(
      listed.map((method) => [method.last4, method.default]),
      [
        ['4242', true],
        ['4444', false],
      ],
    );

    const made = await client.post(`/api/v1/user/payment/methods/${second.id}/default`);
    assert.equal(made.statusCode, 200);
    assert.equal(made.json().data.default, true);
    const after = (await client.get('/api/v1/user/payment/methods')).json().data as PaymentMethod[];
    assert.deepEqual(
      after.map((method) => [method.last4, method.default]),
      [
        ['4444', true],
        ['4242', false],
      ],
    );

    // Deleting the default promotes the other.
    const removed = await client.request('DELETE', `/api/v1/user/payment/methods/${second.id}`);
    assert.equal(removed.statusCode, 200);
    const left = (await client.get('/api/v1/user/payment/methods')).json().data as PaymentMethod[];
    assert.deepEqual(
      left.map((method) => [method.last4, method.default]),
      [['4242', true]],
    );
    assert.equal(
      (await client.request('DELETE', `/api/v1/user/payment/methods/${second.id}`)).statusCode,
      404,
    );
  });

  it('does not list a card used once without saving it', async () => {
    const client = await signedIn(ctx.app, 'admin@guestspot.test');
    const id = await confirmedCard(client);
    const response = await client.post('/api/v1/user/payment/methods', {
      payment_method: id,
      save: false,
    });
    assert.equal(response.statusCode, 200);
    assert.deepEqual((await client.get('/api/v1/user/payment/methods')).json().data, []);
  });

  it('validates the payment method field', async () => {
    const client = await signedIn(ctx.app, 'show@guestspot.test');
    const missing = await client.post('/api/v1/user/payment/methods', {});
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json().errors, {
      payment_method: ['The payment method field is required.'],
    });
    const unknown = await client.post('/api/v1/user/payment/methods', {
      payment_method: 'pm_local_unknown',
    });
    assert.deepEqual(unknown.json().errors, { payment_method: [METHOD_INVALID] });
  });

  it("refuses to delete a Pro account's only card", async () => {
    const pro = await signedIn(ctx.app, 'pro@guestspot.test');
    const first = await pro.request(
      'DELETE',
      '/api/v1/user/payment/methods/pm_local_demo_mastercard',
    );
    assert.equal(first.statusCode, 200);
    const only = await pro.request('DELETE', '/api/v1/user/payment/methods/pm_local_demo_visa');
    assert.equal(only.statusCode, 422);
    assert.equal(only.json().message, ONLY_METHOD_OF_PRO);
  });

  it("gives a team member 403 on the owner's cards, and each call needs a session and CSRF", async () => {
    const agency = await signedIn(ctx.app, 'agency@guestspot.test');
    assert.deepEqual((await agency.get('/api/v1/user/payment/methods')).json().data, []);
    const remove = await agency.request(
      'DELETE',
      '/api/v1/user/payment/methods/pm_local_demo_visa',
    );
    assert.equal(remove.statusCode, 403);
    const makeDefault = await agency.post(
      '/api/v1/user/payment/methods/pm_local_demo_visa/default',
    );
    assert.equal(makeDefault.statusCode, 403);
    const attach = await agency.post('/api/v1/user/payment/methods', {
      payment_method: 'pm_local_demo_visa',
    });
    assert.equal(attach.statusCode, 403);

    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.get('/api/v1/user/payment/methods')).statusCode, 401);
    assert.equal(
      (await visitor.post('/api/v1/user/payment/methods', { payment_method: 'x' })).statusCode,
      401,
    );

    const noCsrf = await agency.request('POST', '/api/v1/user/payment/methods', {
      body: { payment_method: 'pm_local_demo_visa' },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });
});

describe('the Pro subscription', () => {
  it('subscribes a standard account with a coupon: 14-day trial, price after the coupon, Pro at once', async () => {
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    assert.deepEqual((await client.get('/api/v1/users/me/subscription')).json(), { data: null });
    const method = await confirmedCard(client);
    const before = Date.now();
    const response = await client.post('/api/v1/users/me/subscription', {
      plan: 'monthly',
      payment_method: method,
      price: 9700,
      coupon: 'welcome20',
    });
    assert.equal(response.statusCode, 200, response.body);
    const subscription = response.json().data as Subscription;
    assert.equal(subscription.stripe_status, 'trialing');
    assert.equal(subscription.plan_interval, 'month');
    assert.equal(subscription.plan_price, 7760);
    assert.equal(subscription.coupon, 'WELCOME20');
    assert.equal(subscription.active, true);
    assert.equal(subscription.ends_at, null);
    const trialEnd = Date.parse(subscription.trial_ends_at ?? '');
    assert.ok(Math.abs(trialEnd - before - 14 * DAY) < 60_000);
    assert.equal(subscription.current_period_end, subscription.trial_ends_at);

    assert.equal((await me(client)).account_type, 'pro');
    // The card the subscription bills is saved, as the default.
    const methods = (await client.get('/api/v1/user/payment/methods')).json()
      .data as PaymentMethod[];
    assert.deepEqual(
      methods.map((row) => [row.id, row.default]),
      [[method, true]],
    );
    // The trial's $0.00 invoice.
    const invoices = (await client.get('/api/v1/users/me/invoices')).json().data as Invoice[];
    assert.equal(invoices.length, 1);
    assert.equal(invoices[0]?.amount, 0);
    assert.match(invoices[0]?.number ?? '', /^GS-\d{6}$/);

    const again = await client.post('/api/v1/users/me/subscription', {
      plan: 'yearly',
      payment_method: method,
    });
    assert.equal(again.statusCode, 422);
    assert.equal(again.json().message, ALREADY_PRO);
  });

  it('refuses an invalid or unknown coupon, an unknown card, a bad plan and a stale price', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const method = await confirmedCard(client);
    const expired = await client.post('/api/v1/users/me/subscription', {
      plan: 'monthly',
      payment_method: method,
      coupon: 'EXPIRED10',
    });
    assert.equal(expired.statusCode, 422);
    assert.deepEqual(expired.json().errors, { coupon: [COUPON_NOT_VALID] });
    const unknown = await client.post('/api/v1/users/me/subscription', {
      plan: 'monthly',
      payment_method: method,
      coupon: 'NOPE',
    });
    assert.deepEqual(unknown.json().errors, { coupon: [COUPON_NOT_VALID] });

    const notMine = await client.post('/api/v1/users/me/subscription', {
      plan: 'monthly',
      payment_method: 'pm_local_demo_visa',
    });
    assert.deepEqual(notMine.json().errors, { payment_method: [METHOD_INVALID] });

    const invalid = await client.post('/api/v1/users/me/subscription', { plan: 'weekly' });
    assert.equal(invalid.statusCode, 422);
    assert.deepEqual(invalid.json().errors, {
      plan: ['The selected plan is invalid.'],
      payment_method: ['The payment method field is required.'],
    });
    const stale = await client.post('/api/v1/users/me/subscription', {
      plan: 'yearly',
      payment_method: method,
      price: 9700,
    });
    assert.deepEqual(stale.json().errors, { price: [PRICE_MISMATCH] });
    assert.equal((await me(client)).account_type, 'standard');
  });

  it('cancels at the trial end, stays Pro until then, and turns standard once ends_at passes', async () => {
    const client = await signedIn(ctx.app, 'show@guestspot.test');
    const method = await confirmedCard(client, '5555 5555 5555 4444');
    const created = await client.post('/api/v1/users/me/subscription', {
      plan: 'yearly',
      payment_method: method,
    });
    assert.equal(created.statusCode, 200, created.body);
    const subscription = created.json().data as Subscription;
    assert.equal(subscription.plan_price, 99700);

    const cancelled = await client.request('DELETE', '/api/v1/users/me/subscription');
    assert.equal(cancelled.statusCode, 200);
    const data = cancelled.json().data as Subscription;
    assert.equal(data.ends_at, subscription.trial_ends_at);
    assert.equal(data.active, true);
    assert.equal((await me(client)).account_type, 'pro');
    const twice = await client.request('DELETE', '/api/v1/users/me/subscription');
    assert.equal(twice.statusCode, 422);
    assert.equal(twice.json().message, ALREADY_CANCELLED);

    // Time passes: the end date is now behind us.
    await ctx.db
      .updateTable('subscriptions')
      .set({ ends_at: new Date(Date.now() - 1000) })
      .where('id', '=', subscription.id)
      .execute();
    assert.equal((await me(client)).account_type, 'standard');
    assert.deepEqual((await client.get('/api/v1/users/me/subscription')).json(), { data: null });
    const none = await client.request('DELETE', '/api/v1/users/me/subscription');
    assert.equal(none.statusCode, 422);
    assert.equal(none.json().message, NO_SUBSCRIPTION);
    // And may subscribe again.
    const again = await client.post('/api/v1/users/me/subscription', {
      plan: 'monthly',
      payment_method: method,
    });
    assert.equal(again.statusCode, 200, again.body);
  });

  it('bills the first real invoice when the trial ends', async () => {
    const client = await signedIn(ctx.app, 'admin@guestspot.test');
    const method = await confirmedCard(client);
    const created = await client.post('/api/v1/users/me/subscription', {
      plan: 'monthly',
      payment_method: method,
      coupon: 'SAVE100',
    });
    const subscription = created.json().data as Subscription;
    assert.equal(subscription.plan_price, 0);
    const trialEnd = new Date(Date.now() - DAY);
    await ctx.db
      .updateTable('subscriptions')
      .set({ trial_ends_at: trialEnd, current_period_end: trialEnd, plan_price: 7760 })
      .where('id', '=', subscription.id)
      .execute();
    await ctx.db
      .updateTable('invoices')
      .set({ created_at: new Date(Date.now() - 15 * DAY) })
      .where(
        'subscription_ref',
        'in',
        ctx.db.selectFrom('subscriptions').select('provider_id').where('id', '=', subscription.id),
      )
      .execute();
    const invoices = (await client.get('/api/v1/users/me/invoices')).json().data as Invoice[];
    assert.deepEqual(
      invoices.map((invoice) => invoice.amount),
      [7760, 0],
    );
    const now = (await client.get('/api/v1/users/me/subscription')).json().data as Subscription;
    assert.equal(now.stripe_status, 'active');
    assert.equal(now.current_period_start, trialEnd.toISOString());
    assert.ok(Date.parse(now.current_period_end) > Date.now());
    // Reading again bills nothing twice.
    assert.equal(
      ((await client.get('/api/v1/users/me/invoices')).json().data as Invoice[]).length,
      2,
    );
  });

  it('needs a session and the CSRF token', async () => {
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.get('/api/v1/users/me/subscription')).statusCode, 401);
    assert.equal((await visitor.get('/api/v1/users/me/invoices')).statusCode, 401);
    const client = await signedIn(ctx.app, 'pro@guestspot.test');
    const post = await client.request('POST', '/api/v1/users/me/subscription', {
      body: { plan: 'monthly', payment_method: 'pm_local_demo_visa' },
      csrf: false,
    });
    assert.equal(post.statusCode, 419);
    const remove = await client.request('DELETE', '/api/v1/users/me/subscription', { csrf: false });
    assert.equal(remove.statusCode, 419);
    assert.equal((await me(client)).account_type, 'pro');
  });
});

describe('an agency member impersonating the owner', () => {
  it('sees the billing but changes nothing; an admin impersonating may', async () => {
    const pro = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'pro@guestspot.test')
      .executeTakeFirstOrThrow();
    const agency = await signedIn(ctx.app, 'agency@guestspot.test');
    const started = await agency.post(`/api/v1/auth/impersonate/${pro.id}`);
    assert.equal(started.statusCode, 200, started.body);
    assert.equal((await agency.get('/api/v1/users/me/subscription')).statusCode, 200);
    assert.equal((await agency.get('/api/v1/user/payment/methods')).statusCode, 200);
    const cancel = await agency.request('DELETE', '/api/v1/users/me/subscription');
    assert.equal(cancel.statusCode, 403);
    assert.equal(cancel.json().message, OWNER_ONLY);
    assert.equal((await agency.get('/api/v1/user/payment/intent')).statusCode, 403);
    const makeDefault = await agency.post(
      '/api/v1/user/payment/methods/pm_local_demo_visa/default',
    );
    assert.equal(makeDefault.statusCode, 403);

    const admin = await signedIn(ctx.app, 'admin@guestspot.test');
    assert.equal((await admin.post(`/api/v1/auth/impersonate/${pro.id}`)).statusCode, 200);
    assert.equal((await admin.get('/api/v1/user/payment/intent')).statusCode, 200);
  });
});

describe('invoices', () => {
  it("lists pro@'s invoices newest first and serves each as a PDF to the owner only", async () => {
    const pro = await signedIn(ctx.app, 'pro@guestspot.test');
    const subscription = (await pro.get('/api/v1/users/me/subscription')).json()
      .data as Subscription;
    assert.equal(subscription.stripe_status, 'active');
    assert.equal(subscription.plan_price, 9700);

    const invoices = (await pro.get('/api/v1/users/me/invoices')).json().data as Invoice[];
    assert.ok(invoices.length >= 3);
    assert.equal(invoices.at(-1)?.amount, 0);
    assert.equal(invoices[0]?.amount, 9700);
    const first = invoices[0];
    assert.ok(first);
    assert.equal(first.download_url, `/api/v1/users/me/invoices/${first.id}/download`);

    const pdf = await pro.get(first.download_url);
    assert.equal(pdf.statusCode, 200);
    assert.equal(pdf.headers['content-type'], 'application/pdf');
    assert.ok(pdf.rawPayload.subarray(0, 5).toString() === '%PDF-');
    const text = pdfTextOf(pdf.rawPayload);
    assert.ok(text.includes(`Invoice number: ${first.number}`), text.join(' | '));
    assert.ok(text.includes('$97.00'));

    const agency = await signedIn(ctx.app, 'agency@guestspot.test');
    assert.equal((await agency.get(first.download_url)).statusCode, 403);
    assert.deepEqual((await agency.get('/api/v1/users/me/invoices')).json().data, []);
    assert.equal(
      (await pro.get('/api/v1/users/me/invoices/in_local_nope/download')).statusCode,
      404,
    );
    assert.equal((await new TestClient(ctx.app).get(first.download_url)).statusCode, 401);
  });
});

describe('PUT /user/payment/methods/{id}: replacing a card (Update)', () => {
  it("swaps a Pro account's only card for a new one that becomes the default and bills the subscription", async () => {
    const pro = await signedIn(ctx.app, 'pro@guestspot.test');
    const before = (await pro.get('/api/v1/user/payment/methods')).json().data as PaymentMethod[];
    assert.deepEqual(
      before.map((method) => method.id),
      ['pm_local_demo_visa'],
    );
    const replacement = await confirmedCard(pro, '5555 5555 5555 4444');
    const response = await pro.request('PUT', '/api/v1/user/payment/methods/pm_local_demo_visa', {
      body: { payment_method: replacement },
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().message, METHOD_SAVED);
    assert.deepEqual(response.json().data, {
      id: replacement,
      default: true,
      brand: 'mastercard',
      last4: '4444',
      exp_month: 12,
      exp_year: NEXT_YEAR,
    });
    const after = (await pro.get('/api/v1/user/payment/methods')).json().data as PaymentMethod[];
    assert.deepEqual(
      after.map((method) => [method.id, method.default]),
      [[replacement, true]],
    );
    const subscription = await ctx.db
      .selectFrom('subscriptions')
      .innerJoin('users', 'users.id', 'subscriptions.user_id')
      .select('subscriptions.payment_method_id')
      .where('users.email', '=', 'pro@guestspot.test')
      .where('subscriptions.stripe_status', '<>', 'canceled')
      .executeTakeFirstOrThrow();
    assert.equal(subscription.payment_method_id, replacement);
    // The old card is gone.
    const again = await pro.request('PUT', '/api/v1/user/payment/methods/pm_local_demo_visa', {
      body: { payment_method: await confirmedCard(pro) },
    });
    assert.equal(again.statusCode, 404);
  });

  it('validates the new card: required, confirmed by this account, not the same card', async () => {
    const pro = await signedIn(ctx.app, 'pro@guestspot.test');
    const [current] = (await pro.get('/api/v1/user/payment/methods')).json()
      .data as PaymentMethod[];
    assert.ok(current);
    const path = `/api/v1/user/payment/methods/${current.id}`;
    const missing = await pro.request('PUT', path, { body: {} });
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json().errors, {
      payment_method: ['The payment method field is required.'],
    });
    const unknown = await pro.request('PUT', path, { body: { payment_method: 'pm_local_nope' } });
    assert.deepEqual(unknown.json().errors, { payment_method: [METHOD_INVALID] });
    const same = await pro.request('PUT', path, { body: { payment_method: current.id } });
    assert.equal(same.statusCode, 422);
    assert.deepEqual(same.json().errors, { payment_method: [METHOD_INVALID] });
    assert.equal(
      (
        await pro.request('PUT', '/api/v1/user/payment/methods/pm_local_nope', {
          body: { payment_method: current.id },
        })
      ).statusCode,
      404,
    );
  });

  it('is for the owner only: 403 for a team member and an agency member impersonating, 401, 419', async () => {
    const pro = await signedIn(ctx.app, 'pro@guestspot.test');
    const [current] = (await pro.get('/api/v1/user/payment/methods')).json()
      .data as PaymentMethod[];
    assert.ok(current);
    const path = `/api/v1/user/payment/methods/${current.id}`;

    const agency = await signedIn(ctx.app, 'agency@guestspot.test');
    const own = await confirmedCard(agency);
    const foreign = await agency.request('PUT', path, { body: { payment_method: own } });
    assert.equal(foreign.statusCode, 403);
    // Nor may anyone slip another account's confirmed card in.
    const stolen = await pro.request('PUT', path, { body: { payment_method: own } });
    assert.equal(stolen.statusCode, 403);

    const proUser = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'pro@guestspot.test')
      .executeTakeFirstOrThrow();
    const acting = await signedIn(ctx.app, 'agency@guestspot.test');
    assert.equal((await acting.post(`/api/v1/auth/impersonate/${proUser.id}`)).statusCode, 200);
    const impersonating = await acting.request('PUT', path, {
      body: { payment_method: current.id },
    });
    assert.equal(impersonating.statusCode, 403);
    assert.equal(impersonating.json().message, OWNER_ONLY);

    const visitor = new TestClient(ctx.app);
    assert.equal(
      (await visitor.request('PUT', path, { body: { payment_method: 'x' } })).statusCode,
      401,
    );
    const noCsrf = await pro.request('PUT', path, {
      body: { payment_method: current.id },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
    // Nothing changed.
    assert.deepEqual(
      ((await pro.get('/api/v1/user/payment/methods')).json().data as PaymentMethod[]).map(
        (method) => method.id,
      ),
      [current.id],
    );
  });
});

describe("the input's answers (the same through route schemas, decision 069)", () => {
  it('GET /user/payment/intent: every query field that fails, in order', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const response = await client.get(
      `/api/v1/user/payment/intent?usage=sometimes&payment_method=${'p'.repeat(256)}`,
    );
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The selected usage is invalid.',
      errors: {
        usage: ['The selected usage is invalid.'],
        payment_method: ['The payment method field must not be greater than 255 characters.'],
      },
    });
  });

  it('confirming a setup intent: the secret, then the intent, then the card', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const intent = await intentFor(client);
    const path = `/api/v1/billing/local/setup-intents/${intent.id}/confirm`;
    // A secret that is missing or not text is required, whatever the card holds.
    for (const secret of [undefined, 5, '']) {
      const response = await client.post(path, { client_secret: secret, card: 'x' });
      assert.equal(response.statusCode, 422);
      assert.deepEqual(response.json(), {
        message: 'The client secret field is required.',
        errors: { client_secret: ['The client secret field is required.'] },
      });
    }
    // A wrong secret is the intent's 404 before the card is looked at.
    const wrong = await client.post(path, { client_secret: 'nope', card: 'x' });
    assert.equal(wrong.statusCode, 404);
    assert.deepEqual(wrong.json(), { message: INTENT_NOT_FOUND });
    // Then the card, with Stripe's messages only (a month that is no number is an invalid one).
    const month = await confirm(client, intent, card('4242424242424242', { exp_month: 'x' }));
    assert.equal(month.statusCode, 422);
    assert.deepEqual(month.json(), {
      message: CARD_EXPIRY_INVALID,
      errors: { 'card.exp_month': [CARD_EXPIRY_INVALID] },
    });
    const notAnObject = await confirm(client, intent, 'x');
    assert.deepEqual(notAnObject.json(), {
      message: CARD_NUMBER_INCORRECT,
      errors: {
        'card.number': [CARD_NUMBER_INCORRECT],
        'card.exp_month': [CARD_EXPIRY_INVALID],
        'card.cvc': [CARD_CVC_INVALID],
        'card.postal_code': [CARD_POSTAL_REQUIRED],
      },
    });
    // An id that is no provider id is 404, before the body.
    const malformed = await client.post('/api/v1/billing/local/setup-intents/seti-x/confirm', {});
    assert.equal(malformed.statusCode, 404);
    assert.deepEqual(malformed.json(), { message: 'Not found.' });
  });

  it('POST /user/payment/methods: the id too long and save not a flag', async () => {
    const client = await signedIn(ctx.app, 'show@guestspot.test');
    const response = await client.post('/api/v1/user/payment/methods', {
      payment_method: 'p'.repeat(256),
      save: 'maybe',
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The payment method field must not be greater than 255 characters.',
      errors: {
        payment_method: ['The payment method field must not be greater than 255 characters.'],
        save: ['The save field must be true or false.'],
      },
    });
  });

  it('PUT /user/payment/methods/{id}: the card named by the path comes before the body', async () => {
    const client = await signedIn(ctx.app, 'show@guestspot.test');
    const saved = await savedCard(client);
    const path = `/api/v1/user/payment/methods/${saved.id}`;
    const notText = await client.request('PUT', path, { body: { payment_method: 42 } });
    assert.equal(notText.statusCode, 422);
    assert.deepEqual(notText.json(), {
      message: 'The payment method field must be a string.',
      errors: { payment_method: ['The payment method field must be a string.'] },
    });
    const unknown = await client.request('PUT', '/api/v1/user/payment/methods/pm_local_nope', {
      body: {},
    });
    assert.equal(unknown.statusCode, 404);
    const malformed = await client.request('PUT', '/api/v1/user/payment/methods/pm-x', {
      body: {},
    });
    assert.equal(malformed.statusCode, 404);
    assert.deepEqual(malformed.json(), { message: 'Not found.' });
    const someoneElses = await confirmedCard(await signedIn(ctx.app, 'agency@guestspot.test'));
    const foreign = await client.request('PUT', `/api/v1/user/payment/methods/${someoneElses}`, {
      body: {},
    });
    assert.equal(foreign.statusCode, 403);
  });

  it('POST /users/me/subscription: every field that fails, in order', async () => {
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const response = await client.post('/api/v1/users/me/subscription', {
      plan: 'monthly',
      payment_method: 5,
      price: 'abc',
      coupon: 'c'.repeat(65),
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The payment method field must be a string.',
      errors: {
        payment_method: ['The payment method field must be a string.'],
        price: ['The price field must be an integer.'],
        coupon: ['The coupon field must not be greater than 64 characters.'],
      },
    });
    const negative = await client.post('/api/v1/users/me/subscription', { price: -1 });
    assert.deepEqual(negative.json(), {
      message: 'The plan field is required.',
      errors: {
        plan: ['The plan field is required.'],
        payment_method: ['The payment method field is required.'],
        price: ['The price field must be at least 0.'],
      },
    });
    // A price beyond int4 is no field error: it is compared with the plan's.
    const method = await confirmedCard(client);
    const huge = await client.post('/api/v1/users/me/subscription', {
      plan: 'monthly',
      payment_method: method,
      price: 3_000_000_000,
    });
    assert.deepEqual(huge.json(), { message: PRICE_MISMATCH, errors: { price: [PRICE_MISMATCH] } });
    assert.equal((await me(client)).account_type, 'standard');
  });

  it('a coupon code longer than any is not found; an invoice id that is none is 404', async () => {
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const coupon = await client.get(`/api/v1/coupons/${'W'.repeat(65)}`);
    assert.equal(coupon.statusCode, 404);
    assert.deepEqual(coupon.json(), { message: COUPON_NOT_FOUND });
    const invoice = await client.get('/api/v1/users/me/invoices/in-x/download');
    assert.equal(invoice.statusCode, 404);
    assert.deepEqual(invoice.json(), { message: 'Not found.' });
  });
});

describe('the start-up sweep', () => {
  it('turns accounts whose cancelled subscription ended back to standard', async () => {
    const pro = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'pro@guestspot.test')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('subscriptions')
      .set({ ends_at: new Date(Date.now() - DAY) })
      .where('user_id', '=', pro.id)
      .where('stripe_status', '<>', 'canceled')
      .execute();
    assert.equal(await syncAllBilling(ctx.app), 1);
    const row = await ctx.db
      .selectFrom('users')
      .select('account_type')
      .where('id', '=', pro.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.account_type, 'standard');
  });
});
