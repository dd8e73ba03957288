import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_BOOKING_CODES } from '../../db/seed/store-credit';
import { signedIn, startTestApp, userIdOf, type TestContext } from '../../test/harness';
import { BOOKING_CODE_NOT_FOUND } from './routes';

let ctx: TestContext;
let mayaGuest: number;
before(async () => {
  ctx = await startTestApp();
  const maya = await userIdOf(ctx.db, 'guest@guestspot.test');
  const row = await ctx.db
    .selectFrom('guest_profiles')
    .select('id')
    .where('user_id', '=', maya)
    .executeTakeFirstOrThrow();
  mayaGuest = row.id;
});
after(() => ctx.close());

describe('GET /balance', () => {
  it("answers the signed-in user's store credit (seeded, FIFO, expired grants left out)", async () => {
    const sofia = await signedIn(ctx.app, 'show@guestspot.test');
    const response = await sofia.get('/api/v1/balance');
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json();
    // cents throughout; raw.guestspot_cash kept, the same figure
    assert.equal(data.guestspot_cash, 6000);
    assert.equal(data.raw.guestspot_cash, 6000);
    assert.equal(data.available_balance, 6000);
    assert.equal(data.total_balance, 6000);
    assert.ok(data.guestspot_cash_expiration > 0 && data.guestspot_cash_expiration <= 90);
    const priya = await signedIn(ctx.app, 'pro@guestspot.test');
    const priyas = (await priya.get('/api/v1/balance')).json().data;
    assert.equal(priyas.guestspot_cash, 10000);
    assert.equal(priyas.raw.guestspot_cash, 10000);
  });

  it('is 401 signed out', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/balance' });
    assert.equal(response.statusCode, 401);
  });
});

describe('GET /guests/{guest}/booking-codes/{code}', () => {
  it('answers a known code (any case) as valid', async () => {
    const sofia = await signedIn(ctx.app, 'show@guestspot.test');
    const url = `/api/v1/guests/${mayaGuest}/booking-codes/${DEMO_BOOKING_CODES.maya.toLowerCase()}`;
    const response = await sofia.get(url);
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), {
      data: { code: DEMO_BOOKING_CODES.maya, isValid: true, percent_off: 10, amount_off: null },
    });
  });

  it('an expired code is found but invalid', async () => {
    await ctx.db
      .insertInto('booking_codes')
      .values({
        guest_profile_id: mayaGuest,
        code: 'OLD5',
        percent_off: 5,
        expires_at: new Date(0),
      })
      .execute();
    const sofia = await signedIn(ctx.app, 'show@guestspot.test');
    const response = await sofia.get(`/api/v1/guests/${mayaGuest}/booking-codes/OLD5`);
    assert.equal(response.json().data.isValid, false);
  });

  it("is 404 for an unknown code, another guest's code or odd text", async () => {
    const sofia = await signedIn(ctx.app, 'show@guestspot.test');
    for (const code of ['NOPE', DEMO_BOOKING_CODES.priya, 'a%20b', 'x'.repeat(65)]) {
      const response = await sofia.get(`/api/v1/guests/${mayaGuest}/booking-codes/${code}`);
      assert.equal(response.statusCode, 404, code);
      assert.equal(response.json().message, BOOKING_CODE_NOT_FOUND);
    }
    const missing = await sofia.get(`/api/v1/guests/99999999/booking-codes/MAYA10`);
    assert.equal(missing.statusCode, 404);
  });
});

describe('booking options, types and referrer coupons', () => {
  it('GET /booking-options lists the options with their slugs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/booking-options' });
    assert.equal(response.statusCode, 200);
    const slugs = response.json().data.map((option: { slug: string }) => option.slug);
    assert.ok(slugs.includes('virtual-interview'));
    assert.ok('icon_url' in response.json().data[0]);
  });

  it('GET /booking-type answers the regular booking and the pitch', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/booking-type' });
    assert.deepEqual(
      response.json().data.map((type: { type: string }) => type.type),
      ['normal', 'pitch'],
    );
  });

  it('GET /referrer-coupons offers the referral coupon only to referred users', async () => {
    const sofia = await signedIn(ctx.app, 'show@guestspot.test');
    assert.deepEqual((await sofia.get('/api/v1/referrer-coupons')).json(), { data: [] });
    const priya = await userIdOf(ctx.db, 'pro@guestspot.test');
    await ctx.db
      .updateTable('users')
      .set({ referred_by: priya })
      .where('email', '=', 'show@guestspot.test')
      .execute();
    const coupons = (await sofia.get('/api/v1/referrer-coupons')).json().data;
    assert.deepEqual(
      coupons.map((coupon: { code: string; is_valid: boolean }) => [coupon.code, coupon.is_valid]),
      [['FRIEND15', true]],
    );
  });
});
