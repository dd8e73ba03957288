import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { DEMO_BOOKING_CODES } from '../../db/seed/store-credit';
import {
  cheapestInterview,
  openAvailability,
  signedIn,
  startTestApp,
  TestClient,
  userIdOf,
  type InterviewChoice,
  type TestContext,
} from '../../test/harness';
import { CARD_DECLINED } from '../payments/cards';
import { BOOKING_CODE_NOT_FOUND } from './routes';
import { BOOKING_CODE_LIMIT, BOOKING_LIMIT, successesPerWindow } from './limits';

// The booking limits (decision 105) over the real routes and database. Each test uses users and
// addresses (TEST-NET, given as the socket's address) of its own, so their counts never meet.

let ctx: TestContext;
let maya: number;
let option: InterviewChoice;
let keys = 0;

const BOOKING_MESSAGE = /^Too many booking attempts\. Please try again in \d+ seconds\.$/;
const CODE_MESSAGE = /^Too many booking code checks\. Please try again in \d+ seconds\.$/;

/** How many failures a user, and an address, gets in a window before the next is refused. */
const failuresPerUser = (limit: typeof BOOKING_LIMIT) =>
  Math.floor(limit.perUser.max / limit.failureWeight);
const failuresPerAddress = (limit: typeof BOOKING_LIMIT) =>
  Math.floor(limit.perAddress.max / limit.failureWeight);

/** A UTC time `days` from now at `hour`:00, as the booking flow sends it. */
function utc(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A seeded show owner, signed in, with their show. */
async function showOwner(app: FastifyInstance, email: string) {
  const userId = await userIdOf(ctx.db, email);
  const show = await ctx.db
    .selectFrom('show_profiles')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { client: await signedIn(app, email), show: show.id };
}

/** `show` books Maya from `address`, paying with `paymentMethod`. */
function bookMaya(
  booker: { client: TestClient; show: number },
  address: string,
  paymentMethod: string,
  extra: Record<string, unknown> = {},
) {
  return booker.client.request('POST', `/api/v1/guests/${maya}/book`, {
    remoteAddress: address,
    headers: { 'Idempotency-Key': `limits-${(keys += 1)}` },
    body: {
      show_profile_id: booker.show,
      proposed_dates: [utc(20 + (keys % 20), 15)],
      interview_duration: option.duration,
      payment_method: paymentMethod,
      booking_options: [
        {
          booking_option_id: option.booking_option_id,
          price_id: option.price_id,
          amount: option.amount,
        },
      ],
      ...extra,
    },
  });
}

/** GET Maya's booking code `code` as `client` from `address`. */
function lookUp(client: TestClient, address: string, code: string, app?: FastifyInstance) {
  const url = `/api/v1/guests/${maya}/booking-codes/${code}`;
  if (!app) return client.request('GET', url, { remoteAddress: address });
  return app.inject({
    method: 'GET',
    url,
    remoteAddress: address,
    headers: { cookie: client.cookieHeader() },
  });
}

function assertRefused(
  response: { statusCode: number; body: string; headers: object },
  message: RegExp,
) {
  assert.equal(response.statusCode, 429, response.body);
  const { headers } = response as { headers: Record<string, string> };
  const seconds = Number(headers['retry-after']);
  assert.ok(seconds >= 1 && seconds <= 60 * 60, `Retry-After ${headers['retry-after']}`);
  assert.match(JSON.parse(response.body).message, message);
  assert.ok(JSON.parse(response.body).message.includes(`in ${seconds} seconds`));
}

before(async () => {
  // The limits as they are in production (the harness raises them for other suites).
  ctx = await startTestApp({ config: { bookingLimitScale: 1 } });
  maya = (
    await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('user_id', '=', await userIdOf(ctx.db, 'guest@guestspot.test'))
      .executeTakeFirstOrThrow()
  ).id;
  await openAvailability(await signedIn(ctx.app, 'guest@guestspot.test'), maya);
  option = await cheapestInterview(ctx.db, maya);
});
after(() => ctx.close());

describe('booking creation', () => {
  it('refuses declined cards after a handful, with Retry-After, without asking the provider', async (t) => {
    const authorize = t.mock.method(ctx.app.payments, 'authorizeCharge');
    const booker = await showOwner(ctx.app, 'hannah.vasquez@guestspot.test');
    const allowed = failuresPerUser(BOOKING_LIMIT);
    assert.ok(allowed <= 5, 'card testing stops within a handful of tries');
    for (let attempt = 0; attempt < allowed; attempt += 1) {
      const declined = await bookMaya(booker, '203.0.113.1', 'pm_card_chargeDeclined');
      assert.equal(declined.statusCode, 402, declined.body);
      assert.equal(declined.json().message, CARD_DECLINED);
    }
    assert.equal(authorize.mock.callCount(), allowed);

    // Even a good card now waits: the provider is not asked.
    assertRefused(await bookMaya(booker, '203.0.113.1', 'pm_card_visa'), BOOKING_MESSAGE);
    assert.equal(authorize.mock.callCount(), allowed);
  });

  it('lets no more of a burst sent at once through than one at a time', async (t) => {
    const authorize = t.mock.method(ctx.app.payments, 'authorizeCharge');
    const booker = await showOwner(ctx.app, 'grace.okafor@guestspot.test');
    const answers = await Promise.all(
      Array.from({ length: 15 }, () => bookMaya(booker, '203.0.113.2', 'pm_card_chargeDeclined')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    const allowed = failuresPerUser(BOOKING_LIMIT);
    assert.equal(statuses.filter((status) => status === 402).length, allowed);
    assert.equal(statuses.filter((status) => status === 429).length, 15 - allowed);
    assert.equal(authorize.mock.callCount(), allowed);
  });

  it('counts a booking with a code that is not valid as a failure', async () => {
    const booker = await showOwner(ctx.app, 'kwame.laurent@guestspot.test');
    for (let attempt = 0; attempt < failuresPerUser(BOOKING_LIMIT); attempt += 1) {
      const guessed = await bookMaya(booker, '203.0.113.3', 'pm_card_visa', {
        code: `GUESS${attempt}`,
      });
      assert.equal(guessed.statusCode, 422, guessed.body);
      assert.ok('code' in guessed.json().errors);
    }
    const code = DEMO_BOOKING_CODES.maya;
    assertRefused(await bookMaya(booker, '203.0.113.3', 'pm_card_visa', { code }), BOOKING_MESSAGE);
  });

  it('lets one user book more than anyone honestly would in an hour, then refuses', async () => {
    const booker = await showOwner(ctx.app, 'jamal.kim@guestspot.test');
    const honest = successesPerWindow(BOOKING_LIMIT.perUser, BOOKING_LIMIT.failureWeight);
    assert.ok(honest >= 40, `${honest} bookings an hour is below an honest number`);
    for (let booking = 0; booking < honest; booking += 1) {
      // Spread over addresses: this is about the user's own count.
      const address = `198.51.100.${1 + (booking % 2)}`;
      const response = await bookMaya(booker, address, 'pm_card_visa');
      assert.equal(response.statusCode, 201, `booking ${booking + 1}: ${response.body}`);
    }
    assertRefused(await bookMaya(booker, '198.51.100.3', 'pm_card_visa'), BOOKING_MESSAGE);
  });

  it('counts declines per user across addresses, and per address across users', async () => {
    const [first, second, third, fourth] = await Promise.all(
      ['elena.jovanovic', 'tanya.yamamoto', 'adrian.brennan', 'william.dubois'].map((name) =>
        showOwner(ctx.app, `${name}@guestspot.test`),
      ),
    );
    // One user from two addresses: refused from a third once the user's count is spent.
    for (let attempt = 0; attempt < failuresPerUser(BOOKING_LIMIT); attempt += 1) {
      const address = attempt % 2 === 0 ? '203.0.113.10' : '203.0.113.11';
      assert.equal((await bookMaya(first!, address, 'pm_card_chargeDeclined')).statusCode, 402);
    }
    assertRefused(await bookMaya(first!, '203.0.113.12', 'pm_card_visa'), BOOKING_MESSAGE);

    // Two users on one address spend the address's count: a third user there is refused before
    // spending anything of their own, and books from elsewhere.
    const shared = '203.0.113.13';
    for (let attempt = 0; attempt < failuresPerAddress(BOOKING_LIMIT); attempt += 1) {
      const booker = attempt % 2 === 0 ? second! : third!;
      const declined = await bookMaya(booker, shared, 'pm_card_chargeDeclined');
      assert.equal(declined.statusCode, 402, `decline ${attempt + 1}: ${declined.body}`);
    }
    assertRefused(await bookMaya(fourth!, shared, 'pm_card_visa'), BOOKING_MESSAGE);
    assert.equal((await bookMaya(fourth!, '203.0.113.14', 'pm_card_visa')).statusCode, 201);
  });
});

describe('a guest booking a show', () => {
  it('is limited the same way: declines on the booking, codes on the quote', async () => {
    const tanya = await signedIn(ctx.app, 'tanya.petrov@guestspot.test');
    const guest = (
      await ctx.db
        .selectFrom('guest_profiles')
        .select('id')
        .where('user_id', '=', await userIdOf(ctx.db, 'tanya.petrov@guestspot.test'))
        .executeTakeFirstOrThrow()
    ).id;
    const show = (
      await ctx.db
        .selectFrom('show_profiles')
        .select('id')
        .where('name', '=', 'Morning Momentum')
        .executeTakeFirstOrThrow()
    ).id;
    const price = await ctx.db
      .selectFrom('show_option_prices')
      .select(['id', 'price', 'interview_duration', 'booking_option_id'])
      .where('show_profile_id', '=', show)
      .where('price', '>', 0)
      .orderBy('price')
      .executeTakeFirstOrThrow();
    const address = '203.0.113.50';
    const book = () =>
      tanya.request('POST', `/api/v1/shows/${show}/book`, {
        remoteAddress: address,
        headers: { 'Idempotency-Key': `limits-${(keys += 1)}` },
        body: {
          guest_profile_id: guest,
          interview_duration: price.interview_duration,
          payment_method: 'pm_card_chargeDeclined',
          booking_options: [
            {
              booking_option_id: price.booking_option_id,
              price_id: price.id,
              amount: price.price,
            },
          ],
        },
      });
    for (let attempt = 0; attempt < failuresPerUser(BOOKING_LIMIT); attempt += 1) {
      const declined = await book();
      assert.equal(declined.statusCode, 402, declined.body);
    }
    assertRefused(await book(), BOOKING_MESSAGE);

    // A show has no codes: every code sent with its quote is a miss.
    const quote = () =>
      tanya.request('POST', `/api/v1/shows/${show}/booking-quote`, {
        remoteAddress: address,
        body: {
          guest_profile_id: guest,
          booking_option_id: price.booking_option_id,
          interview_duration: price.interview_duration,
          code: DEMO_BOOKING_CODES.maya,
        },
      });
    for (let attempt = 0; attempt < failuresPerUser(BOOKING_CODE_LIMIT); attempt += 1) {
      const miss = await quote();
      assert.equal(miss.statusCode, 422, miss.body);
      assert.deepEqual(Object.keys(miss.json().errors), ['code']);
    }
    assertRefused(await quote(), CODE_MESSAGE);
  });
});

describe('booking codes and quotes', () => {
  it('refuses code guesses on the look-up after a handful, even the right code', async () => {
    const guesser = await signedIn(ctx.app, 'hiroshi.gupta@guestspot.test');
    const allowed = failuresPerUser(BOOKING_CODE_LIMIT);
    assert.ok(allowed <= 5, 'code guessing stops within a handful of tries');
    for (let attempt = 0; attempt < allowed; attempt += 1) {
      const miss = await lookUp(guesser, '203.0.113.20', `GUESS${attempt}`);
      assert.equal(miss.statusCode, 404, miss.body);
      assert.equal(miss.json().message, BOOKING_CODE_NOT_FOUND);
    }
    assertRefused(await lookUp(guesser, '203.0.113.20', DEMO_BOOKING_CODES.maya), CODE_MESSAGE);
  });

  it('refuses code guesses through the quote, sharing the count with the look-up', async () => {
    const { client, show } = await showOwner(ctx.app, 'amara.abbott@guestspot.test');
    const quote = (code: string) =>
      client.request('POST', `/api/v1/guests/${maya}/booking-quote`, {
        remoteAddress: '203.0.113.21',
        body: {
          show_profile_id: show,
          booking_option_id: option.booking_option_id,
          interview_duration: option.duration,
          code,
        },
      });
    // One guess on the look-up, the rest through the quote.
    assert.equal((await lookUp(client, '203.0.113.21', 'GUESS')).statusCode, 404);
    for (let attempt = 1; attempt < failuresPerUser(BOOKING_CODE_LIMIT); attempt += 1) {
      const miss = await quote(`GUESS${attempt}`);
      // refused for the code alone: the rest of the quote is good
      assert.equal(miss.statusCode, 422, miss.body);
      assert.deepEqual(Object.keys(miss.json().errors), ['code']);
    }
    assertRefused(await quote(DEMO_BOOKING_CODES.maya), CODE_MESSAGE);
  });

  it('lets a good quote or look-up cost one point', async () => {
    const { client, show } = await showOwner(ctx.app, 'olivia.petrov@guestspot.test');
    const checks = 30;
    for (let check = 0; check < checks; check += 1) {
      const found = await lookUp(client, '203.0.113.22', DEMO_BOOKING_CODES.maya);
      assert.equal(found.statusCode, 200, found.body);
      const quoted = await client.request('POST', `/api/v1/guests/${maya}/booking-quote`, {
        remoteAddress: '203.0.113.22',
        body: {
          show_profile_id: show,
          booking_option_id: option.booking_option_id,
          interview_duration: option.duration,
        },
      });
      assert.equal(quoted.statusCode, 200, quoted.body);
    }
    // A point each, not a failure's worth: wrong codes still fit until the count is spent.
    const { perUser, failureWeight } = BOOKING_CODE_LIMIT;
    const left = Math.floor((perUser.max - 2 * checks) / failureWeight);
    assert.ok(left > 0);
    for (let attempt = 0; attempt < left; attempt += 1) {
      assert.equal((await lookUp(client, '203.0.113.22', `GUESS${attempt}`)).statusCode, 404);
    }
    assertRefused(await lookUp(client, '203.0.113.22', 'GUESS'), CODE_MESSAGE);
  });

  it('counts code guesses per user across addresses, and per address across users', async () => {
    const [first, second, third, fourth, fifth] = await Promise.all(
      [
        'hiroshi.bergstrom',
        'yusuf.dubois',
        'uma.laurent',
        'samuel.underwood',
        'hannah.lachance',
      ].map((name) => signedIn(ctx.app, `${name}@guestspot.test`)),
    );
    // One user from two addresses: refused from a third once the user's count is spent, while
    // another user there still is answered.
    for (let attempt = 0; attempt < failuresPerUser(BOOKING_CODE_LIMIT); attempt += 1) {
      const address = attempt % 2 === 0 ? '203.0.113.30' : '203.0.113.31';
      assert.equal((await lookUp(first!, address, `GUESS${attempt}`)).statusCode, 404);
    }
    assertRefused(await lookUp(first!, '203.0.113.32', 'GUESS'), CODE_MESSAGE);
    assert.equal((await lookUp(fifth!, '203.0.113.32', 'GUESS')).statusCode, 404);

    // Two users on one address spend the address's count: a third user there is refused before
    // spending anything of their own, and is answered from elsewhere.
    const shared = '203.0.113.33';
    for (let attempt = 0; attempt < failuresPerAddress(BOOKING_CODE_LIMIT); attempt += 1) {
      const guesser = attempt % 2 === 0 ? second! : third!;
      const miss = await lookUp(guesser, shared, `GUESS${attempt}`);
      assert.equal(miss.statusCode, 404, `guess ${attempt + 1}: ${miss.body}`);
    }
    assertRefused(await lookUp(fourth!, shared, DEMO_BOOKING_CODES.maya), CODE_MESSAGE);
    assert.equal((await lookUp(fourth!, '203.0.113.34', DEMO_BOOKING_CODES.maya)).statusCode, 200);
  });

  it('is one count for every API instance on the database', async () => {
    const other = await buildApp({
      db: ctx.db,
      events: ctx.events,
      config: { sessionSecret: 'test-secret', bookingLimitScale: 1 },
    });
    try {
      await other.ready();
      const guesser = await signedIn(ctx.app, 'sienna.lachance@guestspot.test');
      const allowed = failuresPerUser(BOOKING_CODE_LIMIT);
      for (let attempt = 0; attempt < allowed; attempt += 1) {
        const app = attempt % 2 === 0 ? ctx.app : other;
        const miss = await lookUp(guesser, '203.0.113.40', `GUESS${attempt}`, app);
        assert.equal(miss.statusCode, 404, miss.body);
      }
      for (const app of [ctx.app, other]) {
        const refused = await lookUp(guesser, '203.0.113.40', DEMO_BOOKING_CODES.maya, app);
        assertRefused(refused, CODE_MESSAGE);
      }
    } finally {
      await other.close();
    }
  });
});
