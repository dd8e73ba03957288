import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_BOOKING_CODES } from '../../db/seed/store-credit';
import { signedIn, startTestApp, userIdOf, TestClient, type TestContext } from '../../test/harness';
import { CODE_INVALID, OPTION_NOT_OFFERED, UPSELL_INVALID } from './quote';

// The quote (decision 101): show@ (Sofia, $60 of credit) quoting a booking of guest@ (Maya).

let ctx: TestContext;
let sofia: TestClient;
let mayaGuest: number;
let sofiaShow: number;
let option: { id: number; duration: number };
let upsell: number;
let url: string;

before(async () => {
  ctx = await startTestApp();
  const maya = await userIdOf(ctx.db, 'guest@guestspot.test');
  const sofiaId = await userIdOf(ctx.db, 'show@guestspot.test');
  mayaGuest = (
    await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('user_id', '=', maya)
      .executeTakeFirstOrThrow()
  ).id;
  sofiaShow = (
    await ctx.db
      .selectFrom('show_profiles')
      .select('id')
      .where('user_id', '=', sofiaId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const price = await ctx.db
    .selectFrom('guest_option_prices as p')
    .innerJoin('booking_options as o', 'o.id', 'p.booking_option_id')
    .select(['p.id', 'p.booking_option_id', 'p.interview_duration'])
    .where('p.guest_profile_id', '=', mayaGuest)
    .where('o.slug', '!=', 'pitch')
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  option = { id: price.booking_option_id, duration: price.interview_duration };
  // Known prices: the option $100, an upsell $25.
  await ctx.db
    .updateTable('guest_option_prices')
    .set({ price: 10_000 })
    .where('id', '=', price.id)
    .execute();
  upsell = (
    await ctx.db
      .insertInto('upsell_packages')
      .values({ guest_profile_id: mayaGuest, title: 'Social shout-out', price: 2_500 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  url = `/api/v1/guests/${mayaGuest}/booking-quote`;
});
after(() => ctx.close());

const body = (extra: Record<string, unknown> = {}) => ({
  show_profile_id: sofiaShow,
  booking_option_id: option.id,
  interview_duration: option.duration,
  ...extra,
});

describe('POST /guests/{guest}/booking-quote', () => {
  it('prices the option, an upsell and the code, using the credit available', async () => {
    const response = await sofia.post(url, body({ upsells: [upsell], code: 'maya10' }));
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json();
    assert.equal(data.split, undefined, 'the platform split is not shown');
    assert.deepEqual(
      data.lines.map((line: { kind: string; amount: number }) => [line.kind, line.amount]),
      [
        ['option', 10_000],
        ['upsell', 2_500],
      ],
    );
    // A show books a guest: no service fee line; MAYA10 takes 10%; $60 of credit.
    assert.equal(data.subtotal, 12_500);
    assert.equal(data.codeDiscount, 1_250);
    assert.equal(data.total, 11_250);
    assert.equal(data.creditApplied, 6_000);
    assert.equal(data.cardAmount, 5_250);
    assert.equal(data.minimumChargeTopUp, 0);
    assert.equal(data.requiresCard, true);
  });

  it('uses only the credit asked for', async () => {
    const { data } = (await sofia.post(url, body({ store_credit_amount: 1_000 }))).json();
    assert.equal(data.creditApplied, 1_000);
    assert.equal(data.cardAmount, 9_000);
  });

  it('keeps the card at 50 cents by using less credit, and a 0 card needs no card', async () => {
    await ctx.db
      .updateTable('guest_option_prices')
      .set({ price: 6_020 })
      .where('guest_profile_id', '=', mayaGuest)
      .where('booking_option_id', '=', option.id)
      .where('interview_duration', '=', option.duration)
      .execute();
    const floor = (await sofia.post(url, body())).json().data;
    assert.equal(floor.total, 6_020);
    assert.equal(floor.creditApplied, 5_970);
    assert.equal(floor.cardAmount, 50);

    await ctx.db
      .updateTable('guest_option_prices')
      .set({ price: 30 })
      .where('guest_profile_id', '=', mayaGuest)
      .where('booking_option_id', '=', option.id)
      .where('interview_duration', '=', option.duration)
      .execute();
    const covered = (await sofia.post(url, body())).json().data;
    assert.equal(covered.cardAmount, 0);
    assert.equal(covered.requiresCard, false);
    const topUp = (await sofia.post(url, body({ store_credit_amount: 0 }))).json().data;
    assert.equal(topUp.cardAmount, 50);
    assert.equal(topUp.minimumChargeTopUp, 20);

    await ctx.db
      .updateTable('guest_option_prices')
      .set({ price: 10_000 })
      .where('guest_profile_id', '=', mayaGuest)
      .where('booking_option_id', '=', option.id)
      .where('interview_duration', '=', option.duration)
      .execute();
  });

  it('prices a pitch from the pitch settings', async () => {
    await ctx.db
      .updateTable('guest_profiles')
      .set({ pitch_price: 1_500 })
      .where('id', '=', mayaGuest)
      .execute();
    const { data } = (
      await sofia.post(url, body({ interview_duration: null, store_credit_amount: 0 }))
    ).json();
    assert.equal(data.lines[0].amount, 1_500);
    assert.equal(data.cardAmount, 1_500);
  });

  it('is 422 with field errors for an option, upsell or code the guest has not', async () => {
    const response = await sofia.post(
      url,
      body({ interview_duration: 7, upsells: [upsell, 999_999], code: 'NOPE' }),
    );
    assert.equal(response.statusCode, 422, response.body);
    assert.deepEqual(response.json().errors, {
      booking_option_id: [OPTION_NOT_OFFERED],
      'upsells.1': [UPSELL_INVALID],
      code: [CODE_INVALID],
    });
    assert.equal(CODE_INVALID, 'This booking code is not valid.');
  });

  it('is 422 for a body that is not one (schema)', async () => {
    const response = await sofia.post(url, { booking_option_id: 'x' });
    assert.equal(response.statusCode, 422, response.body);
    assert.ok(response.json().errors.show_profile_id);
  });

  it('is 401 for a visitor', async () => {
    const response = await new TestClient(ctx.app).post(url, body());
    assert.equal(response.statusCode, 401);
  });

  it("is 403 quoting as someone else's show", async () => {
    const maya = await signedIn(ctx.app, 'guest@guestspot.test');
    const response = await maya.post(`/api/v1/guests/${mayaGuest}/booking-quote`, body());
    assert.equal(response.statusCode, 403, response.body);
  });
});

describe('POST /shows/{show}/booking-quote', () => {
  it('a guest booking a show pays the service fee line; a code is never valid for a show', async () => {
    const maya = await signedIn(ctx.app, 'guest@guestspot.test');
    const price = await ctx.db
      .selectFrom('show_option_prices as p')
      .innerJoin('booking_options as o', 'o.id', 'p.booking_option_id')
      .select(['p.booking_option_id', 'p.interview_duration', 'p.price'])
      .where('p.show_profile_id', '=', sofiaShow)
      .where('o.slug', '!=', 'pitch')
      .executeTakeFirstOrThrow();
    const showUrl = `/api/v1/shows/${sofiaShow}/booking-quote`;
    const choices = {
      guest_profile_id: mayaGuest,
      booking_option_id: price.booking_option_id,
      interview_duration: price.interview_duration,
    };
    const response = await maya.post(showUrl, choices);
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json();
    const fee = Math.round(price.price * 0.2);
    assert.deepEqual(data.lines.at(-1), { kind: 'service-fee', label: 'Service fee', amount: fee });
    assert.equal(data.total, price.price + fee);
    const coded = await maya.post(showUrl, { ...choices, code: DEMO_BOOKING_CODES.maya });
    assert.equal(coded.statusCode, 422);
    assert.deepEqual(coded.json().errors, { code: [CODE_INVALID] });
  });
});
