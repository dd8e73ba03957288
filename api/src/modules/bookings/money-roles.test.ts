import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  cheapestInterview,
  interviewBooking,
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  userIdOf,
  type TestContext,
} from '../../test/harness';
import {
  OWN_BOOKER_PROFILE_MESSAGE,
  OWNER_PAYS_MESSAGE,
  TEAM_PROFILE_MESSAGE,
} from '../booking-money/who-pays';
import { BASIC_MEMBER_MONEY_MESSAGE } from './action-rules';

// Who may spend and move a booking's money (issue 28 §1, decision 106): every money route
// against each role (owner, agency member as themselves and impersonating, Basic member, site
// admin impersonating, stranger), and the agency scenario that moved an owner's money to the
// agency member, replayed through the API.

let ctx: TestContext;
let sofia: TestClient;
let priya: TestClient;
let maya: TestClient;
let ids: Record<'pro' | 'agency' | 'basic' | 'admin', number>;
let priyaGuest: number;
let mayaGuest: number;
let morningShow: number;
let founderFiles: number;
let keys = 0;

const DAY = 24 * 60 * 60 * 1000;
let day = 30;

/** A fresh UTC time on the quarter hour, a month or more ahead: proposals never collide. */
function nextTime(): string {
  day += 1;
  const date = new Date(Date.now() + day * DAY);
  date.setUTCHours(14, 0, 0, 0);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

const key = () => `money-roles-${(keys += 1)}`;

/** The body of a paid booking of `guestId` by the show `showId`, one proposal. */
const guestBooking = (guestId: number, showId: number, overrides = {}) =>
  interviewBooking(ctx.db, guestId, showId, [nextTime()], overrides);

const post = (client: TestClient, url: string, body: unknown) =>
  client.request('POST', url, { body, headers: { 'Idempotency-Key': key() } });

/** show@'s Morning Momentum books Priya (pro@'s guest profile): pro@'s side is the invitee. */
async function priyaIsBooked(): Promise<number> {
  const response = await post(
    sofia,
    `/api/v1/guests/${priyaGuest}/book`,
    await guestBooking(priyaGuest, morningShow),
  );
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data.id as number;
}

async function impersonating(email: string, targetId: number): Promise<TestClient> {
  const client = await signedIn(ctx.app, email);
  const started = await client.post(`/api/v1/auth/impersonate/${targetId}`);
  assert.equal(started.statusCode, 200, started.body);
  return client;
}

async function chargeStatus(bookingId: number): Promise<string | undefined> {
  const row = await ctx.db
    .selectFrom('booking_payments as p')
    .innerJoin('local_charges as c', 'c.id', 'p.provider_reference')
    .select('c.status')
    .where('p.booking_id', '=', bookingId)
    .where('p.kind', '=', 'charge')
    .executeTakeFirst();
  return row?.status;
}

/** pro@'s card charges and store credit: what an attacker acting as pro@ must not touch. */
async function proMoney() {
  const charges = await ctx.db
    .selectFrom('local_charges')
    .select(['id', 'status', 'amount'])
    .where('user_id', '=', ids.pro)
    .orderBy('id')
    .execute();
  const credit = await ctx.db
    .selectFrom('store_credit_entries')
    .select(['id', 'amount'])
    .where('user_id', '=', ids.pro)
    .orderBy('id')
    .execute();
  return { charges, credit };
}

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  ids = {
    pro: await userIdOf(ctx.db, 'pro@guestspot.test'),
    agency: await userIdOf(ctx.db, 'agency@guestspot.test'),
    basic: await userIdOf(ctx.db, 'standard@guestspot.test'),
    admin: await userIdOf(ctx.db, 'admin@guestspot.test'),
  };
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  founderFiles = await profileIdOf(ctx.db, 'show_profiles', 'The Founder Files');
  await openAvailability(priya, priyaGuest);
  await openAvailability(maya, mayaGuest);
  // standard@ joins pro@'s team as a Basic member (stored as 'admin', account… §6).
  const team = await ctx.db
    .selectFrom('teams')
    .select('id')
    .where('owner_id', '=', ids.pro)
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('team_members')
    .values({ team_id: team.id, user_id: ids.basic, role: 'admin' })
    .execute();
});
after(() => ctx.close());

describe('the agency scenario: an agency member cannot move the owner’s money to itself', () => {
  it('is refused end to end and leaves pro@’s card and credit untouched', async () => {
    const agency = await signedIn(ctx.app, 'agency@guestspot.test');
    const created = await agency.post('/api/v1/shows', { name: 'Agency Cashout Show' });
    assert.equal(created.statusCode, 201, created.body);
    const agencyShow = created.json().data.id as number;
    const prices = await agency.get(`/api/v1/shows/${agencyShow}/option-prices`);
    const sellable = prices
      .json()
      .data.booking_options.find((option: { editable: boolean }) => option.editable);
    assert.ok(sellable, 'a show sells at least one option');
    const priced = await agency.request('PUT', `/api/v1/shows/${agencyShow}/option-prices`, {
      body: {
        option_prices: [{ booking_option_id: sellable.id, interview_duration: 30, price: 90000 }],
      },
    });
    assert.equal(priced.statusCode, 200, priced.body);
    const before = await proMoney();

    const started = await agency.post(`/api/v1/auth/impersonate/${ids.pro}`);
    assert.equal(started.statusCode, 200, started.body);
    const body = {
      guest_profile_id: priyaGuest,
      interview_duration: 30,
      booking_options: [{ booking_option_id: sellable.id }],
      store_credit_amount: 10000,
      payment_method: 'pm_card_visa',
      source: 'web',
    };
    // Its own show: the widened own-profile rule.
    const own = await post(agency, `/api/v1/shows/${agencyShow}/book`, body);
    assert.equal(own.statusCode, 422, own.body);
    assert.deepEqual(own.json().errors.guest_profile_id, [TEAM_PROFILE_MESSAGE]);
    // Anyone else's show, paid with pro@'s card or credit: billing is the owner's.
    const sofiaShow = await profileIdOf(ctx.db, 'show_profiles', 'The Sofia Ramirez Show');
    const sofiaPrices = await ctx.db
      .selectFrom('show_option_prices')
      .select(['booking_option_id', 'interview_duration'])
      .where('show_profile_id', '=', sofiaShow)
      .where('price', '>', 0)
      .executeTakeFirstOrThrow();
    const paid = await post(agency, `/api/v1/shows/${sofiaShow}/book`, {
      ...body,
      interview_duration: sofiaPrices.interview_duration,
      booking_options: [{ booking_option_id: sofiaPrices.booking_option_id }],
    });
    assert.equal(paid.statusCode, 403, paid.body);
    assert.equal(paid.json().message, OWNER_PAYS_MESSAGE);
    const creditOnly = await post(agency, `/api/v1/shows/${sofiaShow}/book`, {
      ...body,
      interview_duration: sofiaPrices.interview_duration,
      booking_options: [{ booking_option_id: sofiaPrices.booking_option_id }],
      payment_method: null,
    });
    assert.equal(creditOnly.statusCode, 403, creditOnly.body);
    assert.equal((await agency.request('DELETE', '/api/v1/auth/impersonate')).statusCode, 200);

    // pro@ themself cannot book a profile of a member of their team either.
    const mine = await post(priya, `/api/v1/shows/${agencyShow}/book`, body);
    assert.equal(mine.statusCode, 422, mine.body);
    assert.deepEqual(mine.json().errors.guest_profile_id, [TEAM_PROFILE_MESSAGE]);

    assert.deepEqual(await proMoney(), before);
    const agencyBookings = await ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('show_profile_id', '=', agencyShow)
      .execute();
    assert.deepEqual(agencyBookings, []);
  });

  it('records the impersonator beside the owner on the timeline and the ledger', async () => {
    const id = await priyaIsBooked();
    const agency = await impersonating('agency@guestspot.test', ids.pro);
    const accepted = await agency.request('PATCH', `/api/v1/bookings/${id}/accept`, { body: {} });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const canceled = await agency.request('PATCH', `/api/v1/bookings/${id}/cancel`, {
      body: { reason: 'Schedule clash' },
    });
    assert.equal(canceled.statusCode, 200, canceled.body);
    const activities = await ctx.db
      .selectFrom('booking_activities')
      .select(['type', 'actor_user_id', 'impersonator_id'])
      .where('booking_id', '=', id)
      .where('type', 'in', ['accepted', 'canceled'])
      .orderBy('id')
      .execute();
    assert.deepEqual(activities, [
      { type: 'accepted', actor_user_id: ids.pro, impersonator_id: ids.agency },
      { type: 'canceled', actor_user_id: ids.pro, impersonator_id: ids.agency },
    ]);
    const refund = await ctx.db
      .selectFrom('booking_payments')
      .select(['actor_user_id', 'impersonator_id'])
      .where('booking_id', '=', id)
      .where('kind', '=', 'refund')
      .executeTakeFirstOrThrow();
    assert.deepEqual(refund, { actor_user_id: ids.pro, impersonator_id: ids.agency });
    // The booker's own rows name the booker and nobody impersonating.
    const charge = await ctx.db
      .selectFrom('booking_payments')
      .select(['actor_user_id', 'impersonator_id'])
      .where('booking_id', '=', id)
      .where('kind', '=', 'charge')
      .executeTakeFirstOrThrow();
    assert.deepEqual(charge, {
      actor_user_id: await userIdOf(ctx.db, 'show@guestspot.test'),
      impersonator_id: null,
    });
  });
});

type Role =
  | 'owner'
  | 'agency'
  | 'agency impersonating'
  | 'basic'
  | 'admin impersonating'
  | 'stranger';

/** A client acting in `role` towards pro@'s profiles. */
async function clientFor(role: Role): Promise<TestClient> {
  switch (role) {
    case 'owner':
      return priya;
    case 'agency':
      return signedIn(ctx.app, 'agency@guestspot.test');
    case 'agency impersonating':
      return impersonating('agency@guestspot.test', ids.pro);
    case 'basic':
      return signedIn(ctx.app, 'standard@guestspot.test');
    case 'admin impersonating':
      return impersonating('admin@guestspot.test', ids.pro);
    case 'stranger':
      return maya;
  }
}

/** What each role gets on a route that moves the invitee's money. */
const INVITEE_ANSWERS: Record<Role, number> = {
  owner: 200,
  agency: 200,
  'agency impersonating': 200,
  basic: 403,
  'admin impersonating': 200,
  stranger: 404,
};

const ROLES = Object.keys(INVITEE_ANSWERS) as Role[];

describe('each role against each money route of the invitee (pro@ is booked)', () => {
  const routes: {
    name: string;
    prepare?: (id: number) => Promise<void>;
    call: (client: TestClient, id: number) => ReturnType<TestClient['request']>;
    /** what the booking's card charge is once the allowed call ran */
    charge: string;
  }[] = [
    {
      name: 'PATCH accept (captures)',
      call: (client, id) => client.request('PATCH', `/api/v1/bookings/${id}/accept`, { body: {} }),
      charge: 'succeeded',
    },
    {
      name: 'PATCH reject (releases)',
      call: (client, id) =>
        client.request('PATCH', `/api/v1/bookings/${id}/reject`, { body: { reason: 'No' } }),
      charge: 'canceled',
    },
    {
      name: 'PATCH cancel of an accepted booking (refunds)',
      prepare: async (id) => {
        const accepted = await priya.request('PATCH', `/api/v1/bookings/${id}/accept`, {
          body: {},
        });
        assert.equal(accepted.statusCode, 200, accepted.body);
      },
      call: (client, id) =>
        client.request('PATCH', `/api/v1/bookings/${id}/cancel`, { body: { reason: 'Ill' } }),
      charge: 'refunded',
    },
    {
      name: 'PATCH confirm of a pending booking (accepts, captures)',
      call: async (client, id) => {
        const row = await ctx.db
          .selectFrom('bookings')
          .select('proposed_dates')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        return client.request('PATCH', `/api/v1/bookings/${id}/confirm`, {
          body: { confirmed_date: row.proposed_dates[0] },
        });
      },
      charge: 'succeeded',
    },
  ];

  for (const route of routes) {
    for (const role of ROLES) {
      it(`${route.name}: ${role} → ${INVITEE_ANSWERS[role]}`, async () => {
        const id = await priyaIsBooked();
        await route.prepare?.(id);
        const before = await chargeStatus(id);
        const client = await clientFor(role);
        const response = await route.call(client, id);
        assert.equal(response.statusCode, INVITEE_ANSWERS[role], response.body);
        if (role === 'basic') {
          assert.equal(response.json().message, BASIC_MEMBER_MONEY_MESSAGE);
        }
        assert.equal(
          await chargeStatus(id),
          INVITEE_ANSWERS[role] === 200 ? route.charge : before,
          'the money moved exactly when the call was allowed',
        );
      });
    }
  }

  it('a Basic member still confirms a date of an accepted booking (no money moves)', async () => {
    const id = await priyaIsBooked();
    const accepted = await priya.request('PATCH', `/api/v1/bookings/${id}/accept`, { body: {} });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const row = await ctx.db
      .selectFrom('bookings')
      .select('proposed_dates')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const basic = await clientFor('basic');
    const confirmed = await basic.request('PATCH', `/api/v1/bookings/${id}/confirm`, {
      body: { confirmed_date: row.proposed_dates[0] },
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(confirmed.json().data.status, 'scheduled');
  });
});

describe('each role booking with pro@’s show (the booker side: spending)', () => {
  /** What each role gets when it books Maya with pro@'s show, paying by card. */
  const answers: Record<Role, { status: number; message?: string }> = {
    owner: { status: 201 },
    agency: { status: 403, message: OWN_BOOKER_PROFILE_MESSAGE },
    'agency impersonating': { status: 403, message: OWNER_PAYS_MESSAGE },
    basic: { status: 403, message: OWN_BOOKER_PROFILE_MESSAGE },
    'admin impersonating': { status: 201 },
    stranger: { status: 403, message: OWN_BOOKER_PROFILE_MESSAGE },
  };

  for (const role of ROLES) {
    it(`POST /guests/{guest}/book: ${role} → ${answers[role].status}`, async () => {
      const client = await clientFor(role);
      const before = await proMoney();
      const response = await post(
        client,
        `/api/v1/guests/${mayaGuest}/book`,
        await guestBooking(mayaGuest, founderFiles),
      );
      assert.equal(response.statusCode, answers[role].status, response.body);
      if (answers[role].message) {
        assert.equal(response.json().message, answers[role].message);
        assert.deepEqual(await proMoney(), before, 'nothing held on pro@’s card');
      }
      // The quote answers the same about whose profile books.
      const quote = await client.request('POST', `/api/v1/guests/${mayaGuest}/booking-quote`, {
        body: {
          show_profile_id: founderFiles,
          booking_option_id: (await cheapestInterview(ctx.db, mayaGuest, 100)).booking_option_id,
          interview_duration: (await cheapestInterview(ctx.db, mayaGuest, 100)).duration,
        },
      });
      assert.equal(
        quote.statusCode,
        answers[role].message === OWN_BOOKER_PROFILE_MESSAGE ? 403 : 200,
        quote.body,
      );
    });
  }

  it('an agency member acting as pro@ may still send a free pitch', async () => {
    await ctx.db
      .updateTable('guest_profiles')
      .set({ pitch_enabled: true, pitch_price: 0 })
      .where('id', '=', mayaGuest)
      .execute();
    const pitchOption = await ctx.db
      .selectFrom('booking_options')
      .select('id')
      .where('slug', '=', 'pitch')
      .executeTakeFirstOrThrow();
    const agency = await clientFor('agency impersonating');
    const response = await post(agency, `/api/v1/guests/${mayaGuest}/book`, {
      show_profile_id: founderFiles,
      is_pitch: true,
      pitch: { type: 'text', text: 'A free pitch, sent for pro@ by the agency.' },
      booking_options: [{ booking_option_id: pitchOption.id }],
      source: 'web',
    });
    assert.equal(response.statusCode, 201, response.body);
    const started = await ctx.db
      .selectFrom('booking_activities')
      .select(['actor_user_id', 'impersonator_id'])
      .where('booking_id', '=', response.json().data.id)
      .where('type', '=', 'order-started')
      .executeTakeFirstOrThrow();
    assert.deepEqual(started, { actor_user_id: ids.pro, impersonator_id: ids.agency });
  });
});
