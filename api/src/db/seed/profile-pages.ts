import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

// Profile pages (issue 5): reviews for a few demo profiles (their guests' avg_rating follows
// them), Maya's and Priya's experience, topics and questions, and one show without booking
// options ("Well Rested", which has no bookings), so its page shows the no-booking-options
// dialog. (Until issue 16 that was "The Sofia Ramirez Show", which has bookings: a show that
// was booked sells something.)

const REVIEWS: { name: string; rating: number; body: string }[] = [
  {
    name: 'Jordan Blake',
    rating: 5,
    body: 'Prepared, generous with stories and easy to edit. Our listeners asked for a second episode.',
  },
  {
    name: 'Elena Fischer',
    rating: 5,
    body: 'One of the most engaging conversations we have recorded this year.',
  },
  { name: 'Marcus Hill', rating: 4, body: 'Great insights; we ran a little over time, happily.' },
  {
    name: 'Aiko Tanaka',
    rating: 5,
    body: 'Sent a clear outline beforehand and shared the episode with their audience.',
  },
  { name: 'Samir Haddad', rating: 4, body: 'Thoughtful answers and a warm tone throughout.' },
  { name: 'Grace Okafor', rating: 3, body: 'Good content, though the audio setup needed work.' },
];

export async function seedProfilePages(
  trx: Kysely<Database>,
  {
    guests,
    shows,
    showWithoutOptions,
    at,
  }: {
    guests: { maya: number; priya: number };
    shows: number[];
    showWithoutOptions: number;
    at: (days: number) => Date;
  },
): Promise<void> {
  const targets: { type: 'guest' | 'show'; id: number; count: number }[] = [
    { type: 'guest', id: guests.priya, count: 6 },
    { type: 'guest', id: guests.maya, count: 4 },
    ...shows.map((id, index) => ({ type: 'show' as const, id, count: index === 0 ? 5 : 3 })),
  ];
  for (const target of targets) {
    await trx
      .insertInto('reviews')
      .values(
        REVIEWS.slice(0, target.count).map((review, index) => ({
          profile_type: target.type,
          profile_id: target.id,
          reviewer_name: review.name,
          rating: review.rating,
          body: review.body,
          created_at: at(-5 - index * 9),
        })),
      )
      .execute();
  }
  // A guest's avg_rating (what the rating filter reads) is the average of its reviews.
  await sql`
    update guest_profiles g set avg_rating = r.average
    from (select profile_id, round(avg(rating), 1) as average from reviews
          where profile_type = 'guest' group by profile_id) r
    where g.id = r.profile_id
  `.execute(trx);

  await trx
    .updateTable('guest_profiles')
    .set({
      experience: JSON.stringify([
        { title: 'Head of Growth', organization: 'Loopline', years: '2016–2019' },
        { title: 'VP Growth', organization: 'Brightcart', years: '2019–2022' },
        { title: 'Growth advisor', organization: 'Independent', years: '2022–present' },
      ]),
      topics: JSON.stringify([
        'Retention-led growth',
        'Pricing experiments',
        'Onboarding that converts',
      ]),
      questions: JSON.stringify([
        'What is the one metric an early-stage founder should watch?',
        'When should a startup raise its prices?',
        'How do you turn customers into your best marketing channel?',
      ]),
    })
    .where('id', '=', guests.priya)
    .execute();
  await trx
    .updateTable('guest_profiles')
    .set({
      experience: JSON.stringify([
        { title: 'Associate professor', organization: 'Northfield University', years: null },
      ]),
      topics: JSON.stringify(['Money and behaviour', 'Designing better choices']),
      questions: JSON.stringify(['Why do smart people make poor money decisions?']),
    })
    .where('id', '=', guests.maya)
    .execute();

  await trx
    .deleteFrom('show_option_prices')
    .where('show_profile_id', '=', showWithoutOptions)
    .execute();
}
