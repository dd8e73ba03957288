import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { INVALID_URL } from '../../http/schema';
import {
  act,
  bookingPage,
  bookInterview,
  impersonating,
  isoOf,
  patchBooking,
  timeSlots,
} from '../../test/bookings';
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
import {
  CONFIRMED_DATE_PAST,
  INTERVIEW_TIME_PASSED,
  NO_DATE_TO_RESCHEDULE,
  NO_OPEN_PROPOSALS,
} from './action-rules';
import { TIME_TAKEN_MESSAGE } from './lifecycle';
import {
  CONFIRMED_DATE_INVALID,
  NOT_A_PROPOSED_DATE,
  PROPOSED_DATE_INVALID,
  PROPOSED_DATE_PAST,
  PROPOSED_DATE_REPEATED,
  SAME_AS_AGREED_DATE,
} from './scheduling';

// Settling a booking's date (decision 111): propose-date, confirm (the other side's pick; on a
// pending booking the invitee's yes too), reschedule (the agreed date holds until a new one is
// confirmed), change-date and scheduling-link; their state refusals (409), field errors (422)
// and taken times (409). Morning Momentum (show@) books Priya (pro@) throughout.

let ctx: TestContext;
let sofia: TestClient;
let priya: TestClient;
let priyaGuest: number;
let morningShow: number;
const nextTime = timeSlots(30);
const HOUR = 60 * 60 * 1000;

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(priya, priyaGuest);
});
// The money balances after all of these tests (issue 28 §5).
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

/** A pending booking of Priya with these proposals (two fresh ones by default). */
async function book(proposed = [nextTime(), nextTime()]): Promise<number> {
  return bookInterview(ctx.db, sofia, priyaGuest, morningShow, proposed);
}

async function accepted(proposed?: string[]): Promise<number> {
  const id = await book(proposed);
  await act(priya, id, 'accept');
  return id;
}

/** Scheduled at `at` (a pending booking whose one proposal Priya confirms). */
async function scheduledAt(at = nextTime()): Promise<number> {
  const id = await book([at]);
  await act(priya, id, 'confirm', { confirmed_date: at });
  return id;
}

async function row(id: number) {
  return ctx.db
    .selectFrom('bookings')
    .select([
      'status',
      'payment_status',
      'booking_date',
      'proposed_dates',
      'proposed_by',
      'scheduled_without_date',
      'scheduling_link',
      'confirmed_by_invitee',
    ])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** The guest's time held for the booking, as ISO starts. */
async function heldTimes(id: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('guest_confirmed_times')
    .select('starts_at')
    .where('booking_id', '=', id)
    .execute();
  return rows.map((time) => time.starts_at.toISOString());
}

async function lastActivity(id: number) {
  return ctx.db
    .selectFrom('booking_activities')
    .select(['type', 'actor_side', 'actor_user_id', 'impersonator_id', 'payload'])
    .where('booking_id', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

async function chargeStatus(id: number): Promise<string> {
  const charge = await ctx.db
    .selectFrom('booking_payments as p')
    .innerJoin('local_charges as c', 'c.id', 'p.provider_reference')
    .select('c.status')
    .where('p.booking_id', '=', id)
    .where('p.kind', '=', 'charge')
    .executeTakeFirstOrThrow();
  return charge.status;
}

/** A 409 refusal with `message`, the booking left as it was. */
async function refused(
  client: TestClient,
  id: number,
  action: Parameters<typeof patchBooking>[2],
  body: unknown,
  message: string,
) {
  const before = await row(id);
  const response = await patchBooking(client, id, action, body);
  assert.equal(response.statusCode, 409, response.body);
  assert.equal(response.json().message, message);
  assert.deepEqual(await row(id), before);
}

/** A 422 with exactly these field errors. */
async function invalid(
  client: TestClient,
  id: number,
  action: Parameters<typeof patchBooking>[2],
  body: unknown,
  errors: Record<string, string[]>,
) {
  const response = await patchBooking(client, id, action, body);
  assert.equal(response.statusCode, 422, response.body);
  assert.deepEqual(response.json().errors, errors);
}

describe('PATCH /bookings/{id}/propose-date', () => {
  it('either side proposes 1-3 dates once accepted; the other side confirms one', async () => {
    const id = await accepted();
    // The guest counters the show's proposals with her own three.
    const mine = [nextTime(), nextTime(), nextTime()];
    await act(priya, id, 'propose-date', { proposed_dates: mine });
    let booking = await row(id);
    assert.equal(booking.status, 'accepted');
    assert.equal(booking.proposed_by, 'guest');
    assert.deepEqual(booking.proposed_dates, mine.map(isoOf));
    const activity = await lastActivity(id);
    assert.equal(activity.type, 'proposed_dates');
    assert.equal(activity.actor_side, 'guest');
    assert.deepEqual(activity.payload, { dates: mine.map(isoOf), rescheduled: false });
    assert.deepEqual((await bookingPage(sofia, id)).allowed_actions, [
      'cancel',
      'confirm',
      'propose-date',
      'scheduling-link',
    ]);
    assert.ok(!(await bookingPage(priya, id)).allowed_actions.includes('confirm'));

    // The show's earlier proposals are no longer open.
    const page = await bookingPage(sofia, id);
    assert.deepEqual(
      page.proposals.map((proposal) => proposal.starts_at),
      mine.map(isoOf),
    );
    const response = await patchBooking(sofia, id, 'confirm', { confirmed_date: mine[1] });
    assert.equal(response.statusCode, 200, response.body);
    booking = await row(id);
    assert.equal(booking.status, 'scheduled');
    assert.equal(booking.booking_date?.toISOString(), isoOf(mine[1]!));
    assert.equal(booking.proposed_by, null);
    assert.equal(booking.confirmed_by_invitee, true);
    assert.deepEqual(await heldTimes(id), [isoOf(mine[1]!)]);
    const confirmed = await lastActivity(id);
    assert.equal(confirmed.type, 'confirmed');
    assert.equal(confirmed.actor_side, 'show');
    assert.equal(confirmed.payload.updated, false);
    // No open proposals are left to confirm.
    await refused(priya, id, 'confirm', { confirmed_date: mine[2] }, NO_OPEN_PROPOSALS);
  });

  it('is refused while pending, once scheduled and once canceled (409)', async () => {
    const body = { proposed_dates: [nextTime()] };
    const id = await book();
    await refused(priya, id, 'propose-date', body, 'The booking status is pending.');
    await refused(sofia, id, 'propose-date', body, 'The booking status is pending.');
    const scheduled = await scheduledAt();
    await refused(sofia, scheduled, 'propose-date', body, 'The booking status is scheduled.');
    await act(sofia, id, 'cancel');
    await refused(sofia, id, 'propose-date', body, 'The booking status is canceled.');
  });

  it('answers 422 for none, more than 3, a bad, a past or a repeated date', async () => {
    const id = await accepted();
    const later = nextTime();
    const none = await patchBooking(priya, id, 'propose-date', { proposed_dates: [] });
    assert.equal(none.statusCode, 422, none.body);
    assert.ok(none.json().errors.proposed_dates);
    const four = await patchBooking(priya, id, 'propose-date', {
      proposed_dates: [nextTime(), nextTime(), nextTime(), nextTime()],
    });
    assert.equal(four.statusCode, 422, four.body);
    assert.ok(four.json().errors.proposed_dates);
    const missing = await patchBooking(priya, id, 'propose-date', {});
    assert.equal(missing.statusCode, 422, missing.body);
    assert.ok(missing.json().errors.proposed_dates);

    const past = new Date(Date.now() - HOUR).toISOString().slice(0, 19).replace('T', ' ');
    await invalid(
      priya,
      id,
      'propose-date',
      { proposed_dates: ['2031-02-30 10:00:00', past, later] },
      {
        'proposed_dates.0': [PROPOSED_DATE_INVALID],
        'proposed_dates.1': [PROPOSED_DATE_PAST],
      },
    );
    await invalid(
      priya,
      id,
      'propose-date',
      { proposed_dates: [later, later.replace(' ', 'T')] },
      { 'proposed_dates.1': [PROPOSED_DATE_REPEATED] },
    );
    assert.equal((await row(id)).proposed_by, 'show', 'nothing changed');
  });

  it('refuses a proposal overlapping another agreed time of the guest (409 naming it)', async () => {
    const taken = nextTime();
    const other = await scheduledAt(taken);
    const id = await accepted();
    const free = nextTime();
    const overlapping = taken.replace(':00:00', ':15:00');
    const response = await patchBooking(sofia, id, 'propose-date', {
      proposed_dates: [free, overlapping],
    });
    assert.equal(response.statusCode, 409, response.body);
    assert.deepEqual(response.json(), {
      message: TIME_TAKEN_MESSAGE,
      errors: { 'proposed_dates.1': [TIME_TAKEN_MESSAGE] },
    });
    assert.equal((await row(id)).proposed_by, 'show');
    await act(sofia, other, 'cancel');
  });

  it('records who really acted while impersonating', async () => {
    const id = await accepted();
    const agency = await impersonating(
      ctx.app,
      ctx.db,
      'agency@guestspot.test',
      'pro@guestspot.test',
    );
    await act(agency, id, 'propose-date', { proposed_dates: [nextTime()] });
    const activity = await lastActivity(id);
    assert.equal(activity.actor_user_id, await userIdOf(ctx.db, 'pro@guestspot.test'));
    assert.equal(activity.impersonator_id, await userIdOf(ctx.db, 'agency@guestspot.test'));
  });
});

describe('PATCH /bookings/{id}/confirm', () => {
  it('on a pending booking accepts, captures and schedules in one go', async () => {
    const at = nextTime();
    const id = await book([at]);
    await act(priya, id, 'confirm', { confirmed_date: at });
    const booking = await row(id);
    assert.equal(booking.status, 'scheduled');
    assert.equal(booking.payment_status, 'paid');
    assert.equal(booking.proposed_by, null);
    assert.equal(await chargeStatus(id), 'succeeded');
    assert.deepEqual(await heldTimes(id), [isoOf(at)]);
    const activities = await ctx.db
      .selectFrom('booking_activities')
      .select(['type', 'created_at'])
      .where('booking_id', '=', id)
      .orderBy('id')
      .execute();
    assert.deepEqual(
      activities.slice(-2).map((activity) => activity.type),
      ['accepted', 'confirmed'],
    );
    // One transaction: both entries share its time.
    assert.equal(activities.at(-1)?.created_at.getTime(), activities.at(-2)?.created_at.getTime());
  });

  it('accepts nothing and holds no time when the capture fails', async () => {
    const at = nextTime();
    const id = await book([at]);
    // The hold was released at the provider meanwhile (as an expiry sweep would).
    await ctx.db
      .updateTable('local_charges')
      .set({ status: 'canceled', released_at: new Date() })
      .where('id', '=', (await chargeId(id)) ?? '')
      .execute();
    const response = await patchBooking(priya, id, 'confirm', { confirmed_date: at });
    assert.equal(response.statusCode, 409, response.body);
    const booking = await row(id);
    assert.equal(booking.status, 'pending');
    assert.equal(booking.payment_status, 'authorized');
    assert.deepEqual(await heldTimes(id), []);
    assert.equal((await lastActivity(id)).type, 'proposed_dates');
    // Put the hold back as it was, so the money still balances; then withdraw the request.
    await ctx.db
      .updateTable('local_charges')
      .set({ status: 'requires_capture', released_at: null })
      .where('id', '=', (await chargeId(id)) ?? '')
      .execute();
    await act(sofia, id, 'cancel');
  });

  it('lets exactly one of two overlapping confirmations of pending bookings win', async () => {
    const at = nextTime();
    const [first, second] = [await book([at]), await book([at])];
    const results = await Promise.all(
      [first, second].map((id) => patchBooking(priya, id, 'confirm', { confirmed_date: at })),
    );
    const codes = results.map((response) => response.statusCode).sort();
    assert.deepEqual(codes, [200, 409]);
    const loser = results[0]?.statusCode === 409 ? first : second;
    assert.equal((await row(loser)).status, 'pending');
    assert.equal(await chargeStatus(loser), 'requires_capture', 'the loser captured nothing');
    assert.deepEqual(await heldTimes(loser), []);
    await act(sofia, loser, 'cancel');
    await act(sofia, loser === first ? second : first, 'cancel');
  });

  it('answers 409 when no proposals are open or the booking ended, 422 for a date not open', async () => {
    // Once one is confirmed, none is open.
    const at = nextTime();
    const id = await scheduledAt(at);
    await refused(priya, id, 'confirm', { confirmed_date: at }, NO_OPEN_PROPOSALS);
    await act(sofia, id, 'reschedule', { proposed_dates: [nextTime()] });
    // The old proposal is history, not an open one.
    await invalid(
      priya,
      id,
      'confirm',
      { confirmed_date: at },
      {
        confirmed_date: [NOT_A_PROPOSED_DATE],
      },
    );
    await invalid(
      priya,
      id,
      'confirm',
      { confirmed_date: 'soon' },
      {
        confirmed_date: [CONFIRMED_DATE_INVALID],
      },
    );
    await act(sofia, id, 'cancel');
    await refused(priya, id, 'confirm', { confirmed_date: at }, 'The booking status is canceled.');
  });

  it('a time taken meanwhile is a 409 on confirmed_date for an accepted booking too', async () => {
    const at = nextTime();
    const id = await accepted([at]);
    const other = await scheduledAt(at.replace(':00:00', ':15:00'));
    const response = await patchBooking(priya, id, 'confirm', { confirmed_date: at });
    assert.equal(response.statusCode, 409, response.body);
    assert.deepEqual(response.json().errors, { confirmed_date: [TIME_TAKEN_MESSAGE] });
    assert.equal((await row(id)).status, 'accepted');
    await act(sofia, other, 'cancel');
    await act(priya, id, 'confirm', { confirmed_date: at });
  });
});

async function chargeId(id: number): Promise<string | null> {
  const charge = await ctx.db
    .selectFrom('booking_payments')
    .select('provider_reference')
    .where('booking_id', '=', id)
    .where('kind', '=', 'charge')
    .executeTakeFirstOrThrow();
  return charge.provider_reference;
}

describe('PATCH /bookings/{id}/reschedule', () => {
  it('keeps the agreed date and time until the other side confirms a new one', async () => {
    const agreed = nextTime();
    const id = await scheduledAt(agreed);
    const proposed = [nextTime(), nextTime()];
    await act(sofia, id, 'reschedule', { proposed_dates: proposed });
    let booking = await row(id);
    assert.equal(booking.status, 'scheduled');
    assert.equal(booking.booking_date?.toISOString(), isoOf(agreed));
    assert.equal(booking.proposed_by, 'show');
    assert.deepEqual(await heldTimes(id), [isoOf(agreed)], 'the agreed time stays taken');
    assert.deepEqual((await lastActivity(id)).payload, {
      dates: proposed.map(isoOf),
      rescheduled: true,
    });
    const page = await bookingPage(priya, id);
    assert.equal(page.is_confirmed, true);
    assert.equal(page.confirmed_date, isoOf(agreed));
    assert.deepEqual(page.allowed_actions, ['cancel', 'confirm', 'reschedule', 'change-date']);
    assert.ok(!(await bookingPage(sofia, id)).allowed_actions.includes('confirm'));

    await act(priya, id, 'confirm', { confirmed_date: proposed[1] });
    booking = await row(id);
    assert.equal(booking.booking_date?.toISOString(), isoOf(proposed[1]!));
    assert.equal(booking.proposed_by, null);
    assert.deepEqual(await heldTimes(id), [isoOf(proposed[1]!)], 'the time moved');
    const activity = await lastActivity(id);
    assert.equal(activity.type, 'confirmed');
    assert.equal(activity.payload.updated, true);
    // The old time is free again for another booking.
    const next = await book([agreed]);
    await act(priya, next, 'confirm', { confirmed_date: agreed });
    await act(sofia, next, 'cancel');
  });

  it('is refused unless scheduled with a date still to come (409)', async () => {
    const body = { proposed_dates: [nextTime()] };
    const id = await accepted();
    await refused(sofia, id, 'reschedule', body, 'The booking status is accepted.');
    await act(sofia, id, 'scheduling-link', { url: 'https://cal.example.com/sofia' });
    await refused(sofia, id, 'reschedule', body, NO_DATE_TO_RESCHEDULE);

    const past = await scheduledAt();
    const passed = new Date(Date.now() - 2 * HOUR);
    await ctx.db
      .updateTable('guest_confirmed_times')
      .set({ starts_at: passed, ends_at: new Date(passed.getTime() + HOUR) })
      .where('booking_id', '=', past)
      .execute();
    await ctx.db
      .updateTable('bookings')
      .set({ booking_date: passed })
      .where('id', '=', past)
      .execute();
    await refused(priya, past, 'reschedule', body, INTERVIEW_TIME_PASSED);
    assert.ok(!(await bookingPage(priya, past)).allowed_actions.includes('reschedule'));
  });

  it('answers 422 for the agreed date, and 409 for a time taken by another booking', async () => {
    const agreed = nextTime();
    const id = await scheduledAt(agreed);
    await invalid(
      priya,
      id,
      'reschedule',
      { proposed_dates: [nextTime(), agreed] },
      {
        'proposed_dates.1': [SAME_AS_AGREED_DATE],
      },
    );
    const taken = nextTime();
    const other = await scheduledAt(taken);
    const response = await patchBooking(priya, id, 'reschedule', { proposed_dates: [taken] });
    assert.equal(response.statusCode, 409, response.body);
    assert.deepEqual(response.json().errors, { 'proposed_dates.0': [TIME_TAKEN_MESSAGE] });
    await act(sofia, other, 'cancel');
  });
});

describe('PATCH /bookings/{id}/change-date', () => {
  it('sets the agreed date directly: the time moves, the timeline says updated', async () => {
    const id = await scheduledAt();
    await act(sofia, id, 'reschedule', { proposed_dates: [nextTime()] });
    const to = nextTime();
    await act(sofia, id, 'change-date', { confirmed_date: to.replace(' ', 'T') + 'Z' });
    const booking = await row(id);
    assert.equal(booking.status, 'scheduled');
    assert.equal(booking.booking_date?.toISOString(), isoOf(to));
    assert.equal(booking.proposed_by, null, 'the open proposals are dropped');
    assert.equal(booking.confirmed_by_invitee, false, 'the initiator set it');
    assert.deepEqual(await heldTimes(id), [isoOf(to)]);
    const activity = await lastActivity(id);
    assert.equal(activity.type, 'confirmed');
    assert.equal(activity.actor_side, 'show');
    assert.equal(activity.payload.updated, true);
    assert.equal(activity.payload.date, isoOf(to));
  });

  it('gives a booking scheduled without a date its date (a confirmation, not an update)', async () => {
    const id = await accepted();
    await act(priya, id, 'scheduling-link', { url: 'https://cal.example.com/priya' });
    const to = nextTime();
    await act(priya, id, 'change-date', { confirmed_date: to });
    const booking = await row(id);
    assert.equal(booking.scheduled_without_date, false);
    assert.equal(booking.booking_date?.toISOString(), isoOf(to));
    assert.equal((await lastActivity(id)).payload.updated, false);
    assert.equal((await bookingPage(sofia, id)).is_confirmed, true);
  });

  it('answers 409 unless scheduled, 422 for a bad, past or unchanged date, 409 for a taken time', async () => {
    const id = await accepted();
    await refused(
      sofia,
      id,
      'change-date',
      { confirmed_date: nextTime() },
      'The booking status is accepted.',
    );
    const at = nextTime();
    const scheduled = await scheduledAt(at);
    const past = new Date(Date.now() - HOUR).toISOString();
    await invalid(
      sofia,
      scheduled,
      'change-date',
      { confirmed_date: 'tomorrow' },
      {
        confirmed_date: [CONFIRMED_DATE_INVALID],
      },
    );
    await invalid(
      sofia,
      scheduled,
      'change-date',
      { confirmed_date: past },
      {
        confirmed_date: [CONFIRMED_DATE_PAST],
      },
    );
    await invalid(
      sofia,
      scheduled,
      'change-date',
      { confirmed_date: at },
      {
        confirmed_date: [SAME_AS_AGREED_DATE],
      },
    );
    const missing = await patchBooking(sofia, scheduled, 'change-date', {});
    assert.equal(missing.statusCode, 422, missing.body);
    assert.ok(missing.json().errors.confirmed_date);
    const taken = nextTime();
    const other = await scheduledAt(taken);
    const response = await patchBooking(sofia, scheduled, 'change-date', {
      confirmed_date: taken.replace(':00:00', ':15:00'),
    });
    assert.equal(response.statusCode, 409, response.body);
    assert.deepEqual(response.json().errors, { confirmed_date: [TIME_TAKEN_MESSAGE] });
    assert.deepEqual(await heldTimes(scheduled), [isoOf(at)]);
    await act(sofia, other, 'cancel');
    await act(sofia, scheduled, 'cancel');
    await refused(
      sofia,
      scheduled,
      'change-date',
      { confirmed_date: nextTime() },
      'The booking status is canceled.',
    );
  });
});

describe('PATCH /bookings/{id}/scheduling-link', () => {
  it('schedules an accepted booking without a date, keeping the link', async () => {
    const id = await accepted();
    const url = 'https://cal.example.com/sofia?week=next';
    await act(sofia, id, 'scheduling-link', { url });
    const booking = await row(id);
    assert.equal(booking.status, 'scheduled');
    assert.equal(booking.scheduled_without_date, true);
    assert.equal(booking.scheduling_link, url);
    assert.equal(booking.booking_date, null);
    assert.equal(booking.proposed_by, null);
    assert.deepEqual(await heldTimes(id), []);
    assert.deepEqual((await lastActivity(id)).payload, { url });
    const page = await bookingPage(priya, id);
    assert.equal(page.scheduling_link, url);
    assert.equal(page.is_confirmed, false);
    // or, after all, agree the date on Guestspot (decision 116)
    assert.deepEqual(page.allowed_actions, ['cancel', 'change-date', 'undo-scheduled-outside']);
  });

  it('answers 422 "This is not a valid URL" for anything but an http(s) link, 409 unless accepted', async () => {
    const id = await accepted();
    for (const url of ['javascript:alert(1)', 'cal.example.com/sofia', ' https://x.com']) {
      await invalid(sofia, id, 'scheduling-link', { url }, { url: [INVALID_URL] });
    }
    await invalid(
      sofia,
      id,
      'scheduling-link',
      { url: '' },
      { url: ['The url field is required.'] },
    );
    const missing = await patchBooking(sofia, id, 'scheduling-link', {});
    assert.equal(missing.statusCode, 422, missing.body);
    assert.ok(missing.json().errors.url);
    const pending = await book();
    const body = { url: 'https://cal.example.com/sofia' };
    await refused(sofia, pending, 'scheduling-link', body, 'The booking status is pending.');
    await act(sofia, id, 'scheduling-link', body);
    await refused(sofia, id, 'scheduling-link', body, 'The booking status is scheduled.');
    await act(sofia, pending, 'cancel');
  });
});
