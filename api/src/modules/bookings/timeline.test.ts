import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BookingTimelineEntry } from '../../contract';
import { act, bookingPage, bookInterview, isoOf, timeSlots } from '../../test/bookings';
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
import { expireOverdueBookings } from './actions';
import { SUMMARY_LENGTH } from './detail';

// The booking's timeline as each side reads it (booking-management… §2 "Activity feed", §4
// "Timeline filtering", decision 111): GET /bookings/{id}/activities and the page's timeline,
// the entry types, the wording for the invitee and the initiator, and the pending steps each
// side sees until they are done.

let ctx: TestContext;
let sofia: TestClient;
let priya: TestClient;
let maya: TestClient;
let priyaGuest: number;
let morningShow: number;
let sofiaShow: number;
let keys = 0;
const nextTime = timeSlots(30);

before(async () => {
  ctx = await startTestApp();
  sofia = await signedIn(ctx.app, 'show@guestspot.test');
  priya = await signedIn(ctx.app, 'pro@guestspot.test');
  maya = await signedIn(ctx.app, 'guest@guestspot.test');
  priyaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morningShow = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  sofiaShow = await profileIdOf(ctx.db, 'show_profiles', 'The Sofia Ramirez Show');
  await openAvailability(priya, priyaGuest);
});
// The money balances after all of these tests (issue 28 §5).
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

/** Morning Momentum (show@) asks Priya (pro@), proposing `proposed`. */
async function book(proposed = [nextTime(), nextTime()]): Promise<number> {
  return bookInterview(ctx.db, sofia, priyaGuest, morningShow, proposed);
}

async function timeline(client: TestClient, id: number, sort?: string) {
  const response = await client.get(
    `/api/v1/bookings/${id}/activities${sort ? `?sort=${sort}` : ''}`,
  );
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: BookingTimelineEntry[] }).data;
}

/** Each entry as type: description, in the page's order (oldest first). */
async function read(client: TestClient, id: number): Promise<string[]> {
  return (await bookingPage(client, id)).timeline.map(
    (entry) => `${entry.type}: ${entry.description}`,
  );
}

const last = async (client: TestClient, id: number) =>
  (await bookingPage(client, id)).timeline.at(-1);

const steps = async (client: TestClient, id: number) =>
  (await bookingPage(client, id)).timeline
    .filter((entry) => entry.type.startsWith('action'))
    .map((entry) => entry.type);

describe('GET /bookings/{id}/activities', () => {
  it('answers the page’s timeline, newest first by default, oldest first with sort=asc', async () => {
    const id = await book();
    await act(priya, id, 'accept');
    for (const client of [sofia, priya]) {
      const page = (await bookingPage(client, id)).timeline;
      assert.deepEqual(await timeline(client, id, 'asc'), page);
      assert.deepEqual(await timeline(client, id, 'desc'), [...page].reverse());
      assert.deepEqual(await timeline(client, id), [...page].reverse());
    }
    const bad = await sofia.get(`/api/v1/bookings/${id}/activities?sort=sideways`);
    assert.equal(bad.statusCode, 422, bad.body);
    assert.ok(bad.json().errors.sort);
  });

  it('is 401 to visitors, 404 to strangers and for no such booking, readable by team members', async () => {
    const id = await book();
    const visitor = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/bookings/${id}/activities`,
    });
    assert.equal(visitor.statusCode, 401);
    assert.equal((await maya.get(`/api/v1/bookings/${id}/activities`)).statusCode, 404);
    assert.equal((await sofia.get('/api/v1/bookings/2147483647/activities')).statusCode, 404);
    const agency = await signedIn(ctx.app, 'agency@guestspot.test');
    assert.deepEqual(await timeline(agency, id), await timeline(priya, id));
  });
});

describe('the wording, for the invitee and the initiator', () => {
  it('words a request, its proposals, the yes and the date for each side', async () => {
    const [first, second] = [nextTime(), nextTime()];
    const id = await book([first, second]);
    assert.deepEqual(await read(sofia, id), [
      'order-started: You sent Priya Patel a booking request',
      'proposed_dates: You proposed 2 dates',
    ]);
    assert.deepEqual(await read(priya, id), [
      'order-started: Morning Momentum sent you a booking request',
      'proposed_dates: Morning Momentum proposed 2 dates',
      "action-accept-reject: Accept or reject Morning Momentum's booking request. Unanswered, it expires and the card hold is released.",
      'action-pick-dates: Pick one of the dates Morning Momentum proposed',
    ]);
    const invited = (await bookingPage(priya, id)).timeline;
    assert.equal(invited[0]?.by_viewer, false);
    assert.equal(invited[0]?.actor_user_id, await userIdOf(ctx.db, 'show@guestspot.test'));
    assert.ok((invited[0]?.properties.amount ?? 0) > 0);
    assert.equal(invited[0]?.properties.is_pitch, false);
    assert.deepEqual(invited[1]?.properties, { dates: [isoOf(first), isoOf(second)] });
    assert.deepEqual(invited.at(-1)?.properties, { dates: [isoOf(first), isoOf(second)] });
    assert.equal(invited.at(-1)?.by_viewer, true);
    assert.equal(invited.at(-1)?.id, 'action-pick-dates');
    assert.equal((await bookingPage(sofia, id)).timeline[0]?.by_viewer, true);

    await act(priya, id, 'accept');
    assert.equal((await last(sofia, id))?.description, 'Priya Patel accepted your booking');
    const accepted = (await bookingPage(priya, id)).timeline;
    assert.equal(accepted.at(-2)?.description, 'You accepted the booking');

    await act(priya, id, 'confirm', { confirmed_date: second });
    const confirmed = await last(sofia, id);
    assert.equal(confirmed?.type, 'confirmed');
    assert.equal(confirmed?.description, 'Priya Patel confirmed the interview date');
    assert.deepEqual(confirmed?.properties, { date: isoOf(second) });
    assert.equal((await last(priya, id))?.description, 'You confirmed the interview date');

    const later = nextTime();
    await act(sofia, id, 'reschedule', { proposed_dates: [later] });
    assert.equal(
      (await last(priya, id))?.description,
      'Morning Momentum asked to reschedule and proposed 1 date',
    );
    assert.equal(
      (await last(sofia, id))?.description,
      'You asked to reschedule and proposed 1 date',
    );
    await act(priya, id, 'confirm', { confirmed_date: later });
    const updated = await last(sofia, id);
    assert.equal(updated?.type, 'updated');
    assert.equal(updated?.description, 'Priya Patel changed the interview date');
    assert.deepEqual(updated?.properties, { date: isoOf(later) });
    assert.equal((await last(priya, id))?.description, 'You changed the interview date');

    await act(sofia, id, 'cancel', { reason: 'The episode was dropped.' });
    const canceled = await last(priya, id);
    assert.equal(canceled?.type, 'canceled');
    assert.equal(canceled?.description, 'Morning Momentum canceled the booking');
    assert.deepEqual(canceled?.properties, { reason: 'The episode was dropped.' });
    assert.equal((await last(sofia, id))?.description, 'You canceled the booking');
  });

  it('words a rejection, a withdrawal and an expiry', async () => {
    const rejected = await book();
    await act(priya, rejected, 'reject', { reason: 'Not a fit.' });
    const entry = await last(sofia, rejected);
    assert.equal(entry?.type, 'rejected');
    assert.equal(entry?.description, 'Priya Patel rejected your booking request');
    assert.deepEqual(entry?.properties, { reason: 'Not a fit.' });
    assert.equal((await last(priya, rejected))?.description, 'You rejected the booking request');

    const withdrawn = await book();
    await act(sofia, withdrawn, 'cancel');
    assert.deepEqual((await last(priya, withdrawn))?.properties, { reason: null });

    const expiring = await book();
    const { created_at: created } = await ctx.db
      .selectFrom('bookings')
      .select('created_at')
      .where('id', '=', expiring)
      .executeTakeFirstOrThrow();
    await expireOverdueBookings({
      db: ctx.db,
      payments: ctx.app.payments,
      now: () => new Date(created.getTime() + 8 * 24 * 60 * 60 * 1000),
    });
    for (const client of [sofia, priya]) {
      const expired = await last(client, expiring);
      assert.equal(expired?.type, 'expired');
      assert.equal(expired?.actor_side, 'system');
      assert.equal(expired?.by_viewer, false);
      assert.equal(
        expired?.description,
        'The request expired without an answer. The card hold was released.',
      );
    }
  });

  it('words a scheduling link as a message intent carrying the link', async () => {
    const id = await book();
    await act(priya, id, 'accept');
    await act(sofia, id, 'scheduling-link', { url: 'https://cal.example.com/sofia' });
    const shared = await last(priya, id);
    assert.equal(shared?.type, 'message_intent');
    assert.equal(
      shared?.description,
      'Morning Momentum shared a scheduling link to agree the interview date',
    );
    assert.deepEqual(shared?.properties, { scheduling_link: 'https://cal.example.com/sofia' });
    assert.equal(
      (await last(sofia, id))?.description,
      'You shared a scheduling link to agree the interview date',
    );
  });

  it('words pitches, plays a recording from /api/v1/media/{uuid}, and shows the pitch', async () => {
    const id = await book();
    const uuid = '0b6a7d6e-2f43-4c1e-9f3a-5d2f1c9e8a71';
    const sofiaId = await userIdOf(ctx.db, 'show@guestspot.test');
    await ctx.db
      .insertInto('booking_activities')
      .values([
        {
          booking_id: id,
          type: 'audio-pitch',
          actor_side: 'show',
          actor_user_id: sofiaId,
          payload: JSON.stringify({ media_uuid: uuid }),
        },
        {
          booking_id: id,
          type: 'text-pitch',
          actor_side: 'show',
          actor_user_id: sofiaId,
          payload: JSON.stringify({ message: 'We love your book.' }),
        },
        {
          booking_id: id,
          type: 'miniview-answers',
          actor_side: 'show',
          actor_user_id: sofiaId,
          payload: JSON.stringify({ count: 2 }),
        },
      ])
      .execute();
    const entries = (await bookingPage(priya, id)).timeline;
    const audio = entries.find((entry) => entry.type === 'audio_pitch');
    assert.equal(audio?.description, 'Audio pitch from Morning Momentum');
    assert.deepEqual(audio?.properties, { media_url: `/api/v1/media/${uuid}` });
    const text = entries.find((entry) => entry.type === 'text_pitch');
    assert.equal(text?.description, 'Pitch from Morning Momentum');
    assert.deepEqual(text?.properties, { message: 'We love your book.' });
    const generic = entries.find((entry) => entry.type === 'generic');
    assert.equal(generic?.description, 'Morning Momentum answered 2 questions of the MINIVIEW');
    const own = (await bookingPage(sofia, id)).timeline;
    assert.equal(
      own.find((entry) => entry.type === 'audio_pitch')?.description,
      'Your audio pitch',
    );
    // The page's pitch is the first one sent.
    assert.deepEqual((await bookingPage(sofia, id)).pitch, {
      type: 'audio',
      text: null,
      media_url: `/api/v1/media/${uuid}`,
    });
    await act(sofia, id, 'cancel');
  });
});

describe('the pending steps (timeline filtering)', () => {
  it('accept/reject is the invitee’s until accepted; pick-dates the confirmer’s until a date is agreed', async () => {
    const id = await book();
    assert.deepEqual(await steps(priya, id), ['action-accept-reject', 'action-pick-dates']);
    assert.deepEqual(await steps(sofia, id), [], 'the initiator never sees their own');

    await act(priya, id, 'accept');
    assert.deepEqual(await steps(priya, id), ['action-pick-dates']);
    assert.deepEqual(await steps(sofia, id), []);

    // The guest counters: now the show picks.
    await act(priya, id, 'propose-date', { proposed_dates: [nextTime()] });
    assert.deepEqual(await steps(priya, id), []);
    assert.deepEqual(await steps(sofia, id), ['action-pick-dates']);
    const pick = (await bookingPage(sofia, id)).timeline.at(-1);
    assert.equal(pick?.description, 'Pick one of the dates Priya Patel proposed');

    const [open] = (await bookingPage(sofia, id)).proposals;
    await act(sofia, id, 'confirm', { confirmed_date: open?.starts_at });
    assert.deepEqual(await steps(priya, id), []);
    assert.deepEqual(await steps(sofia, id), []);

    // A reschedule's proposals are picked from the page: the date is confirmed already.
    await act(sofia, id, 'reschedule', { proposed_dates: [nextTime()] });
    assert.deepEqual(await steps(priya, id), []);
    assert.ok((await bookingPage(priya, id)).allowed_actions.includes('confirm'));
    await act(sofia, id, 'cancel');
  });

  it('asks the guest to choose dates once accepted with none proposed', async () => {
    const price = await ctx.db
      .selectFrom('show_option_prices')
      .select(['id', 'booking_option_id', 'interview_duration'])
      .where('show_profile_id', '=', sofiaShow)
      .where('price', '>', 0)
      .orderBy('price')
      .executeTakeFirstOrThrow();
    const mayaGuest = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
    const created = await maya.request('POST', `/api/v1/shows/${sofiaShow}/book`, {
      headers: { 'Idempotency-Key': `timeline-${(keys += 1)}` },
      body: {
        guest_profile_id: mayaGuest,
        interview_duration: price.interview_duration,
        booking_options: [{ booking_option_id: price.booking_option_id, price_id: price.id }],
        payment_method: 'pm_card_visa',
        source: 'web',
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().data.id as number;
    assert.deepEqual(await steps(sofia, id), ['action-accept-reject']);
    assert.deepEqual(await steps(maya, id), []);

    await act(sofia, id, 'accept');
    assert.deepEqual(await steps(sofia, id), []);
    const choose = (await bookingPage(maya, id)).timeline.at(-1);
    assert.equal(choose?.type, 'action');
    assert.equal(choose?.description, 'Choose dates for the interview');
    assert.equal(choose?.created_at, (await bookingPage(maya, id)).accepted_at);

    await act(maya, id, 'scheduling-link', { url: 'https://cal.example.com/maya' });
    assert.deepEqual(await steps(maya, id), [], 'scheduled without a date: nothing pending');
    assert.deepEqual(await steps(sofia, id), []);
    await act(maya, id, 'cancel');
  });

  it('shows no step once canceled, expired or due to expire', async () => {
    const canceled = await book();
    await act(sofia, canceled, 'cancel');
    assert.deepEqual(await steps(priya, canceled), []);

    const due = await book();
    await ctx.db
      .updateTable('bookings')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', due)
      .execute();
    assert.deepEqual(await steps(priya, due), []);
    assert.deepEqual((await bookingPage(priya, due)).allowed_actions, []);
    await ctx.db
      .updateTable('bookings')
      .set({ expires_at: new Date(Date.now() + 60 * 60 * 1000) })
      .where('id', '=', due)
      .execute();
    await act(sofia, due, 'cancel');
  });
});

describe('the booking page’s header fields', () => {
  it('gives each side its counterpart’s short title or description, and the open proposals’ side', async () => {
    const id = await book();
    const guest = await ctx.db
      .selectFrom('guest_profiles')
      .select('title')
      .where('id', '=', priyaGuest)
      .executeTakeFirstOrThrow();
    const show = await ctx.db
      .selectFrom('show_profiles')
      .select('description')
      .where('id', '=', morningShow)
      .executeTakeFirstOrThrow();
    const asShow = await bookingPage(sofia, id);
    assert.equal(asShow.counterpart_summary, guest.title);
    assert.equal(asShow.proposed_by, 'show');
    assert.equal(asShow.scheduling_link, null);
    assert.equal(asShow.pitch, null);
    const asGuest = await bookingPage(priya, id);
    const summary = asGuest.counterpart_summary ?? '';
    assert.ok(summary.length > 0 && summary.length <= SUMMARY_LENGTH, summary);
    const description = (show.description ?? '').replace(/\s+/g, ' ');
    assert.ok(description.startsWith(summary.replace(/…$/, '')), summary);
    assert.equal(summary.endsWith('…'), description.length > SUMMARY_LENGTH);
    await act(sofia, id, 'cancel');
  });
});
