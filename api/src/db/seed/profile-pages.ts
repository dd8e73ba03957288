import type { Kysely } from 'kysely';
import type { Database } from '../schema';

// Profile pages (issue 5): Maya's and Priya's experience, topics and questions, and one show
// without booking options ("Well Rested", which has no bookings), so its page shows the
// no-booking-options dialog. (Until issue 16 that was "The Sofia Ramirez Show", which has bookings: a show that
// was booked sells something.) The reviews are tied to bookings since issue 32 (reviews.ts).

export async function seedProfilePages(
  trx: Kysely<Database>,
  {
    guests,
    showWithoutOptions,
  }: {
    guests: { maya: number; priya: number };
    showWithoutOptions: number;
  },
): Promise<void> {
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
