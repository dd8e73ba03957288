import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import {
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  userIdOf,
  type TestClient,
  type TestContext,
} from '../../test/harness';
import {
  bookingPage,
  bookInterview,
  devClockNow,
  impersonating,
  moveDevClock,
} from '../../test/bookings';
import { assertLedgerBalanced } from '../../test/ledger';
import { drainOutbox } from '../notify/outbox';
import { emailsAfter, lastEmailId } from '../notify/testing';
import { BASIC_MEMBER_MONEY_MESSAGE, INTERVIEW_PASSED_MESSAGE } from './action-rules';
import { releasePayouts } from './completion-payouts';
import { INTERVIEW_NOT_YET } from './completion-rules';

// After the interview (decision 116): the show is asked, answers It Happened (completed, the
// payout transferred once), or stays silent seven days (completed by the system); a payee
// without payouts waits and is told; the referrer's share; reschedule; the scheduled-outside
// question; who may answer. Time moves with the test clock (POST /dev/clock), as a journey's.

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let other: FastifyInstance;
let sofia: TestClient;
let maya: TestClient;
let mayaGuest: number;
let priyaGuest: number;
let morningShow: number;

/** The app's clock now (the test clock may be ahead of the real one). */
const clockNow = devClockNow;
const moveClock = moveDevClock;

let hourIndex = 0;
/** Sofia's show books `guestId` at a fresh time `days` after the app's now; the guest confirms. */
async function scheduled(guestId: number, guest: TestClient, days = 2): Promise<number> {
  const at = new Date((await clockNow(sofia)).getTime() + days * DAY);
  at.setUTCHours(8 + (hourIndex++ % 10), 0, 0, 0);
  const when = at.toISOString().slice(0, 19).replace('T', ' ');
  const id = await bookInterview(ctx.db, sofia, guestId, morningShow, [when]);
  const confirmed = await guest.request('PATCH', `/api/v1/bookings/${id}/confirm`, {
    body: { confirmed_date: when },
  });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  return id;
}

const answer = (client: TestClient, id: number, action: string) =>
  client.request(
    action.startsWith('completed-action') ? 'PATCH' : 'POST',
    `/api/v1/bookings/${id}/${action}`,
    { body: {} },
  );

async function row(id: number) {
  return ctx.db
    .selectFrom('bookings')
    .select(['status', 'completed_by', 'completion_asked_at', 'booking_date'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function payouts(id: number) {
  return ctx.db
    .selectFrom('booking_payments')
    .select(['id', 'kind', 'status', 'amount', 'payee_user_id', 'provider_reference'])
    .where('booking_id', '=', id)
    .where('kind', 'in', ['payout', 'referral_share', 'service_fee'])
    .orderBy('id')
    .execute();
}

async function transfersFor(rowId: number) {
  return ctx.db
    .selectFrom('local_transfers')
    .selectAll()
    .where('idempotency_key', '=', `payout:${rowId}`)
    .execute();
}

async function activities(id: number, type: string) {
  return ctx.db
    .selectFrom('booking_activities')
    .select(['actor_side', 'payload'])
    .where('booking_id', '=', id)
    .where('type', '=', type)
    .execute();
}

/** Takes Priya's payout account away (and gives it back): a payee without payouts set up. */
async function priyaPayouts(linked: boolean) {
  const priya = await userIdOf(ctx.db, 'pro@guestspot.test');
  if (!linked) {
    await ctx.db.deleteFrom('payout_accounts').where('user_id', '=', priya).execute();
    return;
  }
  await ctx.db
    .insertInto('payout_accounts')
    .values({
      user_id: priya,
      provider: 'local',
      account_id: 'acct_local_demo1',
      country_code: 'US',
      details_submitted: true,
      charges_enabled: true,
    })
    .execute();
}

before(async () => {
  ctx = await startTestApp();
  // A second API instance on the same database, as a second process would be.
  other = await buildApp({
    db: ctx.db,
    events: ctx.events,
    config: { sessionSecret: 'test-secret', outboxPollMs: 0, bookingLimitScale: 1000 },
  });
  await other.ready();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(maya, mayaGuest);
  await openAvailability(await signedIn(ctx.app, 'pro@guestspot.test'), priyaGuest);
});
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(async () => {
  await other.close();
  await ctx.close();
});

describe('It Happened', () => {
  it('after the time the show is asked; It Happened completes and pays the guest once', async () => {
    const id = await scheduled(mayaGuest, maya);
    const early = await answer(sofia, id, 'completed-action/confirm');
    assert.equal(early.statusCode, 409, early.body);
    assert.equal(early.json().message, INTERVIEW_NOT_YET);

    const emailsBefore = await lastEmailId(ctx.db);
    const moved = await moveClock(sofia, { advance_ms: 3 * DAY });
    assert.ok((moved.swept.asked ?? 0) >= 1);
    assert.ok((await row(id)).completion_asked_at);
    await drainOutbox(ctx.app);
    const asked = await ctx.db
      .selectFrom('notifications')
      .innerJoin('users', 'users.id', 'notifications.user_id')
      .select(['users.email', 'notifications.side', 'notifications.data'])
      .where('booking_id', '=', id)
      .where('type', '=', 'confirm_completed_booking')
      .execute();
    assert.deepEqual(
      asked.map((n) => [n.email, n.side, n.data.message]),
      [['show@guestspot.test', 'show', 'Did your interview with Maya Brooks take place?']],
    );
    const emails = (await emailsAfter(ctx.db, emailsBefore)).filter((e) =>
      e.text.includes(`/bookings/${id}/`),
    );
    assert.deepEqual(
      emails.map((e) => [e.to, e.subject]),
      [['show@guestspot.test', 'Did your interview with Maya Brooks take place?']],
    );
    // The answers are links worded as the strip's buttons.
    assert.match(
      emails[0]!.text,
      new RegExp(`\nIt Happened: \\S+/bookings/${id}/completed-action/confirm\n`),
    );
    assert.match(
      emails[0]!.text,
      new RegExp(`\nReschedule: \\S+/bookings/${id}/completed-action/reschedule\n`),
    );
    assert.match(
      emails[0]!.text,
      new RegExp(`\nCancel Booking: \\S+/bookings/${id}/completed-action/cancel\n`),
    );
    // The guest cannot answer the show's question.
    assert.equal((await answer(maya, id, 'completed-action/confirm')).statusCode, 403);
    assert.ok((await bookingPage(sofia, id)).allowed_actions.includes('completed-action/confirm'));

    const done = await answer(sofia, id, 'completed-action/confirm');
    assert.equal(done.statusCode, 200, done.body);
    assert.deepEqual(done.json(), { message: 'Thanks for your feedback.' });
    assert.equal((await row(id)).status, 'completed');
    assert.equal((await row(id)).completed_by, 'show');
    const ledger = await payouts(id);
    const payout = ledger.find((entry) => entry.kind === 'payout')!;
    assert.equal(payout.status, 'paid');
    assert.equal(payout.payee_user_id, await userIdOf(ctx.db, 'guest@guestspot.test'));
    assert.match(payout.provider_reference ?? '', /^tr_local_/);
    assert.equal(ledger.find((entry) => entry.kind === 'service_fee')?.status, 'paid');
    const transfers = await transfersFor(payout.id);
    assert.equal(transfers.length, 1);
    assert.equal(transfers[0]!.amount, payout.amount);
    assert.equal((await activities(id, 'payout-released')).length, 1);
    // The question is answered for everyone.
    const unread = await ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('booking_id', '=', id)
      .where('type', '=', 'confirm_completed_booking')
      .where('read_at', 'is', null)
      .execute();
    assert.deepEqual(unread, []);
    // Again: the booking is completed.
    const again = await answer(sofia, id, 'completed-action/confirm');
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, 'The booking status is completed.');
    // Released again (the sweep may pay demo bookings the clock completed): this one not twice.
    await releasePayouts({ db: ctx.db, payouts: other.payouts });
    assert.equal((await transfersFor(payout.id)).length, 1);
    // The guest is told and asked for a review of the show (decision 114's page); the show,
    // who answered, reviews on the booking page (its Review tab opens the form).
    const completedBefore = emailsBefore;
    await drainOutbox(ctx.app);
    const completedEmails = (await emailsAfter(ctx.db, completedBefore)).filter((e) =>
      e.subject.startsWith('Your interview with'),
    );
    const reviewLink = (to: string) =>
      completedEmails.find((e) => e.to === to)?.text.match(/Review [^:]+: (\S+)/)?.[1];
    assert.equal(
      reviewLink('guest@guestspot.test'),
      `${ctx.app.config.appUrl}/shows/${morningShow}/create-review?booking=${id}`,
    );
    assert.equal(reviewLink('show@guestspot.test'), undefined);
  });
});

describe('seven days of silence', () => {
  it('complete the booking; a payee without payouts waits, is told, and is paid once set up', async () => {
    await priyaPayouts(false);
    const id = await scheduled(priyaGuest, await signedIn(ctx.app, 'pro@guestspot.test'));
    await moveClock(sofia, { advance_ms: 3 * DAY });
    await moveClock(sofia, { advance_ms: 6 * DAY });
    assert.equal((await row(id)).status, 'scheduled', 'six days are not seven');
    const emailsBefore = await lastEmailId(ctx.db);
    const moved = await moveClock(sofia, { advance_ms: DAY + HOUR });
    assert.ok((moved.swept.completed ?? 0) >= 1);
    assert.deepEqual(
      { status: (await row(id)).status, by: (await row(id)).completed_by },
      { status: 'completed', by: 'system' },
    );
    const payout = (await payouts(id)).find((entry) => entry.kind === 'payout')!;
    assert.equal(payout.status, 'pending');
    assert.equal(payout.payee_user_id, await userIdOf(ctx.db, 'pro@guestspot.test'));
    assert.equal((await activities(id, 'payout-pending')).length, 1);
    await drainOutbox(ctx.app);
    const told = (await emailsAfter(ctx.db, emailsBefore)).filter(
      (email) => email.to === 'pro@guestspot.test' && email.subject.startsWith('Set up payouts'),
    );
    assert.equal(told.length, 1);
    assert.match(told[0]!.text, /settings#payout/);
    // The sweep leaves it pending (and says nothing more) while nothing is set up.
    await moveClock(sofia, { advance_ms: 0 });
    assert.equal((await payouts(id)).find((e) => e.kind === 'payout')?.status, 'pending');
    assert.equal((await activities(id, 'payout-pending')).length, 1);

    // Set up, then two API processes sweep at once: one transfer, one paid row.
    await priyaPayouts(true);
    const [first, second] = await Promise.all([
      releasePayouts({ db: ctx.db, payouts: ctx.app.payouts }),
      releasePayouts({ db: ctx.db, payouts: other.payouts }),
    ]);
    assert.ok(first.released + second.released >= 1);
    const paid = (await payouts(id)).find((entry) => entry.kind === 'payout')!;
    assert.equal(paid.status, 'paid');
    const transfers = await transfersFor(paid.id);
    assert.equal(transfers.length, 1);
    assert.equal(paid.provider_reference, transfers[0]!.id);
    assert.equal((await activities(id, 'payout-released')).length, 1);
  });
});

describe('payouts waiting for setup', () => {
  it('go out when the payee next looks at their payout settings', async () => {
    await priyaPayouts(false);
    const priya = await signedIn(ctx.app, 'pro@guestspot.test');
    const id = await scheduled(priyaGuest, priya);
    await moveClock(sofia, { advance_ms: 3 * DAY });
    assert.equal((await answer(sofia, id, 'completed-action/confirm')).statusCode, 200);
    assert.equal((await payouts(id)).find((e) => e.kind === 'payout')?.status, 'pending');
    await priyaPayouts(true);
    const settings = await priya.get('/api/v1/user/stripe-account');
    assert.equal(settings.statusCode, 200, settings.body);
    assert.equal((await payouts(id)).find((e) => e.kind === 'payout')?.status, 'paid');
  });
});

describe('the referral share', () => {
  it('goes to whoever referred the booker when the booking completes', async () => {
    const sofiaId = await userIdOf(ctx.db, 'show@guestspot.test');
    const referrer = await userIdOf(ctx.db, 'pro@guestspot.test');
    await ctx.db
      .updateTable('users')
      .set({ referred_by: referrer })
      .where('id', '=', sofiaId)
      .execute();
    try {
      const id = await scheduled(mayaGuest, maya);
      await moveClock(sofia, { advance_ms: 3 * DAY });
      assert.equal((await answer(sofia, id, 'completed-action/confirm')).statusCode, 200);
      const share = (await payouts(id)).find((entry) => entry.kind === 'referral_share')!;
      assert.ok(share.amount > 0);
      assert.equal(share.payee_user_id, referrer);
      assert.equal(share.status, 'paid');
      assert.equal((await transfersFor(share.id))[0]?.amount, share.amount);
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ referred_by: null })
        .where('id', '=', sofiaId)
        .execute();
    }
  });
});

describe('Reschedule and the scheduled-outside question', () => {
  it('Reschedule frees the date: the booking is accepted again and dates can be proposed', async () => {
    const id = await scheduled(mayaGuest, maya);
    await moveClock(sofia, { advance_ms: 3 * DAY });
    const response = await answer(sofia, id, 'completed-action/reschedule');
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(response.json(), { message: 'Booking marked for rescheduling.' });
    const after = await row(id);
    assert.deepEqual(
      [after.status, after.booking_date, after.completion_asked_at],
      ['accepted', null, null],
    );
    assert.ok((await bookingPage(maya, id)).allowed_actions.includes('propose-date'));
    const freed = await ctx.db
      .selectFrom('guest_confirmed_times')
      .select('booking_id')
      .where('booking_id', '=', id)
      .execute();
    assert.deepEqual(freed, []);
  });

  it('asks whether it is scheduled; not yet asks again; yes, then it happened', async () => {
    const id = await scheduled(mayaGuest, maya, 5);
    // Agreed outside the product instead.
    await ctx.db
      .updateTable('bookings')
      .set({ scheduled_without_date: true, booking_date: null })
      .where('id', '=', id)
      .execute();
    await ctx.db.deleteFrom('guest_confirmed_times').where('booking_id', '=', id).execute();
    await ctx.db
      .insertInto('booking_activities')
      .values({
        booking_id: id,
        type: 'scheduling-link',
        actor_side: 'show',
        payload: '{"url":"https://cal.example/x"}',
      })
      .execute();
    await moveClock(sofia, { advance_ms: 4 * DAY });
    await drainOutbox(ctx.app);
    const asked = await ctx.db
      .selectFrom('notifications')
      .select(['type', 'data'])
      .where('booking_id', '=', id)
      .where('type', '=', 'confirm_scheduled_booking')
      .execute();
    assert.equal(asked.length, 1);
    assert.equal(asked[0]!.data.message, 'Is your interview with Maya Brooks scheduled?');
    assert.equal((await answer(sofia, id, 'confirm-not-scheduled-yet')).statusCode, 200);
    await moveClock(sofia, { advance_ms: 2 * DAY });
    assert.equal((await activities(id, 'scheduled-asked')).length, 1);
    await moveClock(sofia, { advance_ms: 2 * DAY });
    assert.equal((await activities(id, 'scheduled-asked')).length, 2);
    assert.equal((await answer(sofia, id, 'confirm-scheduled')).statusCode, 200);
    const twice = await answer(sofia, id, 'confirm-scheduled');
    assert.equal(twice.statusCode, 409);
    const happened = await answer(sofia, id, 'confirm-happened');
    assert.equal(happened.statusCode, 200, happened.body);
    assert.equal((await row(id)).status, 'completed');
  });
});

describe('a booking scheduled outside the product', () => {
  /** Sofia's show books Maya, Maya accepts, and Sofia shares a scheduling link: no date here. */
  async function scheduledOutside(): Promise<number> {
    const at = new Date((await clockNow(sofia)).getTime() + 2 * DAY);
    at.setUTCHours(8 + (hourIndex++ % 10), 0, 0, 0);
    const id = await bookInterview(ctx.db, sofia, mayaGuest, morningShow, [at]);
    const accepted = await maya.request('PATCH', `/api/v1/bookings/${id}/accept`, { body: {} });
    assert.equal(accepted.statusCode, 200, accepted.body);
    const link = await sofia.request('PATCH', `/api/v1/bookings/${id}/scheduling-link`, {
      body: { url: 'https://cal.example/morning' },
    });
    assert.equal(link.statusCode, 200, link.body);
    return id;
  }

  async function outsideRow(id: number) {
    return ctx.db
      .selectFrom('bookings')
      .select(['status', 'completed_by', 'completion_asked_at', 'scheduled_confirmed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** When the sweep last asked "Is it scheduled?" (its clock, not the one read after it). */
  async function scheduledAskedAt(id: number): Promise<Date> {
    const { scheduled_asked_at: at } = await ctx.db
      .selectFrom('bookings')
      .select('scheduled_asked_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.ok(at);
    return at;
  }

  const cancel = (client: TestClient, id: number) =>
    client.request('PATCH', `/api/v1/bookings/${id}/cancel`, { body: {} });

  it('a show that never answers "Is it scheduled?" is taken at its word after seven days, and the booking completes', async () => {
    const id = await scheduledOutside();
    // Asked three days after the link; reminded three days later; never answered.
    await moveClock(sofia, { advance_ms: 3 * DAY });
    const firstAsked = await scheduledAskedAt(id);
    await moveClock(sofia, { advance_ms: 3 * DAY });
    assert.equal((await activities(id, 'scheduled-asked')).length, 2);
    // Until "did it happen?" is due, a cancel still refunds: the page offers it.
    assert.ok((await bookingPage(maya, id)).allowed_actions.includes('cancel'));

    // Seven days after the first question, a minute short: nothing yet.
    await moveClock(sofia, {
      now: new Date(firstAsked.getTime() + 7 * DAY - 60_000).toISOString(),
    });
    assert.deepEqual(await outsideRow(id), {
      status: 'scheduled',
      completed_by: null,
      completion_asked_at: null,
      scheduled_confirmed_at: null,
    });
    await drainOutbox(ctx.app);
    const moved = await moveClock(sofia, { advance_ms: 60_000 });
    assert.ok((moved.swept.scheduledBySilence ?? 0) >= 1, JSON.stringify(moved.swept));
    const taken = await outsideRow(id);
    // The yes counts from the question left unanswered, so "did it happen?" follows at once.
    assert.equal(taken.scheduled_confirmed_at?.getTime(), firstAsked.getTime());
    assert.ok(taken.completion_asked_at);
    assert.ok(taken.completion_asked_at.getTime() >= firstAsked.getTime() + 7 * DAY);
    assert.deepEqual(
      (await activities(id, 'scheduled-confirmed')).map((entry) => entry.actor_side),
      ['system'],
    );
    const timeline = (await bookingPage(sofia, id)).timeline.map((entry) => entry.description);
    assert.ok(
      timeline.includes('No answer came within 7 days, so the interview counts as scheduled.'),
      timeline.join('\n'),
    );
    await drainOutbox(ctx.app);
    const open = await ctx.db
      .selectFrom('notifications')
      .select('type')
      .where('booking_id', '=', id)
      .where('read_at', 'is', null)
      .where('type', 'in', ['confirm_scheduled_booking', 'confirm_completed_booking'])
      .execute();
    assert.deepEqual(
      open.map((notification) => notification.type),
      ['confirm_completed_booking'],
      'the scheduled question is answered; the completion question is open',
    );

    // Now the completion rules apply instead of a refund, for either side.
    assert.ok(!(await bookingPage(maya, id)).allowed_actions.includes('cancel'));
    const refused = await cancel(maya, id);
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(refused.json().message, INTERVIEW_PASSED_MESSAGE);
    assert.equal((await cancel(sofia, id)).statusCode, 409);
    const offered = (await bookingPage(sofia, id)).allowed_actions;
    assert.ok(offered.includes('completed-action/confirm') && !offered.includes('cancel'));

    // Seven more days of silence complete it, and Maya is paid.
    await moveClock(sofia, { advance_ms: 7 * DAY });
    assert.deepEqual(
      { status: (await outsideRow(id)).status, by: (await outsideRow(id)).completed_by },
      { status: 'completed', by: 'system' },
    );
    assert.equal((await payouts(id)).find((entry) => entry.kind === 'payout')?.status, 'paid');
  });

  it('"not yet" is an answer: the silence counts again from the next question', async () => {
    const id = await scheduledOutside();
    await moveClock(sofia, { advance_ms: 3 * DAY });
    await moveClock(sofia, { advance_ms: 5 * DAY });
    assert.equal((await activities(id, 'scheduled-asked')).length, 2);
    assert.equal((await answer(sofia, id, 'confirm-not-scheduled-yet')).statusCode, 200);
    // Eight days after the first question the show has answered: nothing is taken, and it is
    // asked again three days after its "not yet".
    await moveClock(sofia, { advance_ms: 3 * DAY });
    assert.equal((await outsideRow(id)).scheduled_confirmed_at, null);
    assert.equal((await activities(id, 'scheduled-asked')).length, 3);
    const reasked = await scheduledAskedAt(id);
    await moveClock(sofia, { now: new Date(reasked.getTime() + 7 * DAY).toISOString() });
    assert.equal((await outsideRow(id)).scheduled_confirmed_at?.getTime(), reasked.getTime());
    assert.ok((await outsideRow(id)).completion_asked_at);
  });

  it('after the yes, a cancel refunds until "did it happen?" is due, then the completion rules apply', async () => {
    const id = await scheduledOutside();
    assert.equal((await answer(sofia, id, 'confirm-scheduled')).statusCode, 200);
    const yes = await clockNow(sofia);
    await moveClock(sofia, { now: new Date(yes.getTime() + 7 * DAY - 60_000).toISOString() });
    assert.ok((await bookingPage(maya, id)).allowed_actions.includes('cancel'));
    await moveClock(sofia, { advance_ms: 60_000 });
    assert.ok((await outsideRow(id)).completion_asked_at);
    assert.ok(!(await bookingPage(maya, id)).allowed_actions.includes('cancel'));
    const refused = await cancel(maya, id);
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(refused.json().message, INTERVIEW_PASSED_MESSAGE);
    // The show's own answer still ends it: it did not take place.
    const canceled = await answer(sofia, id, 'completed-action/cancel');
    assert.equal(canceled.statusCode, 200, canceled.body);
    assert.equal((await outsideRow(id)).status, 'canceled');
  });
});

describe('who may answer', () => {
  it('the owner and an agency member may; a Basic member moves no money; a stranger gets 404', async () => {
    const sofiaId = await userIdOf(ctx.db, 'show@guestspot.test');
    const team =
      (await ctx.db
        .selectFrom('teams')
        .select('id')
        .where('owner_id', '=', sofiaId)
        .executeTakeFirst()) ??
      (await ctx.db
        .insertInto('teams')
        .values({ owner_id: sofiaId })
        .returning('id')
        .executeTakeFirstOrThrow());
    await ctx.db
      .insertInto('team_members')
      .values([
        {
          team_id: team.id,
          user_id: await userIdOf(ctx.db, 'standard@guestspot.test'),
          role: 'admin',
        },
        {
          team_id: team.id,
          user_id: await userIdOf(ctx.db, 'admin@guestspot.test'),
          role: 'agency',
        },
      ])
      .execute();
    const id = await scheduled(mayaGuest, maya);
    await moveClock(sofia, { advance_ms: 3 * DAY });
    const basic = await signedIn(ctx.app, 'standard@guestspot.test');
    const refused = await answer(basic, id, 'completed-action/confirm');
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().message, BASIC_MEMBER_MONEY_MESSAGE);
    // A Basic member may still ask for a new date (no money moves)…
    assert.ok(
      (await bookingPage(basic, id)).allowed_actions.includes('completed-action/reschedule'),
    );
    const stranger = await signedIn(ctx.app, 'agency@guestspot.test');
    assert.equal((await answer(stranger, id, 'completed-action/confirm')).statusCode, 404);
    const agency = await impersonating(
      ctx.app,
      ctx.db,
      'admin@guestspot.test',
      'show@guestspot.test',
    );
    const done = await answer(agency, id, 'completed-action/confirm');
    assert.equal(done.statusCode, 200, done.body);
  });
});
