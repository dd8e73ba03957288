import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { hashPassword } from '../../modules/auth/password';
import { slugify } from '../../modules/profiles/slug';
import { mediaUrl } from '../../modules/uploads/service';
import type { DB } from '../database';
import type { BookingStatusColumn, PlatformStat } from '../schema';
import { seedBilling } from './billing';
import { seedBookingLife } from './booking-life';
import { seedMessages } from './messages';
import { seedBookingSetup } from './booking-setup';
import { seedReachAndStats } from './reach-and-stats';
import { seedPastGuests } from './past-guests';
import { seedIntegrations } from './integrations';
import { seedOptionPrices } from './option-prices';
import { seedPayouts } from './payouts';
import { seedProfilePages } from './profile-pages';
import { seedReputation, seedReviews } from './reviews';
import { seedStoreCredit } from './store-credit';
import {
  BOOKING_OPTIONS,
  CATEGORIES,
  COLORS,
  FIRST_NAMES,
  GUEST_ARCHETYPES,
  LAST_NAMES,
  MINIVIEW_SEEDS,
  PLATFORM_STAT_LABELS,
  SHOW_TYPES,
  SHOWS,
  TAGS,
  type BookingOptionSlug,
} from './data';
import { createRandom, type Random } from './prng';

export const DEMO_PASSWORD = 'Password123';
const SEED = 20_241_025;
const DAY = 24 * 60 * 60 * 1000;

/** The demo logins (README lists them). */
export const DEMO_ACCOUNTS = {
  standard: 'standard@guestspot.test',
  pro: 'pro@guestspot.test',
  admin: 'admin@guestspot.test',
  agency: 'agency@guestspot.test',
  guest: 'guest@guestspot.test',
  show: 'show@guestspot.test',
  pending: 'pending@guestspot.test',
  terms: 'terms@guestspot.test',
} as const;

/** The demo accounts' referral codes (decision 053). */
export const DEMO_REFERRAL_CODES: Record<string, string> = {
  [DEMO_ACCOUNTS.standard]: 'samcarter',
  [DEMO_ACCOUNTS.pro]: 'priyapatel',
  [DEMO_ACCOUNTS.guest]: 'mayabrooks',
  [DEMO_ACCOUNTS.show]: 'sofiaramirez',
};

/** Demo shows (the first ones) with their page on each platform type and a Rephonic id. */
const SHOWS_WITH_LINKS = 6;

/** A plausible address of a show's page on a platform type (type_urls). */
export function showTypeUrl(type: string, slug: string): string {
  switch (type) {
    case 'Podcast':
      return `https://podcasts.apple.com/us/podcast/${slug}`;
    case 'Video Podcast':
    case 'YouTube Channel':
      return `https://www.youtube.com/@${slug}`;
    case 'Radio Show':
      return `https://tunein.com/radio/${slug}/`;
    case 'Live Stream':
      return `https://www.twitch.tv/${slug.replace(/-/g, '')}`;
    default:
      return `https://${slug.replace(/-/g, '')}.substack.com`;
  }
}

export const GUEST_PROFILE_COUNT = 60;
export const SHOW_PROFILE_COUNT = 40;

function uniqueSlug(name: string, taken: Set<string>): string {
  const base = slugify(name) || 'profile';
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

function emailFor(first: string, last: string): string {
  return `${slugify(first)}.${slugify(last).replace(/-/g, '')}@guestspot.test`;
}

/** Whole dollars -> cents, rounded to $5. */
function dollars(amount: number): number {
  return Math.round(amount / 5) * 5 * 100;
}

function compact(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (value >= 1000) return `${(value / 1000).toFixed(1)}k`;
  return String(value);
}

const PRONUNCIATIONS: Record<string, string> = {
  Okafor: 'oh-KAH-for',
  Lindqvist: 'LIND-kvist',
  Nakamura: 'nah-kah-MOO-rah',
  Haddad: 'hah-DAHD',
  Kowalski: 'koh-VAHL-skee',
  Mensah: 'MEN-sah',
  Johansson: 'YOH-hahn-son',
  Jovanovic: 'yoh-VAH-noh-vitch',
  Iqbal: 'IK-bahl',
  Quintero: 'keen-TEH-roh',
  Mbeki: 'em-BEH-kee',
  Lachance: 'lah-SHAHNSS',
};

const BIO_CLOSERS = [
  'Expect candid stories and practical takeaways.',
  'Listeners leave with something they can try the same week.',
  'Known for clear explanations and a dry sense of humour.',
  'Happy to go deep on the numbers or keep it conversational.',
  'Brings research, field stories and a few strong opinions.',
];

interface PriceRow {
  booking_option_id: number;
  interview_duration: number;
  price: number;
}

/** A guest's fee per option and duration; about one in seven is FREE. */
function guestPrices(random: Random, option: (slug: BookingOptionSlug) => number): PriceRow[] {
  const free = random.chance(0.15);
  const base = free ? 0 : random.pick([25, 50, 75, 100, 150, 200, 250, 300, 500]);
  const rows: PriceRow[] = [
    {
      booking_option_id: option('virtual-interview'),
      interview_duration: 30,
      price: dollars(base),
    },
    {
      booking_option_id: option('virtual-interview'),
      interview_duration: 60,
      price: dollars(base * 1.7),
    },
  ];
  if (random.chance(0.3)) {
    rows.push({
      booking_option_id: option('virtual-interview'),
      interview_duration: 15,
      price: dollars(base * 0.6),
    });
  }
  if (random.chance(0.4)) {
    rows.push({
      booking_option_id: option('guest-appearance'),
      interview_duration: 60,
      price: dollars(base * 2),
    });
    rows.push({
      booking_option_id: option('guest-appearance'),
      interview_duration: 90,
      price: dollars(base * 2.8),
    });
  }
  if (random.chance(0.25)) {
    rows.push({
      booking_option_id: option('miniview'),
      interview_duration: 15,
      price: dollars(base * 0.4),
    });
  }
  if (random.chance(0.15)) {
    rows.push({
      booking_option_id: option('media-feature'),
      interview_duration: 30,
      price: dollars(base),
    });
  }
  return rows;
}

/** What a guest pays to appear on a show; about a third are FREE. */
function showPrices(random: Random, option: (slug: BookingOptionSlug) => number): PriceRow[] {
  const free = random.chance(0.35);
  const base = free ? 0 : random.pick([50, 100, 150, 250, 400, 750, 1000]);
  const duration = random.pick([30, 45, 60]);
  const rows: PriceRow[] = [
    {
      booking_option_id: option('guest-appearance'),
      interview_duration: duration,
      price: dollars(base),
    },
  ];
  if (random.chance(0.5)) {
    rows.push({
      booking_option_id: option('virtual-interview'),
      interview_duration: 30,
      price: dollars(base * 0.7),
    });
  }
  if (random.chance(0.3)) {
    rows.push({
      booking_option_id: option('media-feature'),
      interview_duration: 15,
      price: dollars(base * 0.5 + 50),
    });
  }
  return rows;
}

function platformStats(
  random: Random,
  platform: keyof typeof PLATFORM_STAT_LABELS,
): PlatformStat[] {
  const [first, second, third] = PLATFORM_STAT_LABELS[platform];
  switch (platform) {
    case 'podcast':
      return [
        { label: first, value: compact(random.int(800, 60_000)) },
        { label: second, value: String(random.int(20, 480)) },
        { label: third, value: (4 + random.int(3, 10) / 10).toFixed(1) },
      ];
    case 'youtube':
      return [
        { label: first, value: compact(random.int(5_000, 1_500_000)) },
        { label: second, value: compact(random.int(2_000, 250_000)) },
        { label: third, value: String(random.int(40, 900)) },
      ];
    case 'radio':
      return [
        { label: first, value: compact(random.int(20_000, 400_000)) },
        { label: second, value: String(random.int(3, 60)) },
        { label: third, value: String(random.int(2, 25)) },
      ];
    case 'live':
      return [
        { label: first, value: compact(random.int(150, 9_000)) },
        { label: second, value: compact(random.int(2_000, 200_000)) },
        { label: third, value: String(random.int(30, 600)) },
      ];
  }
}

/**
 * A guest's rating comes from its reviews (decision 114: a trigger keeps it), never from the
 * seed. The seed once drew a rating here: the draws are still made, so that every later demo
 * value (names, prices, ...) is the one it always was.
 */
function noRatingWithoutReviews(random: Random): null {
  if (random.chance(0.7)) random.int(36, 50);
  return null;
}

export interface SeedOptions {
  /** Dates are laid out around this day (default: today, 00:00 UTC). */
  now?: Date;
}

/**
 * Fills an empty database with the demo marketplace and accounts. Deterministic (seeded
 * generator, fixed lists); does nothing when any user exists, so it is safe to run again.
 */
export async function seedDemoData(
  db: DB,
  options: SeedOptions = {},
): Promise<{ seeded: boolean }> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return { seeded: false };

  const today = options.now ?? new Date();
  const anchor = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const at = (days: number, hour = 15) => new Date(anchor + days * DAY + hour * 60 * 60 * 1000);

  // scrypt is slow on purpose: a hash per demo login, one shared by the many marketplace users.
  const demoHashes = await Promise.all(
    Object.values(DEMO_ACCOUNTS).map(() => hashPassword(DEMO_PASSWORD)),
  );
  const fillerHash = await hashPassword(DEMO_PASSWORD);
  const hashFor = (index: number) => demoHashes[index] ?? fillerHash;

  const random = createRandom(SEED);

  await db.transaction().execute(async (trx) => {
    // The demo's past activities tell nobody (migration 040's outbox trigger skips them).
    await sql`select set_config('guestspot.seeding', 'on', true)`.execute(trx);
    // Reference data.
    // Top-level categories first (ids 1..12), then their subcategories.
    const categoryIds = new Map<string, number>();
    const subcategoriesOf = new Map<string, string[]>();
    const parents = await trx
      .insertInto('categories')
      .values(
        CATEGORIES.map((category, position) => ({
          name: category.name,
          slug: category.slug,
          color: category.color,
          position,
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    for (const parent of parents) categoryIds.set(parent.slug, parent.id);
    for (const category of CATEGORIES) {
      const subs = category.subcategories ?? [];
      subcategoriesOf.set(
        category.slug,
        subs.map((sub) => sub.slug),
      );
      if (subs.length === 0) continue;
      const rows = await trx
        .insertInto('categories')
        .values(
          subs.map((sub, position) => ({
            name: sub.name,
            slug: sub.slug,
            color: category.color,
            parent_id: categoryIds.get(category.slug) ?? null,
            position,
          })),
        )
        .returning(['id', 'slug'])
        .execute();
      for (const row of rows) categoryIds.set(row.slug, row.id);
    }
    const categoryId = (slug: string) => {
      const id = categoryIds.get(slug);
      if (id === undefined) throw new Error(`Unknown category ${slug}`);
      return id;
    };

    const tagRows = await trx
      .insertInto('tags')
      .values(TAGS.map((name) => ({ name, slug: slugify(name) })))
      .returning(['id', 'slug'])
      .execute();
    const tagIds = new Map(tagRows.map((row) => [row.slug, row.id]));
    const tagId = (slug: string) => {
      const id = tagIds.get(slug);
      if (id === undefined) throw new Error(`Unknown tag ${slug}`);
      return id;
    };

    const optionRows = await trx
      .insertInto('booking_options')
      .values(BOOKING_OPTIONS.map((option, position) => ({ ...option, position })))
      .returning(['id', 'slug'])
      .execute();
    const optionIds = new Map(optionRows.map((row) => [row.slug, row.id]));
    const option = (slug: BookingOptionSlug) => optionIds.get(slug) ?? 0;

    const typeRows = await trx
      .insertInto('show_types')
      .values(SHOW_TYPES.map((name) => ({ name })))
      .returning(['id', 'name'])
      .execute();
    const typeIds = new Map(typeRows.map((row) => [row.name, row.id]));

    // Demo accounts.
    const demoUser = async (
      index: number,
      values: {
        first: string;
        last: string;
        email: string;
        title?: string;
        phone?: string;
      } & Partial<{
        account_type: 'standard' | 'pro';
        status: 'active' | 'pending' | 'paused';
        is_admin: boolean;
        termsAccepted: boolean;
      }>,
    ) => {
      const pending = values.status === 'pending';
      const row = await trx
        .insertInto('users')
        .values({
          first_name: values.first,
          last_name: values.last,
          email: values.email,
          password_hash: hashFor(index),
          email_verified_at: pending ? null : at(-120),
          phone: values.phone ?? null,
          title: values.title ?? null,
          timezone: 'US/Central',
          account_type: values.account_type ?? 'standard',
          status: values.status ?? 'active',
          is_admin: values.is_admin ?? false,
          terms_accepted_at: pending || values.termsAccepted === false ? null : at(-120),
          // set by seedPayouts for the accounts with a connected payout account
          stripe_connect_id: null,
          created_at: at(-120 + index),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    };

    await demoUser(0, {
      first: 'Sam',
      last: 'Carter',
      email: DEMO_ACCOUNTS.standard,
      phone: '5125550100',
    });
    const proId = await demoUser(1, {
      first: 'Priya',
      last: 'Patel',
      email: DEMO_ACCOUNTS.pro,
      title: 'Growth advisor',
      phone: '5125550101',
      account_type: 'pro',
    });
    await demoUser(2, {
      first: 'Alex',
      last: 'Morgan',
      email: DEMO_ACCOUNTS.admin,
      is_admin: true,
      title: 'Support lead',
    });
    const agencyId = await demoUser(3, {
      first: 'Jordan',
      last: 'Blake',
      email: DEMO_ACCOUNTS.agency,
      title: 'Talent agent',
    });
    const guestUserId = await demoUser(4, {
      first: 'Maya',
      last: 'Brooks',
      email: DEMO_ACCOUNTS.guest,
      title: 'Behavioral economist',
      phone: '5125550104',
    });
    const showUserId = await demoUser(5, {
      first: 'Sofia',
      last: 'Ramirez',
      email: DEMO_ACCOUNTS.show,
      title: 'Podcast host',
    });
    await demoUser(6, {
      first: 'Peter',
      last: 'Lang',
      email: DEMO_ACCOUNTS.pending,
      status: 'pending',
    });
    // Active, but has not accepted the Terms of Service yet: the shell's terms modal blocks.
    await demoUser(7, {
      first: 'Tara',
      last: 'Quinn',
      email: DEMO_ACCOUNTS.terms,
      termsAccepted: false,
    });

    // Readable referral codes for the demo accounts (?ref=priyapatel); others keep a random one.
    for (const [email, code] of Object.entries(DEMO_REFERRAL_CODES)) {
      await trx
        .updateTable('users')
        .set({ referral_code: code })
        .where('email', '=', email)
        .execute();
    }

    const team = await trx
      .insertInto('teams')
      .values({ owner_id: proId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('team_members')
      .values({ team_id: team.id, user_id: agencyId, role: 'agency' })
      .execute();
    await trx
      .insertInto('team_invitations')
      .values({ team_id: team.id, email: 'assistant@guestspot.test', role: 'admin' })
      .execute();

    const slugs = new Set<string>();
    const usedNames = new Set([
      'Sam Carter',
      'Priya Patel',
      'Alex Morgan',
      'Jordan Blake',
      'Maya Brooks',
      'Sofia Ramirez',
      'Peter Lang',
      'Tara Quinn',
    ]);
    const newPerson = () => {
      for (;;) {
        const first = random.pick(FIRST_NAMES);
        const last = random.pick(LAST_NAMES);
        const name = `${first} ${last}`;
        if (!usedNames.has(name)) {
          usedNames.add(name);
          return { first, last, name };
        }
      }
    };
    const colour = () => random.pick(COLORS);

    // Guest profiles: two demo ones, the rest each owned by a marketplace user.
    interface GuestDraft {
      userId: number;
      name: string;
      title: string;
      bio: string;
      categories: number[];
      tags: number[];
      prices: PriceRow[];
      featured: boolean;
      premium: boolean;
      talent: boolean;
      pronunciation: string | null;
      isPublic: boolean;
      createdAt: Date;
    }
    const guestDrafts: GuestDraft[] = [
      {
        userId: guestUserId,
        name: 'Maya Brooks',
        title: 'Behavioral economist and author of "Small Nudges"',
        bio: 'Maya studies why people make the money decisions they do, and how small changes in design move them. She has advised banks, city governments and two fintech startups. On shows she turns research into stories listeners remember.',
        categories: [categoryId('finance'), categoryId('science')],
        tags: [tagId('personal-finance'), tagId('mindset'), tagId('storytelling')],
        prices: [
          { booking_option_id: option('virtual-interview'), interview_duration: 30, price: 7500 },
          { booking_option_id: option('virtual-interview'), interview_duration: 60, price: 12500 },
          { booking_option_id: option('miniview'), interview_duration: 15, price: 3000 },
        ],
        featured: true,
        premium: false,
        talent: false,
        pronunciation: null,
        isPublic: true,
        createdAt: at(-100),
      },
      {
        userId: proId,
        name: 'Priya Patel',
        title: 'Growth advisor and author of "Compounding Customers"',
        bio: 'Priya has led growth at three consumer startups and now advises founders on retention-led growth. She speaks about pricing, onboarding and building products customers recommend without being asked.',
        categories: [categoryId('marketing'), categoryId('entrepreneurship')],
        tags: [tagId('startups'), tagId('branding'), tagId('public-speaking')],
        prices: [
          { booking_option_id: option('virtual-interview'), interview_duration: 30, price: 15000 },
          { booking_option_id: option('virtual-interview'), interview_duration: 60, price: 25000 },
          { booking_option_id: option('guest-appearance'), interview_duration: 60, price: 40000 },
          { booking_option_id: option('media-feature'), interview_duration: 30, price: 10000 },
        ],
        featured: true,
        premium: true,
        talent: true,
        pronunciation: 'PREE-yah PAH-tel',
        isPublic: true,
        createdAt: at(-110),
      },
    ];

    const fillerGuests = GUEST_PROFILE_COUNT - guestDrafts.length;
    for (let index = 0; index < fillerGuests; index += 1) {
      const person = newPerson();
      const archetype = GUEST_ARCHETYPES[index % GUEST_ARCHETYPES.length] ?? GUEST_ARCHETYPES[0];
      if (!archetype) throw new Error('No guest archetypes');
      const [topicA, topicB, topicC] = random.sample(archetype.topics, 3);
      const categories = [categoryId(archetype.category)];
      const subs = subcategoriesOf.get(archetype.category) ?? [];
      if (subs.length && random.chance(0.5)) categories.push(categoryId(random.pick(subs)));
      if (random.chance(0.3)) {
        const other = random.pick(
          CATEGORIES.filter((category) => category.slug !== archetype.category),
        );
        categories.push(categoryId(other.slug));
      }
      const tags = random.sample(archetype.tags, random.int(2, 3)).map(tagId);
      if (random.chance(0.3)) {
        const extra = tagId(slugify(random.pick(TAGS)));
        if (!tags.includes(extra)) tags.push(extra);
      }
      const premium = random.chance(0.15);
      const title = random.pick(archetype.titles);
      const userId = (
        await trx
          .insertInto('users')
          .values({
            first_name: person.first,
            last_name: person.last,
            email: emailFor(person.first, person.last),
            password_hash: fillerHash,
            email_verified_at: at(-200 + index),
            title,
            account_type: premium || random.chance(0.15) ? 'pro' : 'standard',
            // One paused account: its profile is private and out of every list.
            status: index === fillerGuests - 1 ? 'paused' : 'active',
            terms_accepted_at: at(-200 + index),
            created_at: at(-200 + index),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      guestDrafts.push({
        userId,
        name: person.name,
        title,
        bio: [
          `${person.first} has spent ${random.int(6, 25)} years ${random.pick(['working on', 'studying', 'writing about', 'building a career around'])} ${topicA}.`,
          `In interviews ${person.first} covers ${topicB}${topicC ? ` and ${topicC}` : ''}.`,
          random.pick(BIO_CLOSERS),
        ].join(' '),
        categories,
        tags,
        prices: guestPrices(random, option),
        featured: random.chance(0.18),
        premium,
        talent: random.chance(0.15),
        pronunciation: PRONUNCIATIONS[person.last] ?? null,
        isPublic: index !== fillerGuests - 1,
        createdAt: at(-200 + index),
      });
    }

    const guestIds: number[] = [];
    for (const draft of guestDrafts) {
      const { id } = await trx
        .insertInto('guest_profiles')
        .values({
          user_id: draft.userId,
          slug: uniqueSlug(draft.name, slugs),
          name: draft.name,
          title: draft.title,
          bio: draft.bio,
          pronunciation: draft.pronunciation,
          color: colour(),
          avg_rating: noRatingWithoutReviews(random),
          remove_branding: draft.premium && random.chance(0.5),
          featured: draft.featured,
          premium: draft.premium,
          talent: draft.talent,
          is_public: draft.isPublic,
          pitch_enabled: random.chance(0.85),
          pitch_price: null,
          created_at: draft.createdAt,
          updated_at: draft.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      guestIds.push(id);
      await trx
        .insertInto('guest_profile_categories')
        .values(draft.categories.map((category_id) => ({ guest_profile_id: id, category_id })))
        .execute();
      await trx
        .insertInto('guest_profile_tags')
        .values(draft.tags.map((tag_id) => ({ guest_profile_id: id, tag_id })))
        .execute();
      await trx
        .insertInto('guest_option_prices')
        .values(draft.prices.map((price) => ({ ...price, guest_profile_id: id })))
        .execute();
    }

    // Shows: show@ owns two, pro@ one, the rest one owner each.
    interface ShowDraft {
      userId: number;
      seed: (typeof SHOWS)[number];
      host: string;
    }
    const [firstShow, secondShow, thirdShow, ...otherShows] = SHOWS;
    if (!firstShow || !secondShow || !thirdShow) throw new Error('Not enough shows');
    const showDrafts: ShowDraft[] = [
      {
        userId: showUserId,
        seed: { ...firstShow, name: 'Morning Momentum' },
        host: 'Sofia Ramirez',
      },
      {
        userId: showUserId,
        seed: { ...secondShow, name: 'The Sofia Ramirez Show' },
        host: 'Sofia Ramirez',
      },
      {
        userId: proId,
        seed: { ...thirdShow, name: 'The Founder Files', category: 'entrepreneurship' },
        host: 'Priya Patel',
      },
    ];
    for (const [index, seed] of otherShows
      .slice(0, SHOW_PROFILE_COUNT - showDrafts.length)
      .entries()) {
      const person = newPerson();
      const { id: userId } = await trx
        .insertInto('users')
        .values({
          first_name: person.first,
          last_name: person.last,
          email: emailFor(person.first, person.last),
          password_hash: fillerHash,
          email_verified_at: at(-300 + index),
          title: 'Host',
          account_type: random.chance(0.25) ? 'pro' : 'standard',
          status: 'active',
          terms_accepted_at: at(-300 + index),
          created_at: at(-300 + index),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      showDrafts.push({ userId, seed, host: person.name });
    }

    const showIds: number[] = [];
    for (const [index, draft] of showDrafts.entries()) {
      const { seed } = draft;
      const cadence = random.pick([
        'every week',
        'every other week',
        'every Tuesday',
        'every Thursday',
        'twice a month',
      ]);
      const featured = index === 0 || random.chance(0.2);
      const premium = index === 2 || random.chance(0.15);
      const slug = uniqueSlug(seed.name, slugs);
      // The first shows link their page on each platform type and their Rephonic id.
      const linked = index < SHOWS_WITH_LINKS;
      const { id } = await trx
        .insertInto('show_profiles')
        .values({
          user_id: draft.userId,
          slug,
          rephonic_id: linked ? slug : null,
          name: seed.name,
          description: `${seed.name} is a ${seed.type.toLowerCase()} about ${seed.about}. Hosted by ${draft.host}, with new episodes ${cadence}.`,
          color: colour(),
          platform_type: seed.platform,
          platform_stats: JSON.stringify(platformStats(random, seed.platform)),
          remove_branding: premium && random.chance(0.4),
          featured,
          premium,
          created_at: at(-150 + index),
          updated_at: at(-150 + index),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      showIds.push(id);
      const categories = [categoryId(seed.category)];
      if (random.chance(0.35)) {
        const other = random.pick(CATEGORIES.filter((category) => category.slug !== seed.category));
        categories.push(categoryId(other.slug));
      }
      await trx
        .insertInto('show_profile_categories')
        .values(categories.map((category_id) => ({ show_profile_id: id, category_id })))
        .execute();
      await trx
        .insertInto('show_profile_tags')
        .values(seed.tags.map((slug) => ({ show_profile_id: id, tag_id: tagId(slug) })))
        .execute();
      const types = [
        seed.type,
        ...(seed.type === 'Podcast' && random.chance(0.3) ? ['Video Podcast'] : []),
      ];
      await trx
        .insertInto('show_profile_types')
        .values(
          types.map((type) => ({
            show_profile_id: id,
            show_type_id: typeIds.get(type) ?? 0,
            url: linked ? showTypeUrl(type, slug) : null,
          })),
        )
        .execute();
      await trx
        .insertInto('show_option_prices')
        .values(showPrices(random, option).map((price) => ({ ...price, show_profile_id: id })))
        .execute();
    }

    // Bookings between guest@, show@ and pro@ (standard@ has none).
    const [mayaGuest, priyaGuest, otherGuestA, otherGuestB] = guestIds;
    const [morningShow, sofiaShow, founderFiles, otherShow] = showIds;
    if (!mayaGuest || !priyaGuest || !otherGuestA || !otherGuestB)
      throw new Error('Missing guests');
    if (!morningShow || !sofiaShow || !founderFiles || !otherShow) throw new Error('Missing shows');
    // A show with no bookings that sells nothing yet: its page offers the waitlist (profile-pages).
    const wellRested = showIds[4];
    if (!wellRested) throw new Error('Missing shows');
    interface BookingDraft {
      guest: number;
      show: number;
      initiator: 'guest' | 'show';
      status: BookingStatusColumn;
      price: number;
      date: Date | null;
      createdDaysAgo: number;
      pitch?: boolean;
      /** unseen by this side (is_new for its owner) */
      newFor?: 'guest' | 'show';
    }
    // For the booking page (decision 111), Maya (guest@) and show@ have one booking in each
    // state: pending (show@'s request with 3 proposed dates for Maya to pick), accepted with no
    // date, and scheduled.
    const bookings: BookingDraft[] = [
      {
        guest: mayaGuest,
        show: morningShow,
        initiator: 'show',
        status: 'pending',
        price: 12500,
        date: null,
        createdDaysAgo: 1,
        newFor: 'guest',
      },
      {
        // Accepted, no date yet: the booking page asks Maya to choose dates.
        guest: mayaGuest,
        show: sofiaShow,
        initiator: 'guest',
        status: 'accepted',
        price: 0,
        date: null,
        createdDaysAgo: 6,
      },
      {
        guest: mayaGuest,
        show: morningShow,
        initiator: 'show',
        status: 'scheduled',
        price: 7500,
        date: at(3),
        createdDaysAgo: 12,
      },
      {
        guest: mayaGuest,
        show: founderFiles,
        initiator: 'guest',
        status: 'completed',
        price: 10000,
        date: at(-14),
        createdDaysAgo: 30,
      },
      {
        guest: mayaGuest,
        show: sofiaShow,
        initiator: 'show',
        status: 'canceled',
        price: 7500,
        date: null,
        createdDaysAgo: 40,
      },
      {
        guest: mayaGuest,
        show: morningShow,
        initiator: 'guest',
        status: 'canceled',
        price: 0,
        date: null,
        createdDaysAgo: 45,
        pitch: true,
      },
      {
        guest: mayaGuest,
        show: founderFiles,
        initiator: 'show',
        status: 'pending',
        price: 12500,
        date: null,
        createdDaysAgo: 2,
        newFor: 'guest',
      },
      {
        guest: priyaGuest,
        show: morningShow,
        initiator: 'show',
        status: 'scheduled',
        price: 25000,
        date: at(6, 17),
        createdDaysAgo: 8,
        newFor: 'guest',
      },
      {
        guest: priyaGuest,
        show: sofiaShow,
        initiator: 'guest',
        status: 'pending',
        price: 0,
        date: null,
        createdDaysAgo: 1,
        pitch: true,
        newFor: 'show',
      },
      {
        guest: priyaGuest,
        show: otherShow,
        initiator: 'guest',
        status: 'completed',
        price: 15000,
        date: at(-40),
        createdDaysAgo: 60,
      },
      {
        guest: otherGuestA,
        show: founderFiles,
        initiator: 'show',
        status: 'expired',
        price: 5000,
        date: null,
        createdDaysAgo: 50,
      },
      {
        guest: otherGuestB,
        show: morningShow,
        initiator: 'show',
        status: 'pending',
        price: 8500,
        date: null,
        createdDaysAgo: 3,
      },
    ];
    await trx
      .insertInto('bookings')
      .values(
        bookings.map((booking) => {
          const created = at(-booking.createdDaysAgo, 10);
          const proposed =
            booking.status === 'pending'
              ? [at(7, 14), at(8, 16), at(10, 15)].map((date) => date.toISOString())
              : [];
          return {
            guest_profile_id: booking.guest,
            show_profile_id: booking.show,
            booking_option_id: option(booking.pitch ? 'pitch' : 'virtual-interview'),
            initiator: booking.initiator,
            status: booking.status,
            is_pitch: booking.pitch ?? false,
            price: booking.price,
            interview_duration: 30,
            booking_date: booking.date,
            proposed_dates: JSON.stringify(proposed),
            // The booker's proposals are open: the invitee confirms one (decision 111).
            proposed_by: proposed.length > 0 ? booking.initiator : null,
            guest_seen_at: booking.newFor === 'guest' ? null : created,
            show_seen_at: booking.newFor === 'show' ? null : created,
            // completed by seedBookingLife, which tells rejections apart
            ...(booking.status === 'canceled'
              ? { canceled_at: created, cancel_kind: 'canceled' as const }
              : {}),
            created_at: created,
            updated_at: created,
          };
        }),
      )
      .execute();

    // Two miniviews for pro@, with answers.
    for (const [index, miniview] of MINIVIEW_SEEDS.entries()) {
      const created = at(-20 + index * 7, 11);
      const { id } = await trx
        .insertInto('miniviews')
        .values({ user_id: proId, title: miniview.title, created_at: created, updated_at: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      const questions = await trx
        .insertInto('miniview_questions')
        .values(miniview.questions.map((body, position) => ({ miniview_id: id, body, position })))
        .returning('id')
        .execute();
      // Real recordings (api/src/db/seed/media, made by Chromium's recorder from its fake camera
      // and microphone): the answers play and seek out of the box. They belong to the miniview,
      // as a visitor's answers do (decision 085).
      const recordings = {
        video: await storeDemoRecording(trx, id, 'video'),
        audio: await storeDemoRecording(trx, id, 'audio'),
      };
      for (const [answerIndex, answerer] of miniview.answerers.entries()) {
        const group = await trx
          .insertInto('miniview_answer_groups')
          .values({ miniview_id: id, name: answerer, created_at: at(-10 + answerIndex, 12) })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('miniview_answers')
          .values(
            questions.map((question, questionIndex) => {
              const type = questionIndex % 2 === 0 ? ('video' as const) : ('audio' as const);
              return {
                answer_group_id: group.id,
                question_id: question.id,
                url: recordings[type],
                type,
              };
            }),
          )
          .execute();
      }
    }

    // A few favourites, so hearts show filled for the demo users.
    await trx
      .insertInto('favorites')
      .values([
        { user_id: proId, profile_type: 'guest', profile_id: mayaGuest },
        { user_id: proId, profile_type: 'guest', profile_id: otherGuestA },
        { user_id: proId, profile_type: 'show', profile_id: morningShow },
        { user_id: guestUserId, profile_type: 'show', profile_id: founderFiles },
        { user_id: guestUserId, profile_type: 'show', profile_id: otherShow },
        { user_id: showUserId, profile_type: 'guest', profile_id: priyaGuest },
      ])
      .execute();
    // Favourites are wishlist entries (decision 047): each one is an ungrouped entry too.
    await sql`
      insert into smartlist_items (user_id, type, name, profile_id)
      select f.user_id, f.profile_type, coalesce(g.name, s.name), f.profile_id
      from favorites f
      left join guest_profiles g on f.profile_type = 'guest' and g.id = f.profile_id
      left join show_profiles s on f.profile_type = 'show' and s.id = f.profile_id
      where coalesce(g.name, s.name) is not null
      on conflict do nothing
    `.execute(trx);

    // Priya's links and saved availability, so the profile editors open on real values.
    await trx
      .insertInto('guest_profile_links')
      .values({
        guest_profile_id: priyaGuest,
        social_media: JSON.stringify({
          linkedin: 'https://www.linkedin.com/in/priya-patel-demo',
          website: 'https://priyapatel.example.com',
        }),
        podcasts: JSON.stringify(['https://podcasts.example.com/growth-talk/episode-12']),
        videos: JSON.stringify([]),
        articles: JSON.stringify(['https://news.example.com/compounding-customers-review']),
      })
      .execute();
    await trx
      .insertInto('guest_availability_settings')
      .values({
        guest_profile_id: priyaGuest,
        interview_durations: JSON.stringify([
          { duration: 30, price: 15000 },
          { duration: 60, price: 25000 },
        ]),
        type: 'rolling',
        rolling_days: 30,
        max_interviews_per_day: 4,
        minimum_notice: 240,
        buffer_before: 60,
        buffer_after: 60,
        spot_increments: 60,
        timezone: 'America/New_York',
        rules: JSON.stringify(
          [1, 2, 3, 4, 5].map((wday) => ({
            type: 'wday',
            wday,
            intervals: [{ from: '09:00', to: '17:00' }],
          })),
        ),
      })
      .execute();

    await seedProfilePages(trx, {
      guests: { maya: mayaGuest, priya: priyaGuest },
      showWithoutOptions: wellRested,
    });
    await seedBookingSetup(trx, {
      guests: { maya: mayaGuest, priya: priyaGuest },
      shows: { morning: morningShow, sofia: sofiaShow, founderFiles },
    });
    await seedReachAndStats(trx, {
      priyaGuest,
      shows: { founderFiles, morning: morningShow, sofia: sofiaShow },
    });
    await seedOptionPrices(trx, {
      guests: { maya: mayaGuest, priya: priyaGuest },
      shows: { morning: morningShow, sofia: sofiaShow, founderFiles },
    });
    await seedPastGuests(trx, { show: morningShow, guests: [priyaGuest, mayaGuest], at });
    await seedStoreCredit(trx, {
      users: { show: showUserId, pro: proId },
      guests: { maya: mayaGuest, priya: priyaGuest },
      at,
    });
    await seedReviews(trx, {
      guests: { maya: mayaGuest, priya: priyaGuest },
      shows: { morning: morningShow, founderFiles },
      otherGuests: guestIds.slice(4, 12),
      otherShows: showIds.slice(5, 13),
      interviewOption: option('virtual-interview'),
      at,
    });
    await seedBookingLife(trx);
    await seedReputation(trx, today);
    await seedMessages(trx, { demoUsers: [proId, guestUserId, showUserId], now: today });
    await seedBilling(trx, { proId, at });
    await seedIntegrations(trx, { proId, proEmail: DEMO_ACCOUNTS.pro });
    await seedPayouts(trx, {
      users: [
        { id: proId, email: DEMO_ACCOUNTS.pro, name: 'Priya Patel' },
        { id: guestUserId, email: DEMO_ACCOUNTS.guest, name: 'Maya Brooks' },
      ],
      at,
    });
  });

  return { seeded: true };
}

/** Chromium's recordings of its fake camera and microphone (3 s each, WebM). */
const DEMO_RECORDINGS = {
  video: readFileSync(new URL('./media/answer-video.webm', import.meta.url)),
  audio: readFileSync(new URL('./media/answer-audio.webm', import.meta.url)),
};

/** One of the demo recordings stored as an answer to `miniviewId`; its URL. */
async function storeDemoRecording(
  trx: DB,
  miniviewId: number,
  type: 'audio' | 'video',
): Promise<string> {
  const uuid = randomUUID();
  const content = DEMO_RECORDINGS[type];
  await trx
    .insertInto('uploads')
    .values({
      uuid,
      user_id: null,
      miniview_id: miniviewId,
      kind: type,
      mime_type: `${type}/webm`,
      file_name: `answer-${type}.webm`,
      size: content.length,
      entity: 'miniview-answer',
      content,
    })
    .execute();
  return mediaUrl(uuid);
}
