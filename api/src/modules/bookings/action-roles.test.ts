import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BookingAction, BookingStatus } from '../../contract';
import {
  act,
  bookingPage,
  impersonating,
  joinTeam,
  patchBooking,
  setPaused,
  timeSlots,
} from '../../test/bookings';
import {
  interviewBooking,
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import { assertLedgerBalanced } from '../../test/ledger';
import { ACTOR_PAUSED_MESSAGE, BASIC_MEMBER_MONEY_MESSAGE } from './action-rules';

// Every booking action (decision 111's table) against every role, in the state that allows it:
// the show's owner (the initiator: show@'s Morning Momentum books Priya), the guest's owner (the
// invitee: pro@), an agency member of pro@'s team as themselves and impersonating pro@, a Basic
// member of that team, a stranger, and each owner with a paused account. Each role is answered
// as the table says, the money and the booking change only when it is allowed, and the booking
// page's allowed_actions offered the call to exactly the roles whose call went through.

let ctx: TestContext;
let keys = 0;
const nextTime = timeSlots(30);

type Role =
  | 'show owner'
  | 'guest owner'
  | 'agency'
  | 'agency impersonating'
  | 'basic'
  | 'stranger'
  | 'paused guest owner'
  | 'paused show owner';

const ROLES: Role[] = [
  'show owner',
  'guest owner',
  'agency',
  'agency impersonating',
  'basic',
  'stranger',
  'paused guest owner',
  'paused show owner',
];

const clients = {} as Record<Role, TestClient>;
let priyaGuest: number;
let morningShow: number;

/** The account a role's pause applies to, if any. */
const pausedEmail = (role: Role) =>
  role === 'paused guest owner'
    ? 'pro@guestspot.test'
    : role === 'paused show owner'
      ? 'show@guestspot.test'
      : null;

before(async () => {
  ctx = await startTestApp();
  const sofia = await signedIn(ctx.app, 'show@guestspot.test');
  const priya = await signedIn(ctx.app, 'pro@guestspot.test');
  await joinTeam(ctx.db, 'pro@guestspot.test', 'standard@guestspot.test', 'admin');
  Object.assign(clients, {
    'show owner': sofia,
    'guest owner': priya,
    agency: await signedIn(ctx.app, 'agency@guestspot.test'),
    'agency impersonating': await impersonating(
      ctx.app,
      ctx.db,
      'agency@guestspot.test',
      'pro@guestspot.test',
    ),
    basic: await signedIn(ctx.app, 'standard@guestspot.test'),
    stranger: await signedIn(ctx.app, 'guest@guestspot.test'),
    'paused guest owner': priya,
    'paused show owner': sofia,
  });
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(priya, priyaGuest);
});
// The money balances after all of these tests (issue 28 §5).
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

/** Morning Momentum (show@) books Priya (pro@) with two proposals: pending, card held. */
async function pending(): Promise<number> {
  const response = await clients['show owner'].request(
    'POST',
    `/api/v1/guests/${priyaGuest}/book`,
    {
      headers: { 'Idempotency-Key': `action-roles-${(keys += 1)}` },
      body: await interviewBooking(ctx.db, priyaGuest, morningShow, [nextTime(), nextTime()]),
    },
  );
  assert.equal(response.statusCode, 201, response.body);
  return response.json().data.id as number;
}

const guest = () => clients['guest owner'];

/** Accepted, the show's proposals still open. */
async function accepted(): Promise<number> {
  const id = await pending();
  await act(guest(), id, 'accept');
  return id;
}

/** Accepted, and the guest proposed a date of her own: the show confirms. */
async function guestProposed(): Promise<number> {
  const id = await accepted();
  await act(guest(), id, 'propose-date', { proposed_dates: [nextTime()] });
  return id;
}

/** Scheduled at the first proposal. */
async function scheduled(): Promise<number> {
  const id = await pending();
  const [first] = (await bookingPage(guest(), id)).proposals;
  await act(guest(), id, 'confirm', { confirmed_date: first?.starts_at });
  return id;
}

/** Scheduled without a date: a scheduling link was shared. */
async function linked(): Promise<number> {
  const id = await accepted();
  await act(guest(), id, 'scheduling-link', { url: 'https://cal.example.com/priya' });
  return id;
}

/** The first open proposal, as the confirm sends it. */
async function openProposal(id: number) {
  const page = await bookingPage(clients['show owner'], id);
  return { confirmed_date: page.proposals.find((proposal) => !proposal.is_confirmed)?.starts_at };
}

interface Case {
  action: BookingAction;
  state: string;
  prepare: () => Promise<number>;
  body: (id: number) => Promise<unknown> | unknown;
  /** the status once the call went through */
  becomes: BookingStatus;
  /** it moves money: the Basic member (on the side allowed) gets decision 106's message */
  movesMoney?: boolean;
  answers: Record<Role, number>;
}

/** The answers of a call either side may make without moving money. */
const SCHEDULING: Record<Role, number> = {
  'show owner': 200,
  'guest owner': 200,
  agency: 200,
  'agency impersonating': 200,
  basic: 200,
  stranger: 404,
  'paused guest owner': 403,
  'paused show owner': 403,
};

const CASES: Case[] = [
  {
    action: 'accept',
    state: 'pending',
    prepare: pending,
    body: () => ({}),
    movesMoney: true,
    becomes: 'accepted',
    answers: {
      'show owner': 403,
      'guest owner': 200,
      agency: 200,
      'agency impersonating': 200,
      basic: 403,
      stranger: 404,
      'paused guest owner': 403,
      'paused show owner': 403,
    },
  },
  {
    action: 'reject',
    state: 'pending',
    prepare: pending,
    body: () => ({ reason: 'Not a fit.' }),
    movesMoney: true,
    becomes: 'canceled',
    answers: {
      'show owner': 403,
      'guest owner': 200,
      agency: 200,
      'agency impersonating': 200,
      basic: 403,
      stranger: 404,
      'paused guest owner': 200,
      'paused show owner': 403,
    },
  },
  {
    action: 'cancel',
    state: 'pending (the initiator withdraws)',
    prepare: pending,
    body: () => ({ reason: 'Our plans changed.' }),
    becomes: 'canceled',
    answers: {
      'show owner': 200,
      'guest owner': 403,
      agency: 403,
      'agency impersonating': 403,
      basic: 403,
      stranger: 404,
      'paused guest owner': 403,
      'paused show owner': 200,
    },
  },
  {
    action: 'cancel',
    state: 'scheduled (refunded)',
    prepare: scheduled,
    body: () => ({ reason: 'Our plans changed.' }),
    movesMoney: true,
    becomes: 'canceled',
    answers: {
      'show owner': 200,
      'guest owner': 200,
      agency: 200,
      'agency impersonating': 200,
      basic: 403,
      stranger: 404,
      'paused guest owner': 200,
      'paused show owner': 200,
    },
  },
  {
    action: 'confirm',
    state: 'pending (accepts and captures)',
    prepare: pending,
    body: openProposal,
    movesMoney: true,
    becomes: 'scheduled',
    answers: {
      'show owner': 403,
      'guest owner': 200,
      agency: 200,
      'agency impersonating': 200,
      basic: 403,
      stranger: 404,
      'paused guest owner': 403,
      'paused show owner': 403,
    },
  },
  {
    action: 'confirm',
    state: 'accepted, the show’s proposals open',
    prepare: accepted,
    body: openProposal,
    becomes: 'scheduled',
    answers: {
      'show owner': 403,
      'guest owner': 200,
      agency: 200,
      'agency impersonating': 200,
      basic: 200,
      stranger: 404,
      'paused guest owner': 403,
      'paused show owner': 403,
    },
  },
  {
    action: 'confirm',
    state: 'accepted, the guest’s proposal open',
    prepare: guestProposed,
    body: openProposal,
    becomes: 'scheduled',
    answers: {
      'show owner': 200,
      'guest owner': 403,
      agency: 403,
      'agency impersonating': 403,
      basic: 403,
      stranger: 404,
      'paused guest owner': 403,
      'paused show owner': 403,
    },
  },
  {
    action: 'propose-date',
    state: 'accepted',
    prepare: accepted,
    body: () => ({ proposed_dates: [nextTime(), nextTime(), nextTime()] }),
    becomes: 'accepted',
    answers: SCHEDULING,
  },
  {
    action: 'reschedule',
    state: 'scheduled',
    prepare: scheduled,
    body: () => ({ proposed_dates: [nextTime()] }),
    becomes: 'scheduled',
    answers: SCHEDULING,
  },
  {
    action: 'change-date',
    state: 'scheduled',
    prepare: scheduled,
    body: () => ({ confirmed_date: nextTime() }),
    becomes: 'scheduled',
    answers: SCHEDULING,
  },
  {
    action: 'change-date',
    state: 'scheduled without a date',
    prepare: linked,
    body: () => ({ confirmed_date: nextTime() }),
    becomes: 'scheduled',
    answers: SCHEDULING,
  },
  {
    action: 'scheduling-link',
    state: 'accepted',
    prepare: accepted,
    body: () => ({ url: 'https://cal.example.com/sofia' }),
    becomes: 'scheduled',
    answers: SCHEDULING,
  },
];

/** What the booking is now: its status and how many timeline entries it has. */
async function snapshot(id: number) {
  const booking = await ctx.db
    .selectFrom('bookings')
    .select(['status', 'payment_status', 'booking_date', 'proposed_dates', 'proposed_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const activities = await ctx.db
    .selectFrom('booking_activities')
    .select('id')
    .where('booking_id', '=', id)
    .execute();
  return { ...booking, activities: activities.length };
}

/** Whether the booking page offers `role` the action (a stranger cannot read the page). */
async function offered(role: Role, id: number, action: BookingAction): Promise<boolean | null> {
  if (role === 'stranger') {
    const response = await clients.stranger.get(`/api/v1/bookings/${id}`);
    assert.equal(response.statusCode, 404, response.body);
    return null;
  }
  return (await bookingPage(clients[role], id)).allowed_actions.includes(action);
}

/** Runs `work` with the role's account paused, if it is a paused role. */
async function asRole<T>(role: Role, work: () => Promise<T>): Promise<T> {
  const email = pausedEmail(role);
  if (email) await setPaused(ctx.db, email, true);
  try {
    return await work();
  } finally {
    if (email) await setPaused(ctx.db, email, false);
  }
}

for (const testCase of CASES) {
  describe(`PATCH ${testCase.action} (${testCase.state})`, () => {
    // The refused roles share one booking, which none of them may change.
    let shared: number;
    before(async () => {
      shared = await testCase.prepare();
    });

    for (const role of ROLES) {
      const status = testCase.answers[role];
      it(`${role} → ${status}`, async () => {
        const allowed = status === 200;
        const id = allowed ? await testCase.prepare() : shared;
        const body = await testCase.body(id);
        const before = await snapshot(id);
        const { response, page } = await asRole(role, async () => ({
          page: await offered(role, id, testCase.action),
          response: await patchBooking(clients[role], id, testCase.action, body),
        }));
        assert.equal(response.statusCode, status, response.body);
        if (page !== null) assert.equal(page, allowed, 'allowed_actions offers exactly this');
        const whilePaused = testCase.action === 'reject' || testCase.action === 'cancel';
        if (role.startsWith('paused') && !whilePaused) {
          assert.equal(response.json().message, ACTOR_PAUSED_MESSAGE);
        }
        if (role === 'basic' && testCase.movesMoney) {
          assert.equal(response.json().message, BASIC_MEMBER_MONEY_MESSAGE);
        }
        if (allowed) {
          assert.equal(response.json().data.status, testCase.becomes);
          assert.ok((await snapshot(id)).activities > before.activities, 'the timeline says so');
        } else {
          assert.deepEqual(await snapshot(id), before, 'a refused call changes nothing');
        }
      });
    }
  });
}
