import type { DB } from '../../db/database';
import { newBookingsOf } from '../users/queries';

// PATCH /bookings/see-bookings (booking-management… §7 "clears the new flags"): every booking of
// the user's own profiles is seen from that side now, so the sub-nav's badge (new_bookings_count,
// users/queries.ts newBookingsOf, the live 'counts' too) reads 0. Team members see their owner's
// bookings in the list but leave the owner's badge alone: a side's seen mark is its owner's.

export async function seeBookings(db: DB, userId: number, now: Date): Promise<number> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('bookings')
      .set({ guest_seen_at: now })
      .where('guest_seen_at', 'is', null)
      .where('guest_profile_id', 'in', (eb) =>
        eb.selectFrom('guest_profiles').select('id').where('user_id', '=', userId),
      )
      .execute();
    await trx
      .updateTable('bookings')
      .set({ show_seen_at: now })
      .where('show_seen_at', 'is', null)
      .where('show_profile_id', 'in', (eb) =>
        eb.selectFrom('show_profiles').select('id').where('user_id', '=', userId),
      )
      .execute();
  });
  return newBookingsOf(db, userId);
}
