import { sql } from 'kysely';
import { Type } from 'typebox';
import type {
  GuestProfileDetail,
  ProfileBookingOption,
  ProfileInclude,
  ShowProfileDetail,
} from '../../contract';
import type { DB } from '../../db/database';
import { Str } from '../../http/schema';
import { loadGuestProfiles } from '../guests/queries';
import { loadShowProfiles } from '../shows/queries';
import { GUEST_KIND, SHOW_KIND, type ProfileKind } from './queries';
import { loadGuestLinks, loadShowLinks } from './links';
import { listReach, listStats } from './reach-and-stats/queries';

// GET /guests/{id|slug} and /shows/{id|slug}: the card payload plus what the public profile
// page shows (detail lists, review count), and on request (include=) the links and every
// booking option with its prices.

const INCLUDES: readonly ProfileInclude[] = ['links', 'booking_options'];
const INCLUDE = `(?:${INCLUDES.join('|')})`;

/**
 * The query of GET /guests/{id|slug} and /shows/{id|slug}: `include`, a comma-separated list of
 * links, booking_options (blank parts ignored), at most 200 characters.
 */
export const ProfileDetailQuery = Type.Object({
  include: Type.Optional(
    Str({
      max: 200,
      pattern: {
        // every white space run sits between a comma or a value and the next: no backtracking
        regex: `^\\s*(?:${INCLUDE}\\s*)?(?:,\\s*(?:${INCLUDE}\\s*)?)*$`,
        message: `The selected include is invalid. Allowed: ${INCLUDES.join(', ')}.`,
      },
    }),
  ),
});

/** The parts of a checked `include`. */
export function includesOf(include: string | undefined): Set<ProfileInclude> {
  const parts = (include ?? '').split(',').map((part) => part.trim());
  return new Set(
    parts.filter((part): part is ProfileInclude => (INCLUDES as readonly string[]).includes(part)),
  );
}

export async function loadBookingOptions(
  db: DB,
  kind: ProfileKind,
  profileId: number,
): Promise<ProfileBookingOption[]> {
  const rows = await sql<{
    option_id: number;
    name: string;
    slug: string;
    price_id: number;
    interview_duration: number;
    amount: number;
  }>`
    select bo.id as option_id, bo.name, bo.slug, op.id as price_id, op.interview_duration,
      op.price as amount
    from ${sql.table(kind.prices)} op
    join booking_options bo on bo.id = op.booking_option_id
    where ${sql.ref(`op.${kind.fk}`)} = ${profileId}
    order by bo.position, bo.id, op.interview_duration
  `.execute(db);
  const options = new Map<number, ProfileBookingOption>();
  for (const row of rows.rows) {
    let option = options.get(row.option_id);
    if (!option) {
      option = { id: row.option_id, name: row.name, slug: row.slug, icon_url: null, prices: [] };
      options.set(row.option_id, option);
    }
    option.prices.push({
      id: row.price_id,
      interview_duration: row.interview_duration,
      amount: row.amount,
    });
  }
  return [...options.values()];
}

/** A profile's rating and review count, as the reviews' trigger keeps them (migration 043). */
export async function reviewStats(
  db: DB,
  type: 'guest' | 'show',
  profileId: number,
): Promise<{ count: number; average: number | null }> {
  const row = await db
    .selectFrom(type === 'guest' ? 'guest_profiles' : 'show_profiles')
    .select(['reviews_count', 'avg_rating'])
    .where('id', '=', profileId)
    .executeTakeFirst();
  if (!row) return { count: 0, average: null };
  return {
    count: row.reviews_count,
    average: row.avg_rating === null ? null : Number(row.avg_rating),
  };
}

export async function loadGuestDetail(
  db: DB,
  id: number,
  viewerId: number | null,
  include: Set<ProfileInclude>,
): Promise<GuestProfileDetail | null> {
  const [[profile], extra, stats, links, options, reach] = await Promise.all([
    loadGuestProfiles(db, [id], viewerId),
    db
      .selectFrom('guest_profiles')
      .select(['experience', 'topics', 'questions'])
      .where('id', '=', id)
      .executeTakeFirst(),
    reviewStats(db, 'guest', id),
    include.has('links') ? loadGuestLinks(db, id) : undefined,
    include.has('booking_options') ? loadBookingOptions(db, GUEST_KIND, id) : undefined,
    listReach(db, id),
  ]);
  if (!profile || !extra) return null;
  return {
    ...profile,
    experience: extra.experience,
    topics: extra.topics,
    questions: extra.questions,
    reviews_count: stats.count,
    profile_reach: reach,
    ...(links ? { links } : {}),
    ...(options ? { booking_options: options } : {}),
  };
}

export async function loadShowDetail(
  db: DB,
  id: number,
  viewerId: number | null,
  include: Set<ProfileInclude>,
): Promise<ShowProfileDetail | null> {
  const [[profile], extra, stats, links, options, profileStats] = await Promise.all([
    loadShowProfiles(db, [id], viewerId),
    db.selectFrom('show_profiles').select('rephonic_id').where('id', '=', id).executeTakeFirst(),
    reviewStats(db, 'show', id),
    include.has('links') ? loadShowLinks(db, id) : undefined,
    include.has('booking_options') ? loadBookingOptions(db, SHOW_KIND, id) : undefined,
    listStats(db, id),
  ]);
  if (!profile || !extra) return null;
  return {
    ...profile,
    rephonic_id: extra.rephonic_id,
    profile_stats: profileStats,
    avg_rating: stats.average,
    reviews_count: stats.count,
    ...(links ? { links } : {}),
    ...(options ? { booking_options: options } : {}),
  };
}
