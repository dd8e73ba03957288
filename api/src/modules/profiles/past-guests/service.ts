import { sql } from 'kysely';
import type { GuestProfile } from '../../../contract';
import type { DB } from '../../../db/database';
import type { FieldErrors } from '../../../http/errors';
import { loadGuestProfiles } from '../../guests/queries';

// A show's past guests (issue 16, decision 098): guest profiles linked to a show profile, in
// the order they were added. Who may write was checked before (profiles/write.ts
// managedProfile: the show's owner, or a member of the owner's team).

/** A show lists at most this many past guests (its page shows them all). */
export const MAX_PAST_GUESTS = 100;

export const UNKNOWN_GUEST = 'The selected guest profile id is invalid.';
export const TOO_MANY_PAST_GUESTS = `A show may list at most ${MAX_PAST_GUESTS} past guests.`;

/**
 * The show's past guests as guest cards, first added first. Only public guest profiles: one
 * hidden later (paused account) drops out of the list, and comes back when public again.
 */
export async function listPastGuests(
  db: DB,
  showId: number,
  viewerId: number | null,
): Promise<GuestProfile[]> {
  const rows = await db
    .selectFrom('show_past_guests')
    .innerJoin('guest_profiles', 'guest_profiles.id', 'show_past_guests.guest_profile_id')
    .select('guest_profiles.id')
    .where('show_past_guests.show_profile_id', '=', showId)
    .where('guest_profiles.is_public', '=', true)
    .orderBy('show_past_guests.created_at')
    .orderBy('show_past_guests.id')
    .execute();
  return loadGuestProfiles(
    db,
    rows.map((row) => row.id),
    viewerId,
  );
}

async function isPastGuest(db: DB, showId: number, guestId: number): Promise<boolean> {
  const row = await db
    .selectFrom('show_past_guests')
    .select('id')
    .where('show_profile_id', '=', showId)
    .where('guest_profile_id', '=', guestId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The messages for adding `guestId` to the show (config.rules of POST): the guest profile must
 * exist and be public, unless it is a past guest already (adding again changes nothing), and
 * the show may not list more than MAX_PAST_GUESTS.
 */
export async function pastGuestErrors(
  db: DB,
  showId: number,
  guestId: number | undefined,
): Promise<FieldErrors> {
  if (guestId === undefined) return {};
  if (await isPastGuest(db, showId, guestId)) return {};
  const guest = await db
    .selectFrom('guest_profiles')
    .select('id')
    .where('id', '=', guestId)
    .where('is_public', '=', true)
    .executeTakeFirst();
  if (!guest) return { guest_profile_id: [UNKNOWN_GUEST] };
  const { count } = await db
    .selectFrom('show_past_guests')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('show_profile_id', '=', showId)
    .executeTakeFirstOrThrow();
  return count >= MAX_PAST_GUESTS ? { guest_profile_id: [TOO_MANY_PAST_GUESTS] } : {};
}

/**
 * Links the guest to the show. 'added' when it was not a past guest, 'kept' when it already
 * was; 'unknown' when the guest profile is gone or hidden since the rules ran (one statement,
 * so no foreign-key error can escape as a 500).
 */
export async function addPastGuest(
  db: DB,
  showId: number,
  guestId: number,
): Promise<'added' | 'kept' | 'unknown'> {
  const inserted = await db
    .insertInto('show_past_guests')
    .columns(['show_profile_id', 'guest_profile_id'])
    .expression(
      db
        .selectFrom('guest_profiles')
        .select([sql<number>`${showId}::int`.as('show_profile_id'), 'id as guest_profile_id'])
        .where('id', '=', guestId)
        .where('is_public', '=', true),
    )
    .onConflict((conflict) => conflict.columns(['show_profile_id', 'guest_profile_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return 'added';
  return (await isPastGuest(db, showId, guestId)) ? 'kept' : 'unknown';
}

/** Unlinks the guest from the show; true when it was a past guest. */
export async function removePastGuest(db: DB, showId: number, guestId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('show_past_guests')
    .where('show_profile_id', '=', showId)
    .where('guest_profile_id', '=', guestId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
