import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Booking, Paginated } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

/** Ids of the bookings whose guest or show belongs to this account, straight from the table. */
async function ownedBookingIds(email: string): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('bookings as b')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .innerJoin('users as u', (join) =>
      join.on((eb) =>
        eb.or([eb('u.id', '=', eb.ref('g.user_id')), eb('u.id', '=', eb.ref('s.user_id'))]),
      ),
    )
    .select('b.id')
    .where('u.email', '=', email)
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

describe('GET /bookings', () => {
  it('answers 401 to visitors', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings' });
    assert.equal(response.statusCode, 401);
    assert.deepEqual(response.json(), { message: 'Unauthenticated.' });
  });

  it('returns only the viewer’s bookings, newest booking date first', async () => {
    for (const email of [DEMO_ACCOUNTS.guest, DEMO_ACCOUNTS.show, DEMO_ACCOUNTS.pro]) {
      const client = await signedIn(ctx.app, email);
      const body: Paginated<Booking> = (await client.get('/api/v1/bookings?limit=100')).json();
      const expected = await ownedBookingIds(email);
      assert.ok(expected.length >= 3, `${email} has bookings`);
      assert.deepEqual(
        body.data.map((booking) => booking.id).sort((a, b) => a - b),
        expected,
        email,
      );
      const dated = body.data.filter((booking) => booking.booking_date !== null);
      const times = dated.map((booking) => Date.parse(booking.booking_date ?? ''));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
        'booking_date descending',
      );
      const firstUndated = body.data.findIndex((booking) => booking.booking_date === null);
      if (firstUndated >= 0) {
        assert.ok(body.data.slice(firstUndated).every((booking) => booking.booking_date === null));
      }
    }
  });

  it('defaults to 10 a page and shows the counterpart from the viewer’s side', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const body: Paginated<Booking> = (await client.get('/api/v1/bookings')).json();
    assert.equal(body.meta.pagination.per_page, 10);
    const me = (await client.get('/api/v1/users/me')).json().data;
    for (const booking of body.data) {
      assert.equal(booking.guest_profile.id, me.guest.id);
      assert.equal(booking.counterpart.type, 'show');
      assert.equal(booking.counterpart.id, booking.show_profile.id);
    }
    assert.ok(
      body.data.some((booking) => booking.is_new),
      'an unseen invitation',
    );
  });

  it('counts every booking on every page, past the last one too', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const expected = (await ownedBookingIds(DEMO_ACCOUNTS.guest)).length;
    for (const query of ['limit=2', 'limit=2&page=2', 'limit=2&page=99']) {
      const body: Paginated<Booking> = (await client.get(`/api/v1/bookings?${query}`)).json();
      assert.equal(body.meta.pagination.total, expected, query);
    }
    const past: Paginated<Booking> = (await client.get('/api/v1/bookings?limit=2&page=99')).json();
    assert.deepEqual(past.data, []);
  });

  it('filters by status, by the spec’s filter ids (decision 117)', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const body: Paginated<Booking> = (
      await client.get('/api/v1/bookings?filter[status]=is_pending,is_scheduled')
    ).json();
    assert.ok(body.data.length > 0);
    assert.ok(body.data.every((booking) => ['pending', 'scheduled'].includes(booking.status)));
    // A status list of blanks is no filter.
    const blank = await client.get('/api/v1/bookings?filter[status]=,&limit=100');
    assert.equal(blank.statusCode, 200, blank.body);
    assert.deepEqual(
      blank.json().data,
      (await client.get('/api/v1/bookings?limit=100')).json().data,
    );
    const bad = await client.get('/api/v1/bookings?filter[status]=lost');
    assert.equal(bad.statusCode, 422);
    assert.ok(bad.json().errors['filter.status']);
  });

  it('names every bad parameter in one 422, in the reader’s order and words', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await client.get(
      '/api/v1/bookings?filter[status]=is_pending,lost&filter[y]=2&limit=x&page=0',
    );
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The page field must be at least 1.',
      errors: {
        page: ['The page field must be at least 1.'],
        limit: ['The limit field must be an integer.'],
        filter: ['The filter.y filter is not allowed.'],
        'filter.status': ['The selected filter.status is invalid.'],
      },
    });
    // a visitor is refused before the query is read
    const visitor = await ctx.app.inject({ method: 'GET', url: '/api/v1/bookings?page=0' });
    assert.equal(visitor.statusCode, 401);
  });

  it('is empty for the standard account', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const body = (await client.get('/api/v1/bookings')).json();
    assert.deepEqual(body, {
      data: [],
      meta: { pagination: { total: 0, count: 0, per_page: 10, current_page: 1, total_pages: 1 } },
    });
  });
});
