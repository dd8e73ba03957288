import { sql } from 'kysely';
import type { ProfileReach, RephonicStats, ShowProfileStat } from '../../../contract';
import type { DB } from '../../../db/database';
import { HttpError } from '../../../http/errors';
import { findStat, type ReachPlatform } from './queries';

// Writes of a guest's reach and a show's stats and Rephonic id (decision 097). Who may write
// was checked before (profiles/write.ts managedProfile: the owner, or a member of the owner's
// team). Each write is one statement or one transaction; the database keeps
// show_profiles.platform_stats in step (migration 029).

/** A stat's label and value: short texts, as the card shows them. */
export const MAX_STAT_TEXT = 50;

export const NO_PENDING_REQUEST = 'This stat has no pending verification request.';

/** Sets the guest's count on a platform; `created` tells a new platform from a changed one. */
export async function saveReach(
  db: DB,
  guestProfileId: number,
  input: { platform: ReachPlatform; count: number },
): Promise<{ reach: ProfileReach; created: boolean }> {
  const row = await db
    .insertInto('profile_reach')
    .values({ guest_profile_id: guestProfileId, platform: input.platform, count: input.count })
    .onConflict((conflict) =>
      conflict
        .columns(['guest_profile_id', 'platform'])
        .doUpdateSet({ count: input.count, updated_at: sql<Date>`now()` }),
    )
    // xmax is 0 on a row this statement inserted
    .returning(['platform', 'count', sql<boolean>`xmax = 0`.as('created')])
    .executeTakeFirstOrThrow();
  return { reach: { platform: row.platform, count: row.count }, created: row.created };
}

/** False when the guest has no count on that platform. */
export async function deleteReach(
  db: DB,
  guestProfileId: number,
  platform: ReachPlatform,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('profile_reach')
    .where('guest_profile_id', '=', guestProfileId)
    .where('platform', '=', platform)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

export interface StatInput {
  slot: number;
  label: string;
  value: string;
  /** ask the staff to verify the figure (a pending request) */
  request_verification?: boolean;
}

/**
 * Fills or replaces the show's stat in `slot`. A changed label or value drops the verification
 * it had (the figure is no longer the one checked); `request_verification` then asks anew. An
 * unchanged stat keeps its state unless a request is asked for (a pending one stays as it was).
 */
export async function saveStat(
  db: DB,
  showProfileId: number,
  input: StatInput,
): Promise<{ stat: ShowProfileStat; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const label = input.label.trim();
    const value = input.value.trim();
    const current = await trx
      .selectFrom('show_profile_stats')
      .select(['id', 'label', 'value', 'verification_status'])
      .where('show_profile_id', '=', showProfileId)
      .where('slot', '=', input.slot)
      .forUpdate()
      .executeTakeFirst();
    const changed = !current || current.label !== label || current.value !== value;
    const asks = input.request_verification === true;
    const verification =
      asks && (changed || current?.verification_status !== 'pending')
        ? { verification_status: 'pending' as const, verification_requested_at: sql<Date>`now()` }
        : changed
          ? { verification_status: null, verification_requested_at: null }
          : {};
    let id: number;
    if (current) {
      id = current.id;
      await trx
        .updateTable('show_profile_stats')
        .set({ label, value, ...verification, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    } else {
      ({ id } = await trx
        .insertInto('show_profile_stats')
        .values({ show_profile_id: showProfileId, slot: input.slot, label, value, ...verification })
        .returning('id')
        .executeTakeFirstOrThrow());
    }
    const stat = await findStat(trx, showProfileId, id);
    if (!stat) throw new Error('The saved stat is gone');
    return { stat, created: !current };
  });
}

/**
 * Withdraws the stat's pending verification request (status 'cancelled'). Null when the show
 * has no such stat; 409 when nothing is pending (never asked, already verified or cancelled).
 */
export async function cancelVerificationRequest(
  db: DB,
  showProfileId: number,
  statId: number,
): Promise<ShowProfileStat | null> {
  return db.transaction().execute(async (trx) => {
    const stat = await findStat(trx, showProfileId, statId);
    if (!stat) return null;
    if (stat.verification_status !== 'pending') throw new HttpError(409, NO_PENDING_REQUEST);
    await trx
      .updateTable('show_profile_stats')
      .set({ verification_status: 'cancelled', updated_at: sql<Date>`now()` })
      .where('id', '=', statId)
      .where('verification_status', '=', 'pending')
      .execute();
    return findStat(trx, showProfileId, statId);
  });
}

/** Saves the show's Rephonic id; '' or null clears it. */
export async function saveRephonicId(
  db: DB,
  showProfileId: number,
  rephonicId: string | null,
): Promise<RephonicStats> {
  const row = await db
    .updateTable('show_profiles')
    .set({ rephonic_id: rephonicId?.trim() || null, updated_at: sql<Date>`now()` })
    .where('id', '=', showProfileId)
    .returning('rephonic_id')
    .executeTakeFirstOrThrow();
  return { rephonic_id: row.rephonic_id };
}
