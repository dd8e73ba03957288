import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

// A guest's reach and the shows' stat verification (issue 16, decision 097): Priya's followers
// on three platforms; The Founder Files with a pending verification request on its first stat,
// Morning Momentum with a verified one, and a Rephonic id on Sofia's own show. The stat slots
// themselves come from the shows' platform_stats (migration 029 copies them), so the cards
// keep their figures. Fixed values: the rest of the seed is unchanged.

export async function seedReachAndStats(
  trx: Kysely<Database>,
  ids: { priyaGuest: number; shows: { founderFiles: number; morning: number; sofia: number } },
): Promise<void> {
  await trx
    .insertInto('profile_reach')
    .values([
      { guest_profile_id: ids.priyaGuest, platform: 'linkedin', count: 48_200 },
      { guest_profile_id: ids.priyaGuest, platform: 'twitter', count: 12_900 },
      { guest_profile_id: ids.priyaGuest, platform: 'youtube', count: 1_350_000 },
    ])
    .execute();

  const verify = (showId: number, slot: number, status: 'pending' | 'verified') =>
    trx
      .updateTable('show_profile_stats')
      .set({
        verification_status: status,
        verification_requested_at: sql<Date>`now() - interval '3 days'`,
      })
      .where('show_profile_id', '=', showId)
      .where('slot', '=', slot)
      .execute();
  await verify(ids.shows.founderFiles, 1, 'pending');
  await verify(ids.shows.morning, 2, 'verified');

  await trx
    .updateTable('show_profiles')
    .set({ rephonic_id: 'the-sofia-ramirez-show' })
    .where('id', '=', ids.shows.sofia)
    .execute();
}
