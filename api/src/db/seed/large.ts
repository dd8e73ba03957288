import { sql } from 'kysely';
import { hashPassword } from '../../modules/auth/password';
import type { DB } from '../database';
import { COLORS, FIRST_NAMES, LAST_NAMES, PLATFORM_STAT_LABELS } from './data';
import { createRandom, type Random } from './prng';
import { slugify } from '../../modules/profiles/slug';
import { DEMO_PASSWORD } from './seed';

// A large, deterministic catalogue for benchmarks (README "Performance"): `count` extra guest and
// show profiles with owners, categories, tags, prices, ratings and flags, added next to the demo
// data with multi-row inserts. The same seed gives the same rows on every machine.

export const LARGE_CATALOGUE_SIZE = 10_000;
/** Owners' emails end with this, which also tells whether the catalogue is already there. */
export const LARGE_EMAIL_DOMAIN = 'large.guestspot.test';
const LARGE_SEED = 10_000_019;
/**
 * The first owners of each side are never paused: the large bookings (large-bookings.ts) give
 * their profiles hundreds of bookings each, and `bench:browse` signs them in by these emails.
 */
export const BUSY_PROFILES_PER_SIDE = 150;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 500;

const SHOW_WORDS_A = [
  'Morning',
  'Midnight',
  'Curious',
  'Bold',
  'Quiet',
  'Open',
  'Brave',
  'Modern',
  'Honest',
  'Deep',
  'Weekend',
  'Daily',
  'Future',
  'Local',
  'Creative',
  'Practical',
];
const SHOW_WORDS_B = [
  'Table',
  'Hour',
  'Signal',
  'Circuit',
  'Lab',
  'Desk',
  'Journal',
  'Roundtable',
  'Conversations',
  'Frontier',
  'Playbook',
  'Notebook',
  'Studio',
  'Dispatch',
];
const PLATFORMS = Object.keys(PLATFORM_STAT_LABELS) as (keyof typeof PLATFORM_STAT_LABELS)[];
const TITLES = [
  'Author and Speaker',
  'Founder and CEO',
  'Professor',
  'Investor',
  'Coach',
  'Researcher',
  'Chief Marketing Officer',
  'Olympic Athlete',
  'Chef',
  'Journalist',
];

export interface LargeCatalogueResult {
  guests: number;
  shows: number;
  seconds: number;
}

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Cents, whole $5 steps; some free. */
function basePrice(random: Random, freeChance: number, steps: number[]): number {
  return random.chance(freeChance) ? 0 : random.pick(steps) * 100;
}

interface Reference {
  categories: { id: number; parent_id: number | null }[];
  tags: number[];
  options: Map<string, number>;
  showTypes: number[];
}

async function reference(db: DB): Promise<Reference> {
  const [categories, tags, options, showTypes] = await Promise.all([
    db.selectFrom('categories').select(['id', 'parent_id']).orderBy('id').execute(),
    db.selectFrom('tags').select('id').orderBy('id').execute(),
    db.selectFrom('booking_options').select(['id', 'slug']).execute(),
    db.selectFrom('show_types').select('id').orderBy('id').execute(),
  ]);
  if (categories.length === 0 || tags.length === 0 || options.length === 0) {
    throw new Error(
      'Seed the demo data first: the large catalogue reuses its categories and tags.',
    );
  }
  return {
    categories,
    tags: tags.map((tag) => tag.id),
    options: new Map(options.map((option) => [option.slug, option.id])),
    showTypes: showTypes.map((type) => type.id),
  };
}

/** One or two categories; a subcategory brings its parent along, as the profile forms do. */
function pickCategories(random: Random, ref: Reference): number[] {
  const picked = new Set<number>();
  for (const category of random.sample(ref.categories, random.int(1, 2))) {
    picked.add(category.id);
    if (category.parent_id !== null) picked.add(category.parent_id);
  }
  return [...picked];
}

/** Adds the catalogue unless its owners exist already (then returns null). */
export async function seedLargeCatalogue(
  db: DB,
  { count = LARGE_CATALOGUE_SIZE, seed = LARGE_SEED }: { count?: number; seed?: number } = {},
): Promise<LargeCatalogueResult | null> {
  const started = Date.now();
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', `%@${LARGE_EMAIL_DOMAIN}`)
    .limit(1)
    .executeTakeFirst();
  if (existing) return null;

  const ref = await reference(db);
  const random = createRandom(seed);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const option = (slug: string) => {
    const id = ref.options.get(slug);
    if (id === undefined) throw new Error(`Unknown booking option ${slug}`);
    return id;
  };
  const guestCount = Math.round(count * 0.6);
  const showCount = count - guestCount;
  const day = 24 * 60 * 60 * 1000;
  const epoch = Date.UTC(2024, 0, 1);

  await db.transaction().execute(async (trx) => {
    // The planner's statistics are the tables' before this transaction (a few demo rows), and
    // they stay so while it adds a million: a plan made early (a foreign key's check, a
    // trigger's update) would scan the growing table for every row. Indexes, then.
    await sql`SET LOCAL enable_seqscan = off`.execute(trx);
    // Owners: one per guest profile (unique), one per show.
    const owners = Array.from({ length: count }, (_, index) => {
      const first = random.pick(FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      const busy =
        index < BUSY_PROFILES_PER_SIDE ||
        (index >= guestCount && index < guestCount + BUSY_PROFILES_PER_SIDE);
      // Drawn for every owner alike, so the rest of the catalogue is the same as before.
      const paused = random.chance(0.01) && !busy;
      const created = new Date(epoch + random.int(0, 600) * day);
      return {
        first_name: first,
        last_name: last,
        email: `${index < guestCount ? 'guest' : 'show'}-${String(index + 1).padStart(5, '0')}@${LARGE_EMAIL_DOMAIN}`,
        password_hash: passwordHash,
        email_verified_at: created,
        title: index < guestCount ? random.pick(TITLES) : 'Host',
        account_type: random.chance(0.2) ? ('pro' as const) : ('standard' as const),
        status: paused ? ('paused' as const) : ('active' as const),
        terms_accepted_at: created,
        created_at: created,
      };
    });
    const ownerIds: number[] = [];
    for (const batch of chunks(owners)) {
      const rows = await trx.insertInto('users').values(batch).returning('id').execute();
      ownerIds.push(...rows.map((row) => row.id));
    }

    // Guests.
    const guestRows = owners.slice(0, guestCount).map((owner, index) => {
      const name = `${owner.first_name} ${owner.last_name}`;
      const premium = random.chance(0.1);
      return {
        user_id: ownerIds[index] ?? 0,
        slug: `${slugify(name)}-g${index + 1}`,
        name,
        title: owner.title,
        bio: `${name} talks about ${random.pick(['growth', 'health', 'money', 'science', 'craft', 'leadership', 'creativity'])} and ${random.pick(['teams', 'habits', 'markets', 'families', 'careers', 'the future'])}.`,
        color: random.pick(COLORS),
        avg_rating: random.chance(0.7) ? (random.int(30, 50) / 10).toFixed(1) : null,
        remove_branding: premium && random.chance(0.5),
        featured: random.chance(0.05),
        premium,
        talent: random.chance(0.05),
        is_public: owner.status === 'active',
        pitch_enabled: random.chance(0.85),
        created_at: owner.created_at,
        updated_at: owner.created_at,
      };
    });
    const guestIds: number[] = [];
    for (const batch of chunks(guestRows)) {
      const rows = await trx.insertInto('guest_profiles').values(batch).returning('id').execute();
      guestIds.push(...rows.map((row) => row.id));
    }

    // Shows.
    const showRows = owners.slice(guestCount).map((owner, index) => {
      const name = `${random.pick(SHOW_WORDS_A)} ${random.pick(SHOW_WORDS_B)}`;
      const platform = random.pick(PLATFORMS);
      const premium = random.chance(0.1);
      const labels = PLATFORM_STAT_LABELS[platform];
      return {
        user_id: ownerIds[guestCount + index] ?? 0,
        slug: `${slugify(name)}-s${index + 1}`,
        name,
        description: `${name}, hosted by ${owner.first_name} ${owner.last_name}.`,
        color: random.pick(COLORS),
        platform_type: platform,
        platform_stats: JSON.stringify(
          labels.map((label) => ({ label, value: `${random.int(1, 900)}k` })),
        ),
        remove_branding: premium && random.chance(0.4),
        featured: random.chance(0.05),
        premium,
        is_public: owner.status === 'active',
        created_at: owner.created_at,
        updated_at: owner.created_at,
      };
    });
    const showIds: number[] = [];
    for (const batch of chunks(showRows)) {
      const rows = await trx.insertInto('show_profiles').values(batch).returning('id').execute();
      showIds.push(...rows.map((row) => row.id));
    }

    // Categories, tags, types and prices.
    const guestCategories = guestIds.flatMap((id) =>
      pickCategories(random, ref).map((category_id) => ({ guest_profile_id: id, category_id })),
    );
    const showCategories = showIds.flatMap((id) =>
      pickCategories(random, ref).map((category_id) => ({ show_profile_id: id, category_id })),
    );
    const guestTags = guestIds.flatMap((id) =>
      random.sample(ref.tags, random.int(1, 4)).map((tag_id) => ({ guest_profile_id: id, tag_id })),
    );
    const showTags = showIds.flatMap((id) =>
      random.sample(ref.tags, random.int(1, 4)).map((tag_id) => ({ show_profile_id: id, tag_id })),
    );
    const showTypes = showIds.flatMap((id) =>
      ref.showTypes.length
        ? [{ show_profile_id: id, show_type_id: random.pick(ref.showTypes) }]
        : [],
    );
    const guestPrices = guestIds.flatMap((id) => {
      if (random.chance(0.03)) return []; // no prices yet: 'Request to Book'
      const base = basePrice(random, 0.12, [25, 50, 75, 100, 150, 200, 250, 300, 500, 750, 1500]);
      const rows = [
        { booking_option_id: option('virtual-interview'), interview_duration: 30, price: base },
        {
          booking_option_id: option('virtual-interview'),
          interview_duration: 60,
          price: Math.round((base * 1.7) / 500) * 500,
        },
      ];
      if (random.chance(0.4)) {
        rows.push({
          booking_option_id: option('guest-appearance'),
          interview_duration: 60,
          price: base * 2,
        });
      }
      if (random.chance(0.3)) {
        rows.push({ booking_option_id: option('miniview'), interview_duration: 15, price: 3000 });
      }
      return rows.map((row) => ({ ...row, guest_profile_id: id }));
    });
    const showPrices = showIds.flatMap((id) => {
      if (random.chance(0.03)) return [];
      const base = basePrice(random, 0.3, [50, 100, 150, 250, 400, 750, 1000, 2500]);
      const rows = [
        {
          booking_option_id: option('guest-appearance'),
          interview_duration: random.pick([30, 45, 60]),
          price: base,
        },
      ];
      if (random.chance(0.5)) {
        rows.push({
          booking_option_id: option('virtual-interview'),
          interview_duration: 30,
          price: Math.round((base * 0.7) / 500) * 500,
        });
      }
      return rows.map((row) => ({ ...row, show_profile_id: id }));
    });

    // Each statement on these adds to the categories' counts (migration 055): one statement
    // each, so that one transaction does not write the same few category rows thousands of
    // times (each version chained to the last, walked by every later read).
    await sql`
      insert into guest_profile_categories (guest_profile_id, category_id)
      select * from unnest(
        ${guestCategories.map((row) => row.guest_profile_id)}::int[],
        ${guestCategories.map((row) => row.category_id)}::int[]
      )`.execute(trx);
    await sql`
      insert into show_profile_categories (show_profile_id, category_id)
      select * from unnest(
        ${showCategories.map((row) => row.show_profile_id)}::int[],
        ${showCategories.map((row) => row.category_id)}::int[]
      )`.execute(trx);
    for (const batch of chunks(guestTags)) {
      await trx.insertInto('guest_profile_tags').values(batch).execute();
    }
    for (const batch of chunks(showTags)) {
      await trx.insertInto('show_profile_tags').values(batch).execute();
    }
    for (const batch of chunks(showTypes)) {
      await trx.insertInto('show_profile_types').values(batch).execute();
    }
    for (const batch of chunks(guestPrices)) {
      await trx.insertInto('guest_option_prices').values(batch).execute();
    }
    for (const batch of chunks(showPrices)) {
      await trx.insertInto('show_option_prices').values(batch).execute();
    }
  });
  // Fresh statistics for the planner after a bulk load.
  await sql`analyze`.execute(db);
  return { guests: guestCount, shows: showCount, seconds: (Date.now() - started) / 1000 };
}
