import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DateTime } from 'luxon';
import type { Balance, Payment, PaymentsPage } from '../../contract';
import { bookInterview, devClockNow, impersonating, joinTeam } from '../../test/bookings';
import {
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  userIdOf,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import { assertLedgerBalanced } from '../../test/ledger';
import { pdfTextOf } from '../../test/pdf-text';
import { RECEIPT_NOT_PAID } from './payments-routes';

// The payments page (issue 33, decision 119): each side's payments in their own month and time
// zone, the search, the type filter and the sorts, the totals against the ledger, the referrer's
// share, the receipts, and who sees whose money.

const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let sofia: TestClient;
let maya: TestClient;
let priya: TestClient;
let ids: Record<'sofia' | 'maya' | 'priya', number>;
let mayaGuest: number;
let morningShow: number;
/** Sofia's show booked Maya; done, the show confirmed it; Maya has no payout account. */
let completed: number;
/** Sofia's show booked Maya; Maya has not answered (the card is held). */
let pending: number;

const clockNow = () => devClockNow(sofia);

async function payments(client: TestClient, query = ''): Promise<PaymentsPage> {
  const response = await client.get(`/api/v1/payments${query ? `?${query}` : ''}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as PaymentsPage;
}

/** The month `YYYY-MM` of `date` in `zone`. */
const monthOf = (date: Date, zone: string) =>
  DateTime.fromJSDate(date, { zone }).toFormat('yyyy-MM');

async function zoneOf(userId: number): Promise<string> {
  const user = await ctx.db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.timezone;
}

async function ledgerRows(bookingId: number) {
  return ctx.db
    .selectFrom('booking_payments')
    .select(['id', 'kind', 'amount', 'status', 'paid_at', 'created_at', 'payee_user_id'])
    .where('booking_id', '=', bookingId)
    .orderBy('id')
    .execute();
}

async function rowOf(bookingId: number, kind: string) {
  const row = (await ledgerRows(bookingId)).find((entry) => entry.kind === kind);
  assert.ok(row, `booking ${bookingId} has a ${kind} row`);
  return row;
}

/**
 * The month's paid money of `userId` read straight from the ledger: outgoing what they paid as
 * the booker (card, extra fee, credit), incoming their refunds, and the payouts and referral
 * shares paid to them (to the payee, else the booked profile's owner or the booker's referrer).
 */
async function ledgerTotals(userId: number, month: string) {
  const zone = await zoneOf(userId);
  const start = DateTime.fromFormat(month, 'yyyy-MM', { zone });
  const [from, to] = [start.toJSDate(), start.plus({ months: 1 }).toJSDate()];
  const rows = await ctx.db
    .selectFrom('booking_payments as p')
    .innerJoin('bookings as b', 'b.id', 'p.booking_id')
    .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
    .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
    .innerJoin('users as booker', 'booker.id', 'b.booker_user_id')
    .select(['p.kind', 'p.amount', 'p.payee_user_id', 'p.side', 'b.booker_user_id'])
    .select(['g.user_id as guest_owner', 's.user_id as show_owner', 'booker.referred_by'])
    .where('p.status', '=', 'paid')
    .where('p.paid_at', '>=', from)
    .where('p.paid_at', '<', to)
    .execute();
  const whose = (row: (typeof rows)[number]) => {
    if (row.kind === 'payout') {
      return row.payee_user_id ?? (row.side === 'guest' ? row.guest_owner : row.show_owner);
    }
    if (row.kind === 'referral_share') return row.payee_user_id ?? row.referred_by;
    return row.kind === 'service_fee' ? null : row.booker_user_id;
  };
  const sum = (kinds: string[]) =>
    rows
      .filter((row) => kinds.includes(row.kind) && whose(row) === userId)
      .reduce((total, row) => total + row.amount, 0);
  return {
    received: sum(['refund', 'payout', 'referral_share']),
    paid: sum(['charge', 'extra_fee', 'store_credit']),
  };
}

async function moveClock(body: Record<string, unknown>) {
  const response = await sofia.post('/api/v1/dev/clock', body);
  assert.equal(response.statusCode, 200, response.body);
}

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  ids = {
    sofia: await userIdOf(ctx.db, 'show@guestspot.test'),
    maya: await userIdOf(ctx.db, 'guest@guestspot.test'),
    priya: await userIdOf(ctx.db, 'pro@guestspot.test'),
  };
  mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(maya, mayaGuest);
  // Priya referred Sofia: she earns 7% of what Sofia books. Maya has no payout account, so her
  // payout waits (pending) after completion.
  await ctx.db
    .updateTable('users')
    .set({ referred_by: ids.priya })
    .where('id', '=', ids.sofia)
    .execute();
  await ctx.db.deleteFrom('payout_accounts').where('user_id', '=', ids.maya).execute();

  const at = new Date((await clockNow()).getTime() + 2 * DAY);
  at.setUTCHours(15, 0, 0, 0);
  const when = at.toISOString().slice(0, 19).replace('T', ' ');
  completed = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [when]);
  const confirmed = await maya.request('PATCH', `/api/v1/bookings/${completed}/confirm`, {
    body: { confirmed_date: when },
  });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  await moveClock({ advance_ms: 3 * DAY });
  const done = await sofia.request(
    'PATCH',
    `/api/v1/bookings/${completed}/completed-action/confirm`,
    {
      body: {},
    },
  );
  assert.equal(done.statusCode, 200, done.body);

  const later = new Date((await clockNow()).getTime() + 20 * DAY);
  later.setUTCHours(16, 0, 0, 0);
  pending = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [later]);
});

after(async () => {
  await assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() });
  await ctx.close();
});

/** The page of `client` for the month of `date` in their zone, with `extra` query. */
async function monthPage(client: TestClient, userId: number, date: Date, extra = '') {
  const month = monthOf(date, await zoneOf(userId));
  return payments(client, `filter[for_month]=${month}&limit=100${extra ? `&${extra}` : ''}`);
}

describe('GET /payments: each side sees its own money', () => {
  it('the booker sees what they paid as outgoing, paid, with a receipt', async () => {
    const charge = await rowOf(completed, 'charge');
    assert.equal(charge.status, 'paid');
    const page = await monthPage(sofia, ids.sofia, charge.paid_at!, 'filter[type]=outgoing');
    const shown = page.data.find((payment) => payment.id === charge.id);
    assert.deepEqual(
      shown && {
        type: shown.type,
        kind: shown.kind,
        raw_price: shown.raw_price,
        name: shown.name,
        status: shown.status,
        description: shown.description,
        download_url: shown.download_url,
      },
      {
        type: 'outgoing',
        kind: 'charge',
        raw_price: charge.amount,
        name: 'Maya Brooks',
        status: 'paid',
        description: `Booking #000${completed}`,
        download_url: `/api/v1/payments/${charge.id}/download`,
      },
    );
    assert.ok(page.data.every((payment) => payment.type === 'outgoing'));
    // The platform's service fee is inside the charge: never a payment of its own.
    const fee = await rowOf(completed, 'service_fee');
    assert.ok(!page.data.some((payment) => payment.id === fee.id));
  });

  it('a held card reads pending, without a receipt', async () => {
    const charge = await rowOf(pending, 'charge');
    assert.equal(charge.status, 'pending');
    const page = await monthPage(sofia, ids.sofia, charge.created_at);
    const shown = page.data.find((payment) => payment.id === charge.id);
    assert.equal(shown?.status, 'pending');
    assert.equal(shown?.download_url, null);
    const response = await sofia.get(`/api/v1/payments/${charge.id}/download`);
    assert.equal(response.statusCode, 409);
    assert.deepEqual(response.json(), { message: RECEIPT_NOT_PAID });
  });

  it('the invitee sees the payout owed as incoming and pending; GET /balance counts it', async () => {
    const payout = await rowOf(completed, 'payout');
    assert.equal(payout.status, 'pending');
    const page = await monthPage(maya, ids.maya, payout.created_at, 'filter[type]=incoming');
    const shown = page.data.find((payment) => payment.id === payout.id);
    assert.equal(shown?.type, 'incoming');
    assert.equal(shown?.name, 'Morning Momentum');
    assert.equal(shown?.raw_price, payout.amount);
    assert.equal(shown?.status, 'pending');
    assert.ok(page.data.every((payment) => payment.type === 'incoming'));
    // Not Sofia's: she sees only her own side.
    const sofiaPage = await monthPage(sofia, ids.sofia, payout.created_at);
    assert.ok(!sofiaPage.data.some((payment) => payment.id === payout.id));

    const owed = await ctx.db
      .selectFrom('booking_payments')
      .select((eb) => eb.fn.sum<string>('amount').as('owed'))
      .where('payee_user_id', '=', ids.maya)
      .where('status', '=', 'pending')
      .where('kind', 'in', ['payout', 'referral_share'])
      .executeTakeFirstOrThrow();
    const balance = (await maya.get('/api/v1/balance')).json().data as Balance;
    assert.ok(Number(owed.owed) >= payout.amount);
    assert.equal(balance.total_balance, balance.available_balance + Number(owed.owed));
    assert.equal(balance.available_balance, balance.guestspot_cash);
  });

  it('the referrer sees their 7% share of what the person they referred booked', async () => {
    const share = await rowOf(completed, 'referral_share');
    assert.equal(share.payee_user_id, ids.priya);
    const value = await ctx.db
      .selectFrom('bookings')
      .select('price')
      .where('id', '=', completed)
      .executeTakeFirstOrThrow();
    assert.ok(share.amount > 0 && share.amount < value.price);
    const date = share.paid_at ?? share.created_at;
    const page = await monthPage(priya, ids.priya, date);
    const shown = page.data.find((payment) => payment.id === share.id);
    assert.equal(shown?.kind, 'referral_share');
    assert.equal(shown?.type, 'incoming');
    assert.equal(shown?.raw_price, share.amount);
    assert.equal(shown?.name, 'Morning Momentum');
    assert.equal(shown?.description, `Referral share for booking #000${completed}`);
  });

  it("the month's totals are the ledger's paid money in and out, whatever the filters", async () => {
    const charge = await rowOf(completed, 'charge');
    for (const [client, userId] of [
      [sofia, ids.sofia],
      [priya, ids.priya],
      [maya, ids.maya],
    ] as const) {
      const month = monthOf(charge.paid_at!, await zoneOf(userId));
      const page = await payments(client, `filter[for_month]=${month}`);
      assert.deepEqual(page.meta.totals, await ledgerTotals(userId, month), `user ${userId}`);
      assert.equal(page.meta.month, month);
      const searched = await payments(
        client,
        `filter[for_month]=${month}&filter[search]=nothing-like-this&filter[type]=incoming`,
      );
      assert.deepEqual(searched.data, []);
      assert.equal(searched.meta.pagination.total, 0);
      assert.deepEqual(searched.meta.totals, page.meta.totals);
    }
  });
});

describe('GET /payments: search, sorts, pages, months', () => {
  it('searches the other party’s name and the order number', async () => {
    const charge = await rowOf(completed, 'charge');
    const byName = await monthPage(sofia, ids.sofia, charge.paid_at!, 'filter[search]=maya%20b');
    assert.ok(byName.data.some((payment) => payment.id === charge.id));
    assert.ok(byName.data.every((payment) => payment.name === 'Maya Brooks'));
    const byNumber = await monthPage(
      sofia,
      ids.sofia,
      charge.paid_at!,
      `filter[search]=%23000${completed}`,
    );
    assert.ok(byNumber.data.length > 0);
    assert.ok(byNumber.data.every((payment) => payment.booking_id === completed));
  });

  it('sorts by date (newest first by default), amount and to/from, and pages', async () => {
    const charge = await rowOf(completed, 'charge');
    const page = (sort: string) =>
      monthPage(sofia, ids.sofia, charge.paid_at!, `sort=${sort}`).then((p) => p.data);
    const sortedBy = (rows: Payment[], key: (row: Payment) => string | number, desc = false) =>
      rows.every((row, index) => {
        if (index === 0) return true;
        const [a, b] = [key(rows[index - 1]!), key(row)];
        return desc ? a >= b : a <= b;
      });
    const byDefault = await page('-payment_date');
    assert.ok(byDefault.length >= 1);
    assert.deepEqual(
      (
        await payments(
          sofia,
          `filter[for_month]=${monthOf(charge.paid_at!, await zoneOf(ids.sofia))}&limit=100`,
        )
      ).data,
      byDefault,
    );
    assert.ok(sortedBy(byDefault, (row) => row.payment_date, true));
    assert.ok(sortedBy(await page('payment_date'), (row) => row.payment_date));
    assert.ok(sortedBy(await page('raw_price'), (row) => row.raw_price));
    assert.ok(sortedBy(await page('-raw_price'), (row) => row.raw_price, true));
    assert.ok(sortedBy(await page('name'), (row) => row.name.toLowerCase()));

    const month = monthOf(charge.paid_at!, await zoneOf(ids.sofia));
    const first = await payments(sofia, `filter[for_month]=${month}&limit=1`);
    assert.equal(first.data.length, 1);
    assert.equal(first.meta.pagination.total, byDefault.length);
    assert.equal(first.meta.pagination.total_pages, byDefault.length);
    const beyond = await payments(sofia, `filter[for_month]=${month}&limit=1&page=999`);
    assert.deepEqual(beyond.data, []);
    assert.equal(beyond.meta.pagination.total, byDefault.length);
    assert.deepEqual(beyond.meta.totals, first.meta.totals);
  });

  it("reads months in the user's time zone, and refuses a month that is none", async () => {
    const charge = await rowOf(completed, 'charge');
    await ctx.db
      .updateTable('users')
      .set({ timezone: 'America/New_York' })
      .where('id', '=', ids.sofia)
      .execute();
    const setPaidAt = (iso: string) =>
      ctx.db
        .updateTable('booking_payments')
        .set({ paid_at: new Date(iso) })
        .where('id', '=', charge.id)
        .execute();
    const has = async (month: string) =>
      (await payments(sofia, `filter[for_month]=${month}&limit=100`)).data.some(
        (payment) => payment.id === charge.id,
      );
    try {
      // 04:59 UTC on March 1st is still February 28th in New York (EST, UTC-5).
      await setPaidAt('2030-03-01T04:59:00Z');
      assert.deepEqual([await has('2030-02'), await has('2030-03')], [true, false]);
      await setPaidAt('2030-03-01T05:00:00Z');
      assert.deepEqual([await has('2030-02'), await has('2030-03')], [false, true]);
      const page = await payments(sofia, 'filter[for_month]=2030-03');
      assert.equal(page.meta.timezone, 'America/New_York');
      assert.equal(page.meta.totals.paid, (await ledgerTotals(ids.sofia, '2030-03')).paid);
    } finally {
      await setPaidAt(charge.paid_at!.toISOString());
    }
    const wrong = await sofia.get('/api/v1/payments?filter[for_month]=2030-13');
    assert.equal(wrong.statusCode, 422);
    const current = await payments(sofia);
    assert.equal(current.meta.month, monthOf(await clockNow(), 'America/New_York'));
  });
});

describe('GET /payments/{id}/download', () => {
  it('answers the owner a PDF receipt of a paid payment', async () => {
    const charge = await rowOf(completed, 'charge');
    const response = await sofia.get(`/api/v1/payments/${charge.id}/download`);
    assert.equal(response.statusCode, 200);
    assert.equal(response.headers['content-type'], 'application/pdf');
    assert.equal(response.rawPayload.subarray(0, 5).toString(), '%PDF-');
    const text = pdfTextOf(response.rawPayload);
    const dollars = `$${(charge.amount / 100).toFixed(2)}`;
    for (const line of ['Receipt', `Booking #000${completed}`, 'Maya Brooks', dollars]) {
      assert.ok(text.includes(line), `shows ${line}: ${JSON.stringify(text)}`);
    }
  });

  it('is not found for anyone else, and for what never moved money', async () => {
    const charge = await rowOf(completed, 'charge');
    const fee = await rowOf(completed, 'service_fee');
    for (const client of [maya, priya]) {
      assert.equal((await client.get(`/api/v1/payments/${charge.id}/download`)).statusCode, 404);
    }
    assert.equal((await sofia.get(`/api/v1/payments/${fee.id}/download`)).statusCode, 404);
    assert.equal((await sofia.get('/api/v1/payments/999999/download')).statusCode, 404);
    const visitor = await ctx.app.inject({ url: `/api/v1/payments/${charge.id}/download` });
    assert.equal(visitor.statusCode, 401);
    assert.equal((await ctx.app.inject({ url: '/api/v1/payments' })).statusCode, 401);
  });
});

describe('who sees whose money', () => {
  it("an agency member impersonating the owner sees the owner's; as themselves, their own", async () => {
    await joinTeam(ctx.db, 'pro@guestspot.test', 'standard@guestspot.test', 'admin');
    const share = await rowOf(completed, 'referral_share');
    const date = share.paid_at ?? share.created_at;
    const month = monthOf(date, await zoneOf(ids.priya));
    const query = `filter[for_month]=${month}&limit=100`;
    const owner = await payments(priya, query);
    assert.ok(owner.data.some((payment) => payment.id === share.id));

    const acting = await impersonating(
      ctx.app,
      ctx.db,
      'agency@guestspot.test',
      'pro@guestspot.test',
    );
    assert.deepEqual(await payments(acting, query), owner);
    const receipt = share.status === 'paid' ? 200 : 409;
    assert.equal((await acting.get(`/api/v1/payments/${share.id}/download`)).statusCode, receipt);

    const agency = await signedIn(ctx.app, 'agency@guestspot.test');
    const basic = await signedIn(ctx.app, 'standard@guestspot.test');
    for (const member of [agency, basic]) {
      const own = await payments(member, query);
      assert.ok(!own.data.some((payment) => payment.id === share.id));
      assert.equal((await member.get(`/api/v1/payments/${share.id}/download`)).statusCode, 404);
    }
  });
});
