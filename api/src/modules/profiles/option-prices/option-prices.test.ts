import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GuestProfile, Paginated } from '../../../contract';
import { DEMO_ACCOUNTS } from '../../../db/seed/seed';
import {
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
} from '../../../test/harness';
import type { OptionPricesDetail } from './queries';
import { DURATION_TWICE, SET_IN_AVAILABILITY } from './service';

// A profile's option prices per interview duration (decision 095): who may read and replace
// them, their messages, the atomic replace, and the kept lowest/highest prices that Browse and
// the pitch settings' max_price rule read.

let ctx: TestContext;
/** Priya's guest profile and her show (pro@; agency@ is in her team); Sofia's (show@). */
let priya: number;
let founderFiles: number;
let morning: number;
const option: Record<string, number> = {};

before(async () => {
  ctx = await startTestApp();
  priya = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  founderFiles = await profileIdOf(ctx.db, 'show_profiles', 'The Founder Files');
  morning = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  for (const row of await ctx.db.selectFrom('booking_options').select(['id', 'slug']).execute()) {
    option[row.slug] = row.id;
  }
});
after(() => ctx.close());

const url = (path: string) => `/api/v1${path}/option-prices`;

async function read(path: string): Promise<OptionPricesDetail> {
  const response = await ctx.app.inject({ method: 'GET', url: url(path) });
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ data: OptionPricesDetail }>().data;
}

const triples = (detail: OptionPricesDetail) =>
  detail.option_prices.map((row) => [row.slug, row.interview_duration, row.price]);

async function kept(table: 'guest_profiles' | 'show_profiles', id: number) {
  return ctx.db
    .selectFrom(table)
    .select(['lowest_price', 'highest_price'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('GET /{guests|shows}/{id}/option-prices', () => {
  it('gives anyone the options a side may sell and the prices in cents, by option and duration', async () => {
    const guest = await read(`/guests/${priya}`);
    assert.deepEqual(
      guest.booking_options.map((o) => [o.slug, o.editable]),
      [
        ['virtual-interview', false],
        ['guest-appearance', true],
        ['miniview', true],
        ['media-feature', true],
      ],
    );
    const rows = triples(guest);
    assert.deepEqual(rows.slice(0, 2), [
      ['virtual-interview', 30, 15000],
      ['virtual-interview', 60, 25000],
    ]);
    assert.ok(
      rows.some(
        ([slug, duration, price]) =>
          slug === 'guest-appearance' && duration === 60 && price === 40000,
      ),
    );
    const show = await read(`/shows/${founderFiles}`);
    assert.deepEqual(
      show.booking_options.map((o) => o.slug),
      ['virtual-interview', 'guest-appearance', 'media-feature'],
    );
    assert.ok(show.booking_options.every((o) => o.editable));
    assert.equal(
      (await ctx.app.inject({ method: 'GET', url: url('/guests/99999999') })).statusCode,
      404,
    );
  });
});

describe('PUT /{guests|shows}/{id}/option-prices', () => {
  it('lets the owner replace every price but the availability ones, in cents both ways, and Browse follows at once', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await owner.request('PUT', url(`/guests/${priya}`), {
      body: {
        option_prices: [
          { booking_option_id: option['guest-appearance'], interview_duration: 90, price: 65050 },
          { booking_option_id: option['guest-appearance'], interview_duration: 60, price: 50000 },
          { booking_option_id: option['media-feature'], interview_duration: 30, price: 8000 },
        ],
      },
    });
    assert.equal(response.statusCode, 200, response.body);
    const expected = [
      ['virtual-interview', 30, 15000],
      ['virtual-interview', 60, 25000],
      ['guest-appearance', 60, 50000],
      ['guest-appearance', 90, 65050],
      ['media-feature', 30, 8000],
    ];
    assert.deepEqual(triples(response.json<{ data: OptionPricesDetail }>().data), expected);
    assert.deepEqual(triples(await read(`/guests/${priya}`)), expected);
    assert.deepEqual(await kept('guest_profiles', priya), {
      lowest_price: 8000,
      highest_price: 50000,
    });
    const cents = await ctx.db
      .selectFrom('guest_option_prices')
      .select('price')
      .where('guest_profile_id', '=', priya)
      .where('interview_duration', '=', 90)
      .executeTakeFirstOrThrow();
    assert.equal(cents.price, 65050);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/guests?sort=price&filter[prices]=80-80&limit=100',
    });
    const mine = list.json<Paginated<GuestProfile>>().data.find((guest) => guest.id === priya);
    assert.ok(mine, 'listed in its new price range');
    assert.equal(mine.lowest_price, 8000);
  });

  it('moves the pitch settings’ max_price rule with the highest option', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const pitch = `/api/v1/guests/${priya}/pitch-settings`;
    // the highest option is now $500 (the seed's was $400)
    const within = await owner.request('PUT', pitch, { body: { price: 45000 } });
    assert.equal(within.statusCode, 200, within.body);

    const lowered = await owner.request('PUT', url(`/guests/${priya}`), {
      body: {
        option_prices: [
          { booking_option_id: option['guest-appearance'], interview_duration: 60, price: 30000 },
        ],
      },
    });
    assert.equal(lowered.statusCode, 200, lowered.body);
    assert.equal((await kept('guest_profiles', priya)).highest_price, 30000);
    const above = await owner.request('PUT', pitch, { body: { price: 45000 } });
    assert.equal(above.statusCode, 422);
    assert.deepEqual(above.json().errors, {
      price: ['Price cannot be more than your highest booking option ($300)'],
    });
  });

  it('is 401 to a visitor, 403 to another user, 404 for no such profile; team members may', async () => {
    const body = {
      option_prices: [
        { booking_option_id: option['virtual-interview'], interview_duration: 45, price: 12000 },
        { booking_option_id: option['guest-appearance'], interview_duration: 60, price: 0 },
      ],
    };
    const before = await read(`/shows/${founderFiles}`);
    const anonymous = new TestClient(ctx.app);
    assert.equal(
      (await anonymous.request('PUT', url(`/shows/${founderFiles}`), { body })).statusCode,
      401,
    );
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    assert.equal(
      (await other.request('PUT', url(`/shows/${founderFiles}`), { body })).statusCode,
      403,
    );
    // 403 before the body's 422
    assert.equal(
      (await other.request('PUT', url(`/shows/${founderFiles}`), { body: {} })).statusCode,
      403,
    );
    assert.equal((await other.request('PUT', url('/shows/99999999'), { body })).statusCode, 404);
    assert.deepEqual(await read(`/shows/${founderFiles}`), before);

    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const saved = await agency.request('PUT', url(`/shows/${founderFiles}`), { body });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.deepEqual(triples(saved.json<{ data: OptionPricesDetail }>().data), [
      ['virtual-interview', 45, 12000],
      ['guest-appearance', 60, 0],
    ]);
    assert.deepEqual(await kept('show_profiles', founderFiles), {
      lowest_price: 0,
      highest_price: 12000,
    });

    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const cleared = await owner.request('PUT', url(`/shows/${morning}`), {
      body: { option_prices: [] },
    });
    assert.equal(cleared.statusCode, 200, cleared.body);
    assert.deepEqual(cleared.json<{ data: OptionPricesDetail }>().data.option_prices, []);
    assert.deepEqual(await kept('show_profiles', morning), {
      lowest_price: null,
      highest_price: null,
    });
  });

  it('answers 422 with each row’s field and writes nothing', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const before = await read(`/guests/${priya}`);
    const ga = option['guest-appearance'];
    const typed = await owner.request('PUT', url(`/guests/${priya}`), {
      body: {
        option_prices: [
          { booking_option_id: ga, interview_duration: 30, price: 1000 },
          { booking_option_id: ga, interview_duration: 20, price: 1000 },
          { booking_option_id: ga, interview_duration: 45, price: -1 },
          { booking_option_id: ga, interview_duration: 60, price: 'ten' },
          { interview_duration: 75, price: 100 },
          { booking_option_id: ga, interview_duration: 90, price: '1000' },
          { booking_option_id: ga, interview_duration: 120, price: 10_000_001 },
        ],
      },
    });
    assert.equal(typed.statusCode, 422);
    assert.deepEqual(typed.json().errors, {
      'option_prices.1.interview_duration': [
        'The selected option prices.1.interview duration is invalid.',
      ],
      'option_prices.2.price': ['The option prices.2.price field must be at least 0.'],
      'option_prices.3.price': ['The option prices.3.price field must be an integer.'],
      'option_prices.4.booking_option_id': [
        'The option prices.4.booking option id field is required.',
      ],
      // cents arrive as JSON numbers: their text is not read as one
      'option_prices.5.price': ['The option prices.5.price field must be an integer.'],
      'option_prices.6.price': [
        'The option prices.6.price field must not be greater than 10000000.',
      ],
    });
    // a fraction of a cent
    const fraction = await owner.request('PUT', url(`/guests/${priya}`), {
      body: {
        option_prices: [
          { booking_option_id: ga, interview_duration: 30, price: 1000 },
          { booking_option_id: ga, interview_duration: 60, price: 650.5 },
        ],
      },
    });
    assert.equal(fraction.statusCode, 422);
    assert.deepEqual(fraction.json().errors, {
      'option_prices.1.price': ['The option prices.1.price field must be an integer.'],
    });
    const missing = await owner.request('PUT', url(`/guests/${priya}`), { body: {} });
    assert.deepEqual(missing.json().errors, {
      option_prices: ['The option prices field is required.'],
    });

    const ruled = await owner.request('PUT', url(`/guests/${priya}`), {
      body: {
        option_prices: [
          { booking_option_id: ga, interview_duration: 30, price: 1000 },
          { booking_option_id: option['virtual-interview'], interview_duration: 30, price: 1000 },
          { booking_option_id: option.pitch, interview_duration: 30, price: 1000 },
          { booking_option_id: ga, interview_duration: 30, price: 2000 },
        ],
      },
    });
    assert.equal(ruled.statusCode, 422);
    assert.deepEqual(ruled.json().errors, {
      'option_prices.1.booking_option_id': [SET_IN_AVAILABILITY],
      'option_prices.2.booking_option_id': [
        'The selected option prices.2.booking option id is invalid.',
      ],
      'option_prices.3.interview_duration': [DURATION_TWICE],
    });
    assert.deepEqual(await read(`/guests/${priya}`), before);

    // a show sells no MINIVIEW
    const show = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const miniview = await show.request('PUT', url(`/shows/${morning}`), {
      body: {
        option_prices: [{ booking_option_id: option.miniview, interview_duration: 15, price: 500 }],
      },
    });
    assert.deepEqual(Object.keys(miniview.json().errors), ['option_prices.0.booking_option_id']);
  });
});
