import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

// Reviews tied to completed bookings (issue 32, decision 114). Every seeded review is one side's
// review of the other after a completed booking: the demo profiles' reviews come from past
// interviews with other marketplace profiles, and those interviews are reviewed both ways.
// Maya (guest@) has not yet reviewed The Founder Files after their completed interview, so her
// booking page opens its review form. Ratings follow by trigger (migration 043).
// Runs before seedBookingLife, which gives the new bookings their timeline and ledger.

/** What a show says of a guest. */
const OF_GUESTS: { rating: number; comment: string }[] = [
  {
    rating: 5,
    comment:
      'Prepared, generous with stories and easy to edit. Our listeners asked for a second episode.',
  },
  { rating: 5, comment: 'One of the most engaging conversations we have recorded this year.' },
  { rating: 4, comment: 'Great insights; we ran a little over time, happily.' },
  {
    rating: 5,
    comment: 'Sent a clear outline beforehand and shared the episode with their audience.',
  },
  { rating: 4, comment: 'Thoughtful answers and a warm tone throughout.' },
  { rating: 3, comment: 'Good content, though the audio setup needed work.' },
];

/** What a guest says of a show. */
const OF_SHOWS: { rating: number; comment: string }[] = [
  {
    rating: 5,
    comment: 'A host who had read my work and asked the questions nobody else asks.',
  },
  { rating: 5, comment: 'Smooth booking, a clear brief and a beautifully produced episode.' },
  { rating: 4, comment: 'Friendly team and a good audience; the recording started a bit late.' },
  { rating: 5, comment: 'Well researched and relaxed. I would happily come back.' },
  { rating: 4, comment: 'Good conversation and quick to share the final cut.' },
];

const DAY = 24 * 60 * 60 * 1000;

interface PastInterview {
  guest: number;
  show: number;
  initiator: 'guest' | 'show';
  /** cents, the option's price */
  price: number;
  /** days before the seed's day */
  daysAgo: number;
  /** the show's review of the guest (index into OF_GUESTS), or none */
  ofGuest: number | null;
  /** the guest's review of the show (index into OF_SHOWS), or none */
  ofShow: number | null;
}

export async function seedReviews(
  trx: Kysely<Database>,
  {
    guests,
    shows,
    otherGuests,
    otherShows,
    interviewOption,
    at,
  }: {
    guests: { maya: number; priya: number };
    shows: { morning: number; founderFiles: number };
    /** marketplace guests with no demo bookings (at least 8) */
    otherGuests: number[];
    /** marketplace shows with no demo bookings and something to sell (at least 8) */
    otherShows: number[];
    interviewOption: number;
    at: (days: number, hour?: number) => Date;
  },
): Promise<void> {
  const guest = (index: number) => otherGuests[index] ?? fail('guests');
  const show = (index: number) => otherShows[index] ?? fail('shows');

  const interviews: PastInterview[] = [
    // Shows that booked Priya (pro@) and reviewed her; she reviewed most of them back.
    ...[0, 1, 2, 3, 4].map((index) => ({
      guest: guests.priya,
      show: show(index),
      initiator: 'show' as const,
      price: 15000,
      daysAgo: 16 + index * 11,
      ofGuest: index,
      ofShow: index < 4 ? index : null,
    })),
    // Shows that booked Maya (guest@).
    ...[5, 6, 7].map((index, n) => ({
      guest: guests.maya,
      show: show(index),
      initiator: 'show' as const,
      price: 7500,
      daysAgo: 21 + n * 13,
      ofGuest: n + 1,
      ofShow: n + 1,
    })),
    // Guests who appeared on Morning Momentum (show@) and on The Founder Files (pro@).
    ...[0, 1, 2, 3, 4].map((index) => ({
      guest: guest(index),
      show: shows.morning,
      initiator: 'guest' as const,
      price: 10000,
      daysAgo: 18 + index * 12,
      ofGuest: (index + 2) % OF_GUESTS.length,
      ofShow: index,
    })),
    ...[5, 6, 7].map((index, n) => ({
      guest: guest(index),
      show: shows.founderFiles,
      initiator: 'guest' as const,
      price: 5000,
      daysAgo: 25 + n * 15,
      ofGuest: n + 3,
      ofShow: n + 1,
    })),
  ];

  const created = await trx
    .insertInto('bookings')
    .values(
      interviews.map((interview) => {
        const createdAt = at(-interview.daysAgo - 12, 10);
        return {
          guest_profile_id: interview.guest,
          show_profile_id: interview.show,
          booking_option_id: interviewOption,
          initiator: interview.initiator,
          status: 'completed' as const,
          is_pitch: false,
          price: interview.price,
          interview_duration: 30,
          booking_date: at(-interview.daysAgo, 16),
          proposed_dates: JSON.stringify([]),
          proposed_by: null,
          guest_seen_at: createdAt,
          show_seen_at: createdAt,
          created_at: createdAt,
          updated_at: createdAt,
        };
      }),
    )
    .returning(['id', 'guest_profile_id', 'show_profile_id', 'booking_date'])
    .execute();

  // The demo's own completed bookings: Priya's interview on a marketplace show is reviewed both
  // ways; on Maya's with The Founder Files only the show has written (her form opens).
  const existing = await trx
    .selectFrom('bookings')
    .select(['id', 'guest_profile_id', 'show_profile_id', 'booking_date'])
    .where('status', '=', 'completed')
    .where(
      'id',
      'not in',
      created.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  const reviewed = [
    ...created.map((row, index) => ({ row, interview: interviews[index] ?? fail('interviews') })),
    ...existing.map((row) => ({
      row,
      interview: {
        ofGuest: row.guest_profile_id === guests.priya ? 5 : 0,
        ofShow: row.guest_profile_id === guests.priya ? 0 : null,
      },
    })),
  ];

  const names = await profileNames(trx);
  const rows = reviewed.flatMap(({ row, interview }) => {
    const after = (days: number) => new Date((row.booking_date ?? at(-30)).getTime() + days * DAY);
    const both = [];
    if (interview.ofGuest !== null) {
      const review = OF_GUESTS[interview.ofGuest] ?? fail('reviews');
      both.push({
        booking_id: row.id,
        profile_type: 'guest' as const,
        profile_id: row.guest_profile_id,
        reviewer_id: names.showOwner.get(row.show_profile_id) ?? null,
        reviewer_name: names.show.get(row.show_profile_id) ?? fail('show'),
        rating: review.rating,
        body: review.comment,
        created_at: after(1),
        updated_at: after(1),
      });
    }
    if (interview.ofShow !== null) {
      const review = OF_SHOWS[interview.ofShow] ?? fail('reviews');
      both.push({
        booking_id: row.id,
        profile_type: 'show' as const,
        profile_id: row.show_profile_id,
        reviewer_id: names.guestOwner.get(row.guest_profile_id) ?? null,
        reviewer_name: names.guest.get(row.guest_profile_id) ?? fail('guest'),
        rating: review.rating,
        body: review.comment,
        created_at: after(2),
        updated_at: after(2),
      });
    }
    return both;
  });
  await trx.insertInto('reviews').values(rows).execute();
}

/**
 * How every profile answers requests, as of the seed's day (migration 044): the activity trigger
 * skips the seed's history (guestspot.seeding), so this counts once after seedBookingLife.
 */
export async function seedReputation(trx: Kysely<Database>, now: Date): Promise<void> {
  await sql`select refresh_profile_reputation(${now})`.execute(trx);
}

async function profileNames(trx: Kysely<Database>) {
  const [guests, shows] = await Promise.all([
    trx.selectFrom('guest_profiles').select(['id', 'name', 'user_id']).execute(),
    trx.selectFrom('show_profiles').select(['id', 'name', 'user_id']).execute(),
  ]);
  return {
    guest: new Map(guests.map((row) => [row.id, row.name])),
    guestOwner: new Map(guests.map((row) => [row.id, row.user_id])),
    show: new Map(shows.map((row) => [row.id, row.name])),
    showOwner: new Map(shows.map((row) => [row.id, row.user_id])),
  };
}

function fail(what: string): never {
  throw new Error(`seedReviews: not enough ${what}`);
}
