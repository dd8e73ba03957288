import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

// More interview durations on the demo profiles' options (issue 16, decision 095), so the
// /details option price editor and the booking flow show a price per duration. Each added
// duration costs more than the option's cheapest one, so every kept lowest/highest price (and
// what other tests read of them) stays as the main seed made it. The demo show without booking
// options is "Well Rested" (profile-pages.ts).

/** Minutes added to each option a profile already sells, and the step in cents per row. */
const LONGER = [45, 90];
const STEP = 5000;

export async function seedOptionPrices(
  trx: Kysely<Database>,
  {
    guests,
    shows,
  }: {
    guests: { maya: number; priya: number };
    shows: { morning: number; sofia: number; founderFiles: number };
  },
): Promise<void> {
  // A guest's virtual-interview prices are its availability's (written there only).
  for (const id of [guests.priya, guests.maya]) {
    await sql`
      insert into guest_option_prices (guest_profile_id, booking_option_id, interview_duration, price)
      select op.guest_profile_id, op.booking_option_id, d.minutes, min(op.price) + ${STEP} * d.n
      from guest_option_prices op
      join booking_options bo on bo.id = op.booking_option_id
      cross join unnest(${LONGER}::int[]) with ordinality as d(minutes, n)
      where op.guest_profile_id = ${id} and bo.slug in ('guest-appearance', 'media-feature')
      group by op.guest_profile_id, op.booking_option_id, d.minutes, d.n
      on conflict do nothing
    `.execute(trx);
  }
  for (const id of [shows.morning, shows.sofia, shows.founderFiles]) {
    await sql`
      insert into show_option_prices (show_profile_id, booking_option_id, interview_duration, price)
      select op.show_profile_id, op.booking_option_id, d.minutes, min(op.price) + ${STEP} * d.n
      from show_option_prices op
      join booking_options bo on bo.id = op.booking_option_id
      cross join unnest(${LONGER}::int[]) with ordinality as d(minutes, n)
      where op.show_profile_id = ${id}
        and bo.slug in ('virtual-interview', 'guest-appearance', 'media-feature')
      group by op.show_profile_id, op.booking_option_id, d.minutes, d.n
      on conflict do nothing
    `.execute(trx);
  }
}
