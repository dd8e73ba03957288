import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../../test/harness';
import { REVIEWS_PER_PAGE } from './routes';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('GET /{guests|shows}/{id}/reviews', () => {
  it('pages a guest’s reviews newest first, by id or slug, for visitors too', async () => {
    const priya = await ctx.db
      .selectFrom('guest_profiles')
      .select(['id', 'slug', 'avg_rating'])
      .where('name', '=', 'Priya Patel')
      .executeTakeFirstOrThrow();
    const client = new TestClient(ctx.app);
    const first = await client.get(`/api/v1/guests/${priya.id}/reviews`);
    assert.equal(first.statusCode, 200);
    const body = first.json();
    assert.equal(body.data.length, REVIEWS_PER_PAGE);
    assert.deepEqual(body.meta.pagination, {
      total: 6,
      count: REVIEWS_PER_PAGE,
      per_page: REVIEWS_PER_PAGE,
      current_page: 1,
      total_pages: 2,
    });
    const dates = body.data.map((review: { created_at: string }) => review.created_at);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.deepEqual(Object.keys(body.data[0]).sort(), [
      'body',
      'created_at',
      'id',
      'rating',
      'reviewer_name',
    ]);
    const second = await client.get(`/api/v1/guests/${priya.slug}/reviews?page=2`);
    assert.equal(second.json().data.length, 1);
    // The guest's rating is the average of the seeded reviews, to the hundredth (migration 043).
    const ratings = [5, 5, 4, 5, 4, 3];
    const average = Math.round((ratings.reduce((a, b) => a + b) / ratings.length) * 100) / 100;
    assert.equal(Number(priya.avg_rating), average);
  });

  it('lists a show’s reviews', async () => {
    const show = await ctx.db
      .selectFrom('show_profiles')
      .select('id')
      .where('name', '=', 'Morning Momentum')
      .executeTakeFirstOrThrow();
    const response = await new TestClient(ctx.app).get(`/api/v1/shows/${show.id}/reviews`);
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().meta.pagination.total, 5);
  });

  it('answers 404 for paused or unknown profiles (the paused owner still sees theirs), 422 for a bad page', async () => {
    const paused = await ctx.db
      .selectFrom('guest_profiles')
      .innerJoin('users', 'users.id', 'guest_profiles.user_id')
      .select(['guest_profiles.id', 'users.email'])
      .where('guest_profiles.is_public', '=', false)
      .executeTakeFirstOrThrow();
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.get(`/api/v1/guests/${paused.id}/reviews`)).statusCode, 404);
    assert.equal((await visitor.get('/api/v1/shows/9999999/reviews')).statusCode, 404);
    assert.equal((await visitor.get('/api/v1/guests/1/reviews?page=0')).statusCode, 422);
    const owner = await signedIn(ctx.app, paused.email);
    assert.equal((await owner.get(`/api/v1/guests/${paused.id}/reviews`)).statusCode, 200);
  });
});

describe('GET /{guests|shows}/{id} detail', () => {
  it('adds experience, topics, questions and the review count; links and options on request', async () => {
    const client = new TestClient(ctx.app);
    const plain = await client.get('/api/v1/guests/priya-patel');
    assert.equal(plain.statusCode, 200);
    const guest = plain.json().data;
    assert.equal(guest.reviews_count, 6);
    assert.equal(guest.topics.length, 3);
    assert.equal(guest.questions.length, 3);
    assert.deepEqual(guest.experience[0], {
      title: 'Head of Growth',
      organization: 'Loopline',
      years: '2016–2019',
    });
    assert.equal(guest.links, undefined);
    assert.equal(guest.booking_options, undefined);

    const full = (
      await client.get('/api/v1/guests/priya-patel?include=links,booking_options')
    ).json().data;
    assert.equal(full.links.social_media.linkedin, 'https://www.linkedin.com/in/priya-patel-demo');
    const slugs = full.booking_options.map((option: { slug: string }) => option.slug);
    assert.deepEqual([...slugs].sort(), ['guest-appearance', 'media-feature', 'virtual-interview']);
    const interview = full.booking_options.find(
      (option: { slug: string }) => option.slug === 'virtual-interview',
    );
    assert.equal(interview.name, 'Virtual Interview');
    assert.deepEqual(
      interview.prices.map((price: { interview_duration: number; amount: number }) => [
        price.interview_duration,
        price.amount,
      ]),
      [
        [30, 15000],
        [60, 25000],
      ],
    );
  });

  it('gives shows their rating, pitch settings and links; a show may have no options', async () => {
    const client = new TestClient(ctx.app);
    const show = await ctx.db
      .selectFrom('show_profiles')
      .select(['id', 'name'])
      .where('name', 'in', ['Morning Momentum', 'Well Rested'])
      .orderBy('id')
      .execute();
    // Well Rested: the demo show that sells nothing yet (seed: profile-pages.ts).
    const [morning, unpriced] = show;
    if (!morning || !unpriced) throw new Error('missing shows');
    const detail = (
      await client.get(`/api/v1/shows/${morning.id}?include=links,booking_options`)
    ).json().data;
    assert.equal(detail.reviews_count, 5);
    assert.equal(typeof detail.avg_rating, 'number');
    assert.deepEqual(detail.pitch_settings, { is_enabled: true, price: 1500 });
    assert.ok(Array.isArray(detail.links.episodes));
    assert.ok(detail.booking_options.length > 0);
    const none = (await client.get(`/api/v1/shows/${unpriced.id}?include=booking_options`)).json()
      .data;
    assert.deepEqual(none.booking_options, []);
    assert.equal(none.lowest_price, null);
    assert.equal(none.avg_rating, null);
  });

  it('answers 422 for an unknown include', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/guests/1?include=secrets');
    assert.equal(response.statusCode, 422);
    assert.ok(response.json().errors.include);
  });
});
