import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type Stripe from 'stripe';
import type { DB } from '../../db/database';
import { HttpError } from '../../http/errors';
import { userIdOf } from '../../test/harness';
import { openTestDatabase } from '../../test/test-db';
import { CARD_DECLINED } from './cards';
import {
  CHARGE_ALREADY_CAPTURED,
  IDEMPOTENCY_MISMATCH,
  LocalPaymentProvider,
} from './local-provider';
import {
  CHARGE_NOT_CAPTURABLE,
  CHARGE_NOT_REFUNDABLE,
  type ChargeRequest,
  type Customer,
} from './provider';
import { StripePaymentProvider } from './stripe-provider';

// One-off charges with manual capture (issue 17, decision 101): the LOCAL provider on a test
// database, and the Stripe provider's requests against a stand-in client (no network).

let db: DB;
let close: () => Promise<void>;
let provider: LocalPaymentProvider;
let customer: Customer;
let savedCard: string;

before(async () => {
  const database = await openTestDatabase();
  db = database.db;
  close = () => database.close();
  provider = new LocalPaymentProvider(db);
  const userId = await userIdOf(db, 'pro@guestspot.test');
  customer = { userId, id: `cus_local_${userId}` };
  const method = await db
    .selectFrom('local_payment_methods')
    .select('id')
    .where('user_id', '=', userId)
    .where('attached_at', 'is not', null)
    .executeTakeFirstOrThrow();
  savedCard = method.id;
});
after(() => close());

let keys = 0;
function request(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  keys += 1;
  return {
    customer,
    amount: 12000,
    currency: 'usd',
    paymentMethod: savedCard,
    idempotencyKey: `booking-test-${keys}`,
    description: 'Booking #1',
    ...overrides,
  };
}

async function refused(promise: Promise<unknown>, status: number, message: string) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof HttpError);
    assert.equal(error.statusCode, status);
    assert.equal(error.message, message);
    return true;
  });
}

describe('LOCAL provider charges', () => {
  it('authorises a saved card: the amount is held', async () => {
    const charge = await provider.authorizeCharge(request());
    assert.equal(charge.status, 'requires_capture');
    assert.match(charge.id, /^pi_local_/);
  });

  it('captures a held charge, and capturing again answers the same', async () => {
    const held = await provider.authorizeCharge(request({ paymentMethod: 'pm_card_visa' }));
    assert.equal((await provider.captureCharge(held.id)).status, 'succeeded');
    assert.equal((await provider.captureCharge(held.id)).status, 'succeeded');
    await refused(provider.releaseCharge(held.id), 409, CHARGE_ALREADY_CAPTURED);
  });

  it('releases a hold; a released charge cannot be captured', async () => {
    const held = await provider.authorizeCharge(request());
    assert.equal((await provider.releaseCharge(held.id)).status, 'canceled');
    await refused(provider.captureCharge(held.id), 409, CHARGE_NOT_CAPTURABLE);
  });

  it("declines the decline test card with the provider's message", async () => {
    const charge = await provider.authorizeCharge(
      request({ paymentMethod: 'pm_card_chargeDeclined' }),
    );
    assert.equal(charge.status, 'failed');
    assert.equal(charge.failureMessage, CARD_DECLINED);
    await refused(provider.captureCharge(charge.id), 409, CHARGE_NOT_CAPTURABLE);
  });

  it('the same idempotency key answers the same charge, never a second one', async () => {
    const first = request();
    const again = await Promise.all([
      provider.authorizeCharge(first),
      provider.authorizeCharge(first),
    ]);
    assert.equal(again[0].id, again[1].id);
    const count = await db
      .selectFrom('local_charges')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('idempotency_key', '=', first.idempotencyKey)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1);
    await refused(provider.authorizeCharge({ ...first, amount: 999 }), 409, IDEMPOTENCY_MISMATCH);
  });

  it("refuses another customer's card or an unknown one (422 on payment_method)", async () => {
    const other = await userIdOf(db, 'guest@guestspot.test');
    await assert.rejects(
      provider.authorizeCharge(request({ customer: { userId: other, id: `cus_local_${other}` } })),
      (error: unknown) => error instanceof HttpError && error.statusCode === 422,
    );
    await assert.rejects(
      provider.authorizeCharge(request({ paymentMethod: 'pm_local_nope' })),
      (error: unknown) => error instanceof HttpError && error.statusCode === 422,
    );
  });

  it('refunds a captured charge once; a hold or a released charge is not refundable', async () => {
    const held = await provider.authorizeCharge(request());
    await refused(provider.refundCharge(held.id), 409, CHARGE_NOT_REFUNDABLE);
    await provider.captureCharge(held.id);
    assert.equal((await provider.refundCharge(held.id)).status, 'refunded');
    assert.equal((await provider.refundCharge(held.id)).status, 'refunded');
    await refused(provider.captureCharge(held.id), 409, CHARGE_NOT_CAPTURABLE);
    const released = await provider.authorizeCharge(request());
    await provider.releaseCharge(released.id);
    await refused(provider.refundCharge(released.id), 409, CHARGE_NOT_REFUNDABLE);
  });

  it('an unknown charge is 404', async () => {
    await refused(provider.captureCharge('pi_local_missing'), 404, 'Not found.');
  });
});

describe('Stripe provider charges (a stand-in client)', () => {
  it('creates a manual-capture PaymentIntent, confirmed, with the Idempotency-Key', async () => {
    const calls: { params: unknown; options: unknown }[] = [];
    const fake = {
      paymentIntents: {
        create: async (params: unknown, options: unknown) => {
          calls.push({ params, options });
          return { id: 'pi_123', status: 'requires_capture' };
        },
      },
    };
    // Only paymentIntents.create is reached by this call.
    const stripe = new StripePaymentProvider(db, fake as unknown as Stripe, {
      secretKey: 'sk_test_x',
      publishableKey: null,
      prices: { monthly: null, yearly: null },
    });
    const charge = await stripe.authorizeCharge(
      request({
        customer: { userId: 1, id: 'cus_1' },
        paymentMethod: 'pm_1',
        idempotencyKey: 'k1',
      }),
    );
    assert.deepEqual(charge, { id: 'pi_123', status: 'requires_capture' });
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0]?.options, { idempotencyKey: 'k1' });
    const params = calls[0]?.params as Record<string, unknown>;
    assert.equal(params.capture_method, 'manual');
    assert.equal(params.confirm, true);
    assert.equal(params.payment_method, 'pm_1');
    assert.equal(params.customer, 'cus_1');
    assert.equal(params.amount, 12000);
  });

  it("a card error is a failed charge with Stripe's message", async () => {
    const fake = {
      paymentIntents: {
        create: async () => {
          throw Object.assign(new Error(CARD_DECLINED), {
            type: 'StripeCardError',
            payment_intent: { id: 'pi_declined' },
          });
        },
      },
    };
    const stripe = new StripePaymentProvider(db, fake as unknown as Stripe, {
      secretKey: 'sk_test_x',
      publishableKey: null,
      prices: { monthly: null, yearly: null },
    });
    const charge = await stripe.authorizeCharge(request({ customer: { userId: 1, id: 'cus_1' } }));
    assert.deepEqual(charge, {
      id: 'pi_declined',
      status: 'failed',
      failureMessage: CARD_DECLINED,
    });
  });

  it('refunds a captured PaymentIntent with one keyed refund, and not one never captured', async () => {
    const refunds: { params: unknown; options: unknown }[] = [];
    const intents: Record<string, { status: string; latest_charge: { refunded: boolean } }> = {
      pi_captured: { status: 'succeeded', latest_charge: { refunded: false } },
      pi_refunded: { status: 'succeeded', latest_charge: { refunded: true } },
      pi_held: { status: 'requires_capture', latest_charge: { refunded: false } },
    };
    const fake = {
      paymentIntents: {
        retrieve: async (id: string) => ({ id, ...intents[id] }),
      },
      refunds: {
        create: async (params: unknown, options: unknown) => {
          refunds.push({ params, options });
          return { id: 're_1' };
        },
      },
    };
    const stripe = new StripePaymentProvider(db, fake as unknown as Stripe, {
      secretKey: 'sk_test_x',
      publishableKey: null,
      prices: { monthly: null, yearly: null },
    });
    assert.deepEqual(await stripe.refundCharge('pi_captured'), {
      id: 'pi_captured',
      status: 'refunded',
    });
    assert.deepEqual(refunds, [
      {
        params: { payment_intent: 'pi_captured' },
        options: { idempotencyKey: 'refund:pi_captured' },
      },
    ]);
    assert.equal((await stripe.refundCharge('pi_refunded')).status, 'refunded');
    assert.equal(refunds.length, 1);
    await refused(stripe.refundCharge('pi_held'), 409, CHARGE_NOT_REFUNDABLE);
  });
});
