import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BookingCalendar, BookingListItem, BookingStats, Paginated } from '../../contract';
import { addToTeam, insertBooking, makeAccount } from '../../test/booking-list';
import {
  errorsOf,
  signedIn,
  startTestApp,
  type TestClient,
  type TestContext,
} from '../../test/harness';

// GET /bookings' filters, sorts and rows, GET /bookings/stats and /bookings/calendar-view
// (booking-management… §2, §3, §4, §7, §9; decision 117), on accounts of their own.

let ctx: TestContext;
let lena: TestClient;
/** the bookings by name, see before() */
const ids: Record<string, number> = {};
let emails: Record<'lena' | 'agent' | 'basic' | 'stranger' | 'cara', string>;

const at = (iso: string) => new Date(iso);

before(async () => {
  ctx = await startTestApp();
  const db = ctx.db;
  // Lena reads dates in Auckland (UTC+13 in March 2031): 23:30 UTC on 31 March is 1 April there.
  const lenaAccount = await makeAccount(db, 'Lena List', {
    guest: 'Lena Guest',
    show: 'Lena Show',
    timezone: 'Pacific/Auckland',
  });
  const bob = await makeAccount(db, 'Bob Alpha', { show: 'Alpha Radio' });
  const cara = await makeAccount(db, 'Cara Zulu', { guest: 'Cara Zulu' });
  const agent = await makeAccount(db, 'Agent Smith');
  const basic = await makeAccount(db, 'Basil Basic');
  const stranger = await makeAccount(db, 'Stan Ranger', { show: 'Stranger Show' });
  await addToTeam(db, lenaAccount.userId, agent.userId, 'agency');
  await addToTeam(db, lenaAccount.userId, basic.userId, 'admin');
  emails = {
    lena: lenaAccount.email,
    agent: agent.email,
    basic: basic.email,
    stranger: stranger.email,
    cara: cara.email,
  };
  const lenaGuest = lenaAccount.guestId!;
  const lenaShow = lenaAccount.showId!;
  const alpha = bob.showId!;
  const zulu = cara.guestId!;
  const asGuest = { guest_profile_id: lenaGuest, show_profile_id: alpha };
  const asShow = { guest_profile_id: zulu, show_profile_id: lenaShow };
  ids.pending = await insertBooking(db, {
    ...asGuest,
    initiator: 'show',
    status: 'pending',
    price: 5000,
    created_at: at('2031-03-10T12:00:00Z'),
    expires_at: at('2031-12-01T00:00:00Z'),
    proposed_dates: ['2031-06-01T10:00:00.000Z', '2031-06-02T10:00:00.000Z'],
    proposed_by: 'show',
    guest_seen_at: null,
  });
  ids.confirmed = await insertBooking(db, {
    ...asGuest,
    initiator: 'guest',
    status: 'scheduled',
    price: 25000,
    booking_date: at('2031-03-15T15:00:00Z'),
  });
  ids.completed = await insertBooking(db, {
    ...asShow,
    initiator: 'guest',
    status: 'completed',
    price: 100000,
    booking_date: at('2031-02-20T15:00:00Z'),
  });
  ids.canceled = await insertBooking(db, {
    ...asShow,
    initiator: 'show',
    status: 'canceled',
    price: 150000,
    created_at: at('2031-03-05T12:00:00Z'),
  });
  ids.expired = await insertBooking(db, {
    ...asShow,
    initiator: 'show',
    status: 'expired',
    price: 0,
    created_at: at('2031-01-05T12:00:00Z'),
  });
  ids.accepted = await insertBooking(db, {
    ...asGuest,
    initiator: 'show',
    status: 'accepted',
    price: 7500,
    created_at: at('2031-03-20T12:00:00Z'),
    guest_seen_at: null,
  });
  ids.elsewhere = await insertBooking(db, {
    ...asGuest,
    initiator: 'show',
    status: 'scheduled',
    scheduled_without_date: true,
    price: 9900,
    created_at: at('2031-03-25T12:00:00Z'),
  });
  ids.april = await insertBooking(db, {
    ...asGuest,
    initiator: 'guest',
    status: 'scheduled',
    price: 12345,
    booking_date: at('2031-03-31T23:30:00Z'),
  });
  ids.strangers = await insertBooking(db, {
    guest_profile_id: zulu,
    show_profile_id: stranger.showId!,
    initiator: 'show',
    status: 'pending',
  });
  lena = await signedIn(ctx.app, emails.lena);
});
after(() => ctx.close());

const names = (rows: { id: number }[]) =>
  rows.map((row) => Object.keys(ids).find((name) => ids[name] === row.id) ?? row.id);

async function list(client: TestClient, query = ''): Promise<Paginated<BookingListItem>> {
  const response = await client.get(`/api/v1/bookings?limit=100${query ? `&${query}` : ''}`);
  assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
  return response.json();
}

const DEFAULT_ORDER = [
  'april',
  'confirmed',
  'completed',
  'elsewhere',
  'accepted',
  'expired',
  'canceled',
  'pending',
];

describe('GET /bookings: who sees what', () => {
  it('answers 401 to a visitor on every list tool', async () => {
    for (const url of ['', '/stats', '/calendar-view?from=2031-03-01&to=2031-03-31', '/export']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/bookings${url}` });
      assert.equal(response.statusCode, 401, url);
    }
  });

  it('lists the viewer’s bookings on both sides, newest booking date first, undated last', async () => {
    assert.deepEqual(names((await list(lena)).data), DEFAULT_ORDER);
  });

  it('shows a team member their owner’s bookings from the owner’s side; a stranger none', async () => {
    for (const email of [emails.agent, emails.basic]) {
      const member = await signedIn(ctx.app, email);
      const body = await list(member);
      assert.deepEqual(names(body.data), DEFAULT_ORDER, email);
      const row = body.data.find((booking) => booking.id === ids.confirmed)!;
      assert.equal(row.counterpart.name, 'Alpha Radio');
      assert.equal(row.booked_by, 'me');
    }
    const stranger = await signedIn(ctx.app, emails.stranger);
    assert.deepEqual(names((await list(stranger)).data), ['strangers']);
    const cara = await signedIn(ctx.app, emails.cara);
    assert.deepEqual(names((await list(cara)).data).sort(), [
      'canceled',
      'completed',
      'expired',
      'strangers',
    ]);
  });

  it('pages by 10 by default with the pagination meta', async () => {
    const first = (await lena.get('/api/v1/bookings')).json() as Paginated<BookingListItem>;
    assert.equal(first.meta.pagination.per_page, 10);
    const page = (await lena.get('/api/v1/bookings?limit=3&page=2')).json();
    assert.deepEqual(names(page.data), DEFAULT_ORDER.slice(3, 6));
    assert.deepEqual(page.meta.pagination, {
      total: 8,
      count: 3,
      per_page: 3,
      current_page: 2,
      total_pages: 3,
    });
    const past = (await lena.get('/api/v1/bookings?limit=3&page=9')).json();
    assert.equal(past.meta.pagination.total, 8);
    assert.deepEqual(past.data, []);
  });
});

describe('GET /bookings: the rows', () => {
  it('derives the row status by the spec’s priority and says who booked', async () => {
    const rows = (await list(lena)).data;
    const of = (name: string) => rows.find((row) => row.id === ids[name])!;
    const expected: Record<string, [string, string]> = {
      pending: ['pending', 'others'],
      confirmed: ['confirmed', 'me'],
      completed: ['completed', 'others'],
      canceled: ['canceled', 'me'],
      expired: ['expired', 'me'],
      accepted: ['accepted', 'others'],
      elsewhere: ['scheduled', 'others'],
      april: ['confirmed', 'me'],
    };
    for (const [name, [status, bookedBy]] of Object.entries(expected)) {
      assert.equal(of(name).list_status, status, name);
      assert.equal(of(name).booked_by, bookedBy, name);
    }
    assert.equal(of('confirmed').price, 25000);
    assert.equal(of('confirmed').interview_duration, 30);
    assert.equal(of('pending').is_new, true);
    assert.equal(of('confirmed').is_new, false);
  });

  it('offers confirm and reject exactly where the routes allow them', async () => {
    const actionsOf = async (client: TestClient) =>
      Object.fromEntries(
        (await list(client)).data.map((row) => [names([row])[0], row.list_actions]),
      );
    const owner = await actionsOf(lena);
    assert.deepEqual(owner.pending, ['confirm', 'reject']);
    for (const name of DEFAULT_ORDER.filter((name) => name !== 'pending')) {
      assert.deepEqual(owner[name], [], name);
    }
    const agent = await actionsOf(await signedIn(ctx.app, emails.agent));
    assert.deepEqual(agent.pending, ['confirm', 'reject']);
    // A Basic member moves no money: confirming a pending booking captures, rejecting releases.
    const basic = await actionsOf(await signedIn(ctx.app, emails.basic));
    assert.deepEqual(basic.pending, []);
  });
});

describe('GET /bookings: filters', () => {
  it('filters by each status id, and by several', async () => {
    const cases: Record<string, string[]> = {
      is_pending: ['pending'],
      is_accepted: ['accepted'],
      is_scheduled: ['april', 'confirmed', 'elsewhere'],
      is_completed: ['completed'],
      is_canceled: ['canceled'],
      is_expired: ['expired'],
      'is_pending,is_accepted': ['accepted', 'pending'],
    };
    for (const [filter, expected] of Object.entries(cases)) {
      assert.deepEqual(
        names((await list(lena, `filter[status]=${filter}`)).data),
        expected,
        filter,
      );
    }
    const stored = await lena.get('/api/v1/bookings?filter[status]=pending');
    assert.equal(stored.statusCode, 422);
    assert.deepEqual(errorsOf(stored)['filter.status'], ['The selected filter.status is invalid.']);
  });

  it('searches either profile’s name, any case, and the order number', async () => {
    const search = async (text: string) =>
      names((await list(lena, `filter[search]=${encodeURIComponent(text)}`)).data);
    assert.deepEqual(await search('ALPHA'), [
      'april',
      'confirmed',
      'elsewhere',
      'accepted',
      'pending',
    ]);
    assert.deepEqual(await search('zul'), ['completed', 'expired', 'canceled']);
    assert.deepEqual(await search(`#000${ids.completed}`), ['completed']);
    assert.deepEqual(await search(String(ids.canceled)), ['canceled']);
    // LIKE's wildcards are text
    assert.deepEqual(await search('%'), []);
    assert.deepEqual(await search('  '), DEFAULT_ORDER);
    const long = await lena.get(`/api/v1/bookings?filter[search]=${'x'.repeat(256)}`);
    assert.equal(long.statusCode, 422);
  });

  it('filters by an amount range in cents, open above at the slider’s top', async () => {
    const price = async (range: string) => names((await list(lena, `filter[price]=${range}`)).data);
    assert.deepEqual(await price('10000'), ['april', 'confirmed', 'completed', 'canceled']);
    assert.deepEqual(await price('10000,100000'), ['april', 'confirmed', 'completed']);
    assert.deepEqual(await price('0,0'), ['expired']);
    assert.deepEqual(
      await price('0,100000'),
      DEFAULT_ORDER.filter((name) => name !== 'canceled'),
    );
    for (const bad of ['100001', '0,100001', '5,4', 'a', '-1', '1,2,3', '1.5']) {
      const response = await lena.get(`/api/v1/bookings?filter[price]=${bad}`);
      assert.equal(response.statusCode, 422, bad);
      assert.ok(errorsOf(response)['filter.price'], bad);
    }
  });

  it('filters by who booked', async () => {
    assert.deepEqual(names((await list(lena, 'filter[bookedBy]=me')).data), [
      'april',
      'confirmed',
      'expired',
      'canceled',
    ]);
    assert.deepEqual(names((await list(lena, 'filter[bookedBy]=others')).data), [
      'completed',
      'elsewhere',
      'accepted',
      'pending',
    ]);
    const bad = await lena.get('/api/v1/bookings?filter[bookedBy]=everyone');
    assert.equal(bad.statusCode, 422);
  });

  it('filters by a month of the viewer’s zone: the interview’s, else the request’s', async () => {
    assert.deepEqual(names((await list(lena, 'filter[month]=2031-03')).data), [
      'confirmed',
      'elsewhere',
      'accepted',
      'canceled',
      'pending',
    ]);
    assert.deepEqual(names((await list(lena, 'filter[month]=2031-04')).data), ['april']);
    assert.deepEqual(names((await list(lena, 'filter[month]=2031-02')).data), ['completed']);
    for (const bad of ['2031-13', '2031-3', 'March']) {
      const response = await lena.get(`/api/v1/bookings?filter[month]=${bad}`);
      assert.equal(response.statusCode, 422, bad);
    }
  });

  it('combines filters', async () => {
    const query =
      'filter[month]=2031-03&filter[bookedBy]=others&filter[status]=is_pending,is_scheduled';
    assert.deepEqual(names((await list(lena, query)).data), ['elsewhere', 'pending']);
  });
});

describe('GET /bookings: sorts', () => {
  it('sorts by booking date, creation and amount, either way, ties by id', async () => {
    const sorted = async (sort: string) => names((await list(lena, `sort=${sort}`)).data);
    assert.deepEqual(await sorted('-booking_date'), DEFAULT_ORDER);
    assert.deepEqual(await sorted('booking_date'), [
      'completed',
      'confirmed',
      'april',
      'pending',
      'canceled',
      'expired',
      'accepted',
      'elsewhere',
    ]);
    const byPrice = [
      'canceled',
      'completed',
      'confirmed',
      'april',
      'elsewhere',
      'accepted',
      'pending',
      'expired',
    ];
    assert.deepEqual(await sorted('-price'), byPrice);
    assert.deepEqual(await sorted('price'), [...byPrice].reverse());
    const created = await sorted('created_at');
    assert.equal(created[0], 'expired');
    assert.deepEqual(await sorted('-created_at'), [...created].reverse());
    const bad = await lena.get('/api/v1/bookings?sort=name');
    assert.equal(bad.statusCode, 422);
  });
});

describe('GET /bookings/stats', () => {
  it('counts confirmed, pending and completed as the rows show them', async () => {
    const stats = (await lena.get('/api/v1/bookings/stats')).json().data as BookingStats;
    assert.deepEqual(stats, { confirmed: 2, pending: 1, completed: 1 });
    const rows = (await list(lena)).data;
    for (const key of ['confirmed', 'pending', 'completed'] as const) {
      assert.equal(stats[key], rows.filter((row) => row.list_status === key).length, key);
    }
    const agent = await signedIn(ctx.app, emails.agent);
    assert.deepEqual((await agent.get('/api/v1/bookings/stats')).json().data, stats);
    const stranger = await signedIn(ctx.app, emails.stranger);
    assert.deepEqual((await stranger.get('/api/v1/bookings/stats')).json(), {
      data: { confirmed: 0, pending: 1, completed: 0 },
    });
  });
});

describe('GET /bookings/calendar-view', () => {
  const calendar = async (client: TestClient, query: string) => {
    const response = await client.get(`/api/v1/bookings/calendar-view?${query}`);
    assert.equal(response.statusCode, 200, response.body);
    return response.json() as BookingCalendar;
  };

  it('keys a month of dated bookings by the day in the viewer’s zone', async () => {
    const april = await calendar(lena, 'from=2031-04-01&to=2031-04-30');
    assert.equal(april.timezone, 'Pacific/Auckland');
    assert.deepEqual(Object.keys(april.data), ['2031-04-01']);
    assert.deepEqual(april.data['2031-04-01'], [
      {
        id: ids.april,
        list_status: 'confirmed',
        booking_date: '2031-03-31T23:30:00.000Z',
        interview_duration: 30,
        is_pitch: false,
        price: 12345,
        booked_by: 'me',
        counterpart: {
          type: 'show',
          id: april.data['2031-04-01']![0]!.counterpart.id,
          name: 'Alpha Radio',
          imageUrl: april.data['2031-04-01']![0]!.counterpart.imageUrl,
        },
      },
    ]);
    const march = await calendar(lena, 'from=2031-03-01&to=2031-03-31');
    // 15:00 UTC on 15 March is 04:00 on 16 March in Auckland
    assert.deepEqual(Object.keys(march.data), ['2031-03-16']);
    const february = await calendar(lena, 'from=2031-02-01&to=2031-02-28');
    assert.equal(february.data['2031-02-21']?.[0]?.list_status, 'completed');
  });

  it('narrows to who booked; a stranger sees none of it', async () => {
    assert.deepEqual(
      (await calendar(lena, 'from=2031-03-01&to=2031-03-31&booked_by=others')).data,
      {},
    );
    assert.deepEqual(
      Object.keys((await calendar(lena, 'from=2031-03-01&to=2031-04-05&booked_by=me')).data),
      ['2031-03-16', '2031-04-01'],
    );
    const stranger = await signedIn(ctx.app, emails.stranger);
    assert.deepEqual((await calendar(stranger, 'from=2031-03-01&to=2031-04-05')).data, {});
  });

  it('refuses a range that is not one', async () => {
    const cases: Record<string, string> = {
      'from=2031-03-10&to=2031-03-01': 'to',
      'from=2031-01-01&to=2031-03-01': 'to',
      'from=2031-02-30&to=2031-03-01': 'from',
      'from=2031-3-1&to=2031-03-01': 'from',
      'to=2031-03-01': 'from',
      'from=2031-03-01&to=2031-03-02&booked_by=all': 'booked_by',
    };
    for (const [query, field] of Object.entries(cases)) {
      const response = await lena.get(`/api/v1/bookings/calendar-view?${query}`);
      assert.equal(response.statusCode, 422, query);
      assert.ok(errorsOf(response)[field], `${query}: ${response.body}`);
    }
    const longest = await lena.get('/api/v1/bookings/calendar-view?from=2031-03-01&to=2031-04-11');
    assert.equal(longest.statusCode, 200, '42 days');
  });
});
