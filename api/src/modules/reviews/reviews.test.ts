import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BookingReview, BookingReviews } from '../../contract';
import { act, bookInterview, devClockNow, impersonating, joinTeam } from '../../test/bookings';
import { assertLedgerBalanced } from '../../test/ledger';
import {
  errorsOf,
  openAvailability,
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
} from '../../test/harness';
import { ALREADY_REVIEWED, REVIEW_OWN_SIDE, REVIEWS_NOT_YET } from './service';

// Reviews tied to bookings (decision 114), every rule against every role: Morning Momentum
// (show@) books Priya (pro@); the booking completes as a real one does (decision 116: the
// interview's time passes on the test clock, the show answers It Happened, Priya is paid); the
// show's side reviews Priya and Priya's side reviews the show. pro@'s team: agency@ (agency,
// seeded) and standard@ (Basic, joined here); guest@ (Maya) is a stranger to these bookings.
// The ratings follow each write; the money check runs after the suite.

const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let show: TestClient;
let guest: TestClient;
let agency: TestClient;
let basic: TestClient;
let stranger: TestClient;
let priya: number;
let morning: number;

before(async () => {
  ctx = await startTestApp();
  show = await signedIn(ctx.app, 'show@guestspot.test');
  guest = await signedIn(ctx.app, 'pro@guestspot.test');
  agency = await signedIn(ctx.app, 'agency@guestspot.test');
  await joinTeam(ctx.db, 'pro@guestspot.test', 'standard@guestspot.test', 'admin');
  basic = await signedIn(ctx.app, 'standard@guestspot.test');
  stranger = await signedIn(ctx.app, 'guest@guestspot.test');
  priya = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  morning = await profileIdOf(ctx.db, 'show_profiles', 'Morning Momentum');
  await openAvailability(guest, priya);
});
after(() => assertLedgerBalanced(ctx.db, { onFailure: () => ctx.close() }));
after(() => ctx.close());

/** The app's clock (the test clock runs ahead of the real one once moved). */
const clockNow = () => devClockNow(show);

let slots = 0;
/** A fresh interview time two days after the app's now, 'YYYY-MM-DD HH:mm:ss' UTC. */
async function nextTime(): Promise<string> {
  const at = new Date((await clockNow()).getTime() + 2 * DAY);
  at.setUTCHours(8 + (slots++ % 10), 0, 0, 0);
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/** Morning Momentum books Priya and she accepts: an accepted booking. */
async function accepted(): Promise<number> {
  const id = await bookInterview(ctx.db, show, priya, morning, [await nextTime()]);
  await act(guest, id, 'accept');
  return id;
}

/**
 * A booking whose interview happened: Priya confirms the time, the test clock moves past it
 * (the sweep asks the show), and the show answers It Happened (completed, Priya paid).
 */
async function completed(): Promise<number> {
  const when = await nextTime();
  const id = await bookInterview(ctx.db, show, priya, morning, [when]);
  await act(guest, id, 'confirm', { confirmed_date: when });
  const moved = await show.post('/api/v1/dev/clock', { advance_ms: 3 * DAY });
  assert.equal(moved.statusCode, 200, moved.body);
  await act(show, id, 'completed-action/confirm');
  const booking = await ctx.db
    .selectFrom('bookings')
    .select(['status', 'completed_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  assert.deepEqual(booking, { status: 'completed', completed_by: 'show' });
  return id;
}

const ofGuest = (body: object) => ({ number: 5, comment: 'Prepared and generous.', ...body });

function post(client: TestClient, side: 'guests' | 'shows', profile: number, body: object) {
  return client.post(`/api/v1/${side}/${profile}/reviews`, body);
}

function put(
  client: TestClient,
  side: 'guests' | 'shows',
  profile: number,
  review: number,
  body: object,
) {
  return client.request('PUT', `/api/v1/${side}/${profile}/reviews/${review}`, { body });
}

async function reviewsOf(client: TestClient, booking: number): Promise<BookingReviews> {
  const response = await client.get(`/api/v1/bookings/${booking}/reviews`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: BookingReviews }).data;
}

async function ratingOf(table: 'guest_profiles' | 'show_profiles', id: number) {
  const row = await ctx.db
    .selectFrom(table)
    .select(['avg_rating', 'reviews_count'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    average: row.avg_rating === null ? null : Number(row.avg_rating),
    count: row.reviews_count,
  };
}

async function expectedRating(type: 'guest' | 'show', id: number) {
  const rows = await ctx.db
    .selectFrom('reviews')
    .select('rating')
    .where('profile_type', '=', type)
    .where('profile_id', '=', id)
    .execute();
  const sum = rows.reduce((total, row) => total + row.rating, 0);
  return {
    average: rows.length ? Math.round((sum / rows.length) * 100) / 100 : null,
    count: rows.length,
  };
}

describe('POST /{guests|shows}/{id}/reviews', () => {
  it('lets each side review the other once the booking is completed, and recounts the ratings', async () => {
    const id = await completed();
    const before = await ratingOf('guest_profiles', priya);

    const fromShow = await post(
      show,
      'guests',
      priya,
      ofGuest({ booking_id: id, guest_id: priya }),
    );
    assert.equal(fromShow.statusCode, 201, fromShow.body);
    const review = (fromShow.json() as { data: BookingReview }).data;
    assert.deepEqual(
      { ...review, id: 0, created_at: '', updated_at: '' },
      {
        id: 0,
        booking_id: id,
        profile_type: 'guest',
        profile_id: priya,
        reviewer_side: 'show',
        number: 5,
        comment: 'Prepared and generous.',
        name: 'Morning Momentum',
        created_at: '',
        updated_at: '',
      },
    );
    const after = await ratingOf('guest_profiles', priya);
    assert.equal(after.count, before.count + 1);
    assert.deepEqual(after, await expectedRating('guest', priya));

    const fromGuest = await post(guest, 'shows', morning, {
      booking_id: id,
      show_id: morning,
      number: 3,
      comment: '  Started late, good questions.  ',
    });
    assert.equal(fromGuest.statusCode, 201, fromGuest.body);
    assert.equal(fromGuest.json().data.comment, 'Started late, good questions.');
    assert.equal(fromGuest.json().data.name, 'Priya Patel');
    assert.deepEqual(
      await ratingOf('show_profiles', morning),
      await expectedRating('show', morning),
    );

    // The profile's public list and page read them.
    const list = (await new TestClient(ctx.app).get(`/api/v1/guests/${priya}/reviews`)).json();
    assert.equal(list.data[0].id, review.id);
    assert.equal(list.data[0].reviewer_name, 'Morning Momentum');
    const page = (await new TestClient(ctx.app).get(`/api/v1/guests/${priya}`)).json().data;
    assert.equal(page.reviews_count, after.count);
    assert.equal(page.avg_rating, after.average);
    const showPage = (await new TestClient(ctx.app).get(`/api/v1/shows/${morning}`)).json().data;
    assert.deepEqual(
      { average: showPage.avg_rating, count: showPage.reviews_count },
      await expectedRating('show', morning),
    );

    // Both parties read both, from their own side.
    const asShow = await reviewsOf(show, id);
    assert.equal(asShow.viewer_side, 'show');
    assert.equal(asShow.is_open, true);
    assert.equal(asShow.can_review, true);
    assert.equal(asShow.guest_rating, 5);
    assert.equal(asShow.show_rating, 3);
    assert.deepEqual(
      asShow.reviews.map((each) => [each.profile_type, each.reviewer_side]),
      [
        ['guest', 'show'],
        ['show', 'guest'],
      ],
    );
    assert.equal((await reviewsOf(guest, id)).viewer_side, 'guest');
  });

  it('answers 409 to a second review of the same side', async () => {
    const id = await completed();
    assert.equal((await post(show, 'guests', priya, ofGuest({ booking_id: id }))).statusCode, 201);
    const again = await post(show, 'guests', priya, ofGuest({ booking_id: id, number: 1 }));
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, ALREADY_REVIEWED);
    const count = await ctx.db
      .selectFrom('reviews')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('booking_id', '=', id)
      .executeTakeFirstOrThrow();
    assert.equal(Number(count.n), 1);
  });

  it('answers 409 before the booking is completed, and the page says why', async () => {
    const id = await accepted();
    const early = await post(show, 'guests', priya, ofGuest({ booking_id: id }));
    assert.equal(early.statusCode, 409);
    assert.equal(early.json().message, REVIEWS_NOT_YET);
    const reviews = await reviewsOf(show, id);
    assert.deepEqual(
      { open: reviews.is_open, can: reviews.can_review, reviews: reviews.reviews },
      { open: false, can: false, reviews: [] },
    );
  });

  it('answers 403 to a side reviewing itself, 404 to strangers and 401 to visitors', async () => {
    const id = await completed();
    const self = await post(guest, 'guests', priya, ofGuest({ booking_id: id }));
    assert.equal(self.statusCode, 403);
    assert.equal(self.json().message, REVIEW_OWN_SIDE);
    // agency@ acts for Priya's side only: reviewing the guest is the show's to do.
    assert.equal(
      (await post(agency, 'guests', priya, ofGuest({ booking_id: id }))).statusCode,
      403,
    );
    assert.equal(
      (await post(stranger, 'guests', priya, ofGuest({ booking_id: id }))).statusCode,
      404,
    );
    assert.equal(
      (await post(stranger, 'shows', morning, ofGuest({ booking_id: id }))).statusCode,
      404,
    );
    assert.equal((await stranger.get(`/api/v1/bookings/${id}/reviews`)).statusCode, 404);
    assert.equal(
      (await post(show, 'guests', priya, ofGuest({ booking_id: 999999 }))).statusCode,
      404,
    );
    const visitor = new TestClient(ctx.app);
    assert.equal(
      (await post(visitor, 'guests', priya, ofGuest({ booking_id: id }))).statusCode,
      401,
    );
    assert.equal((await visitor.get(`/api/v1/bookings/${id}/reviews`)).statusCode, 401);
  });

  it('lets the team of the side write and edit its review: agency, Basic and impersonation', async () => {
    const id = await completed();
    const byAgency = await post(agency, 'shows', morning, ofGuest({ booking_id: id, number: 4 }));
    assert.equal(byAgency.statusCode, 201, byAgency.body);
    assert.equal(byAgency.json().data.name, 'Priya Patel');
    const reviewId = byAgency.json().data.id as number;
    const byBasic = await put(basic, 'shows', morning, reviewId, {
      booking_id: id,
      number: 5,
      comment: 'Edited by the team.',
    });
    assert.equal(byBasic.statusCode, 200, byBasic.body);
    const acting = await impersonating(
      ctx.app,
      ctx.db,
      'agency@guestspot.test',
      'pro@guestspot.test',
    );
    const byImpersonator = await put(acting, 'shows', morning, reviewId, {
      booking_id: id,
      review_id: reviewId,
      number: 2,
      comment: 'Edited again.',
    });
    assert.equal(byImpersonator.statusCode, 200, byImpersonator.body);
    assert.equal(byImpersonator.json().data.number, 2);
    assert.deepEqual(
      await ratingOf('show_profiles', morning),
      await expectedRating('show', morning),
    );
  });
});

describe('PUT /{guests|shows}/{id}/reviews/{review}', () => {
  it('edits the author side’s review and recounts; others get 403 or 404', async () => {
    const id = await completed();
    const created = await post(show, 'guests', priya, ofGuest({ booking_id: id, number: 2 }));
    const reviewId = created.json().data.id as number;
    const firstUpdate = created.json().data.updated_at as string;

    const edited = await put(show, 'guests', priya, reviewId, {
      booking_id: id,
      guest_id: priya,
      review_id: reviewId,
      number: 4,
      comment: 'On reflection, a great guest.',
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().data.number, 4);
    assert.equal(edited.json().data.comment, 'On reflection, a great guest.');
    assert.ok(edited.json().data.updated_at >= firstUpdate);
    assert.deepEqual(await ratingOf('guest_profiles', priya), await expectedRating('guest', priya));

    const body = { booking_id: id, number: 1, comment: 'Not mine to edit.' };
    // The reviewed side (and its team) is not the author.
    assert.equal((await put(guest, 'guests', priya, reviewId, body)).statusCode, 403);
    assert.equal((await put(agency, 'guests', priya, reviewId, body)).statusCode, 403);
    assert.equal((await put(stranger, 'guests', priya, reviewId, body)).statusCode, 404);
    // Not a review of this profile, or none at all.
    assert.equal((await put(show, 'shows', morning, reviewId, body)).statusCode, 404);
    assert.equal((await put(show, 'guests', priya, 999999, body)).statusCode, 404);
    const kept = await ctx.db
      .selectFrom('reviews')
      .select(['rating', 'body'])
      .where('id', '=', reviewId)
      .executeTakeFirstOrThrow();
    assert.deepEqual(kept, { rating: 4, body: 'On reflection, a great guest.' });
  });

  it('answers 422 when the review is not of the booking sent', async () => {
    const first = await completed();
    const second = await completed();
    const reviewId = (await post(show, 'guests', priya, ofGuest({ booking_id: first }))).json().data
      .id as number;
    const other = await put(show, 'guests', priya, reviewId, ofGuest({ booking_id: second }));
    assert.equal(other.statusCode, 422);
    assert.deepEqual(errorsOf(other), { booking_id: ['This review is not of this booking.'] });
    const mismatch = await put(
      show,
      'guests',
      priya,
      reviewId,
      ofGuest({ booking_id: first, review_id: reviewId + 1 }),
    );
    assert.equal(mismatch.statusCode, 422);
    assert.ok(errorsOf(mismatch).review_id);
  });
});

describe('review validation', () => {
  it('names every bad field in one 422', async () => {
    const id = await completed();
    const cases: [object, string[]][] = [
      [{ booking_id: id, number: 0, comment: 'x' }, ['number']],
      [{ booking_id: id, number: 6, comment: 'x' }, ['number']],
      [{ booking_id: id, number: 4.5, comment: 'x' }, ['number']],
      [{ booking_id: id, number: 5 }, ['comment']],
      [{ booking_id: id, number: 5, comment: '   ' }, ['comment']],
      [{ booking_id: id, number: 5, comment: 'x'.repeat(301) }, ['comment']],
      [{ number: 5, comment: 'x' }, ['booking_id']],
      [{}, ['booking_id', 'comment', 'number']],
    ];
    for (const [body, fields] of cases) {
      const response = await post(show, 'guests', priya, body);
      assert.equal(response.statusCode, 422, JSON.stringify(body));
      assert.deepEqual(Object.keys(errorsOf(response)).sort(), fields, JSON.stringify(body));
    }
    const blank = await post(show, 'guests', priya, { booking_id: id, number: 5, comment: ' ' });
    assert.deepEqual(errorsOf(blank).comment, ['The comment field is required.']);
    // 300 characters are fine.
    const longest = await post(
      show,
      'guests',
      priya,
      ofGuest({ booking_id: id, comment: 'y'.repeat(300) }),
    );
    assert.equal(longest.statusCode, 201, longest.body);
  });

  it('answers 422 on booking_id for a booking with another profile, and on guest_id when it disagrees', async () => {
    const id = await completed();
    const maya = await profileIdOf(ctx.db, 'guest_profiles', 'Maya Brooks');
    const wrongGuest = await post(show, 'guests', maya, ofGuest({ booking_id: id }));
    assert.equal(wrongGuest.statusCode, 422);
    assert.deepEqual(errorsOf(wrongGuest), {
      booking_id: ['This booking is not with this guest.'],
    });
    const disagree = await post(show, 'guests', priya, ofGuest({ booking_id: id, guest_id: maya }));
    assert.equal(disagree.statusCode, 422);
    assert.ok(errorsOf(disagree).guest_id);
  });
});

describe('the seeded reviews', () => {
  it('are all tied to completed bookings of the profiles they review', async () => {
    const untied = await ctx.db
      .selectFrom('reviews as r')
      .leftJoin('bookings as b', 'b.id', 'r.booking_id')
      .select('r.id')
      .where((eb) =>
        eb.or([
          eb('r.booking_id', 'is', null),
          eb('b.status', '<>', 'completed'),
          eb('r.reviewer_id', 'is', null),
        ]),
      )
      .where('r.created_at', '<', new Date(Date.now() - 60_000))
      .execute();
    assert.deepEqual(untied, []);
  });

  it('leave Maya’s review of The Founder Files to write: her booking page opens the form', async () => {
    const maya = await signedIn(ctx.app, 'guest@guestspot.test');
    const booking = await ctx.db
      .selectFrom('bookings as b')
      .innerJoin('show_profiles as s', 's.id', 'b.show_profile_id')
      .innerJoin('guest_profiles as g', 'g.id', 'b.guest_profile_id')
      .select('b.id')
      .where('s.name', '=', 'The Founder Files')
      .where('g.name', '=', 'Maya Brooks')
      .where('b.status', '=', 'completed')
      .executeTakeFirstOrThrow();
    const reviews = await reviewsOf(maya, booking.id);
    assert.equal(reviews.viewer_side, 'guest');
    assert.equal(reviews.can_review, true);
    assert.deepEqual(
      reviews.reviews.map((review) => review.reviewer_side),
      ['show'],
    );
  });
});
