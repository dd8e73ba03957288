import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

// What the demo profiles set up to be booked (issue 16, decision 089): booking and pitch
// questions, upsell packages (cents), saved booking-flow steps and pitch settings for Priya
// (guest and The Founder Files), Maya, and Sofia's two shows, so the booking flow has real
// steps to show. Fixed lists: no random numbers, so the rest of the seed is unchanged.

interface Setup {
  booking: string[];
  pitch: string[];
  upsells: {
    title: string;
    description: string;
    price: number;
    url?: string;
    social_handle?: string;
  }[];
  steps: Partial<Record<'pitch' | 'miniview_questions' | 'questions' | 'upsells', boolean>>;
  /** cents; capped at the profile's highest bookable price (the max_price rule) */
  pitchPrice: number | null;
  pitchEnabled: boolean;
}

const PRIYA: Setup = {
  booking: [
    'Who listens to your show, and how many people does an episode usually reach?',
    'Which of my topics would you like to focus on?',
    'Is the interview live, or recorded and edited?',
  ],
  pitch: [
    'What would you like to pitch me, in one sentence?',
    'Why is now the right time for this conversation?',
  ],
  upsells: [
    {
      title: 'Newsletter feature',
      description: 'Your episode featured in my weekly growth newsletter (18,000 subscribers).',
      price: 15000,
      url: 'https://priyapatel.example.com/newsletter',
    },
    {
      title: 'LinkedIn post about the episode',
      description: 'A post on LinkedIn with a clip and a link to your show.',
      price: 7500,
      social_handle: '@priyapatel',
    },
  ],
  steps: { miniview_questions: true },
  pitchPrice: 5000,
  pitchEnabled: true,
};

const MAYA: Setup = {
  booking: [
    'Which of my research areas fits your audience best?',
    'Will you share the questions before we record?',
  ],
  pitch: ['What story would you like us to tell together?'],
  upsells: [
    {
      title: 'Newsletter mention',
      description: 'A mention of the episode in my monthly newsletter.',
      price: 5000,
    },
  ],
  steps: {},
  pitchPrice: 2500,
  pitchEnabled: true,
};

const FOUNDER_FILES: Setup = {
  booking: [
    'What does your company do, and what stage is it at?',
    'What founder story have you never told on a podcast?',
    'Links to past interviews, if any',
  ],
  pitch: ['Why would our listeners care about your story?'],
  upsells: [
    {
      title: 'Sponsor read in the episode',
      description: 'A 30-second read about your company in the episode you appear in.',
      price: 30000,
    },
    {
      title: 'Clip on Instagram',
      description: 'A one-minute clip of your interview on our Instagram.',
      price: 10000,
      url: 'https://www.instagram.com/founderfiles.demo',
      social_handle: '@founderfiles',
    },
  ],
  steps: {},
  pitchPrice: 2000,
  pitchEnabled: true,
};

const MORNING_MOMENTUM: Setup = {
  booking: ['What morning routine do you swear by?', 'What is your one-line bio for the intro?'],
  pitch: ['What could listeners try tomorrow morning after hearing you?'],
  upsells: [
    {
      title: 'Newsletter spotlight',
      description: 'You and your episode at the top of our Friday newsletter.',
      price: 8000,
    },
  ],
  // Sofia asks nothing before a booking on this show: the questions step is off.
  steps: { questions: false },
  pitchPrice: 1500,
  pitchEnabled: true,
};

const SOFIA_SHOW: Setup = {
  booking: ['What would you like to talk about with Sofia?', 'Where can listeners find you?'],
  pitch: ['Tell Sofia why your story fits the show.'],
  upsells: [
    {
      title: 'YouTube short of your best moment',
      description: 'A vertical clip of the best minute of your interview on our channel.',
      price: 12000,
      social_handle: '@sofiaramirezshow',
    },
  ],
  steps: {},
  // No booking options yet: no pitch price above them ($0), and no Pitch button.
  pitchPrice: null,
  pitchEnabled: false,
};

type Fk = 'guest_profile_id' | 'show_profile_id';

async function seedProfile(
  trx: Kysely<Database>,
  fk: Fk,
  profileId: number,
  setup: Setup,
): Promise<void> {
  const questions = [
    ...setup.booking.map((body, position) => ({ type: 'booking' as const, body, position })),
    ...setup.pitch.map((body, position) => ({ type: 'pitch' as const, body, position })),
  ];
  await trx
    .insertInto('booking_questions')
    .values(questions.map((question) => ({ ...question, [fk]: profileId })))
    .execute();
  await trx
    .insertInto('upsell_packages')
    .values(
      setup.upsells.map((upsell) => ({
        [fk]: profileId,
        title: upsell.title,
        description: upsell.description,
        price: upsell.price,
        url: upsell.url ?? null,
        social_handle: upsell.social_handle ?? null,
      })),
    )
    .execute();
  await trx
    .insertInto('booking_flow_preferences')
    .values({ [fk]: profileId, ...setup.steps })
    .execute();
  const table = fk === 'guest_profile_id' ? 'guest_profiles' : 'show_profiles';
  await sql`
    update ${sql.table(table)}
    set pitch_enabled = ${setup.pitchEnabled},
      pitch_price = ${
        setup.pitchPrice === null
          ? null
          : sql`least(${setup.pitchPrice}::int, coalesce(highest_price, 0))`
      }
    where id = ${profileId}
  `.execute(trx);
}

/** Runs after the option prices are final (the pitch prices stay within them). */
export async function seedBookingSetup(
  trx: Kysely<Database>,
  {
    guests,
    shows,
  }: {
    guests: { maya: number; priya: number };
    shows: { morning: number; sofia: number; founderFiles: number };
  },
): Promise<void> {
  await seedProfile(trx, 'guest_profile_id', guests.priya, PRIYA);
  await seedProfile(trx, 'guest_profile_id', guests.maya, MAYA);
  await seedProfile(trx, 'show_profile_id', shows.founderFiles, FOUNDER_FILES);
  await seedProfile(trx, 'show_profile_id', shows.morning, MORNING_MOMENTUM);
  await seedProfile(trx, 'show_profile_id', shows.sofia, SOFIA_SHOW);
}
