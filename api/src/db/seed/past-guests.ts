import type { Kysely } from 'kysely';
import type { Database } from '../schema';

// A demo show's past guests (issue 16, decision 098): Sofia's Morning Momentum has had Priya
// and then Maya on, so its page and the profile editor show a list. Added a day apart, so the
// order (first added first) does not depend on the clock.

export async function seedPastGuests(
  trx: Kysely<Database>,
  { show, guests, at }: { show: number; guests: number[]; at: (days: number) => Date },
): Promise<void> {
  await trx
    .insertInto('show_past_guests')
    .values(
      guests.map((guest, index) => ({
        show_profile_id: show,
        guest_profile_id: guest,
        created_at: at(index - guests.length - 30),
      })),
    )
    .execute();
}
