import type { ProfileReach, ShowProfileStat } from '../../../contract';
import type { DB } from '../../../db/database';
import { SOCIAL_NETWORKS } from '../../../link-rules';

// Reads of a guest's reach and a show's stat slots (decision 097). show_profile_stats is the one
// source of truth; show_profiles.platform_stats is its label/value copy kept by the database
// (migration 029) for the cards.

/** The platforms a reach may name: the social networks of the profile links. */
export const REACH_PLATFORMS = SOCIAL_NETWORKS;
export type ReachPlatform = (typeof REACH_PLATFORMS)[number];

/** A show has this many stat slots, numbered 1 to 3. */
export const STAT_SLOTS = 3;

/** The guest's reach, in the order of REACH_PLATFORMS. */
export async function listReach(db: DB, guestProfileId: number): Promise<ProfileReach[]> {
  const rows = await db
    .selectFrom('profile_reach')
    .select(['platform', 'count'])
    .where('guest_profile_id', '=', guestProfileId)
    .execute();
  const order = (platform: string) => REACH_PLATFORMS.indexOf(platform as ReachPlatform);
  return rows.sort((a, b) => order(a.platform) - order(b.platform));
}

/** The reach of several guests, by profile id. */
export async function reachOfProfiles(db: DB, ids: number[]): Promise<Map<number, ProfileReach[]>> {
  const byProfile = new Map<number, ProfileReach[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byProfile;
  const rows = await db
    .selectFrom('profile_reach')
    .select(['guest_profile_id', 'platform', 'count'])
    .where('guest_profile_id', 'in', ids)
    .execute();
  const order = (platform: string) => REACH_PLATFORMS.indexOf(platform as ReachPlatform);
  rows.sort((a, b) => order(a.platform) - order(b.platform));
  for (const row of rows) {
    byProfile.get(row.guest_profile_id)?.push({ platform: row.platform, count: row.count });
  }
  return byProfile;
}

const STAT_COLUMNS = [
  'id',
  'slot',
  'label',
  'value',
  'verification_status',
  'verification_requested_at',
] as const;

interface StatRow {
  id: number;
  slot: number;
  label: string;
  value: string;
  verification_status: ShowProfileStat['verification_status'];
  verification_requested_at: Date | null;
}

function presentStat(row: StatRow): ShowProfileStat {
  return {
    ...row,
    verification_requested_at: row.verification_requested_at?.toISOString() ?? null,
  };
}

/** The show's stat slots in slot order (only the filled ones). */
export async function listStats(db: DB, showProfileId: number): Promise<ShowProfileStat[]> {
  const rows = await db
    .selectFrom('show_profile_stats')
    .select(STAT_COLUMNS)
    .where('show_profile_id', '=', showProfileId)
    .orderBy('slot')
    .execute();
  return rows.map(presentStat);
}

/** One stat of the show's; null when it has none of that id. */
export async function findStat(
  db: DB,
  showProfileId: number,
  statId: number,
): Promise<ShowProfileStat | null> {
  const row = await db
    .selectFrom('show_profile_stats')
    .select(STAT_COLUMNS)
    .where('show_profile_id', '=', showProfileId)
    .where('id', '=', statId)
    .executeTakeFirst();
  return row ? presentStat(row) : null;
}
