import type { Kysely } from 'kysely';
import { grantExpiry } from '../../modules/booking-money/credit';
import type { Database } from '../schema';

// Money demo data (issue 17, decision 101): store credit for Sofia (show@) and Priya (pro@) so
// the payment step and the balance card have something to apply, and a booking code on Maya's
// and Priya's guest profiles.

export const DEMO_BOOKING_CODES = { maya: 'MAYA10', priya: 'PRIYA25OFF' } as const;

export async function seedStoreCredit(
  trx: Kysely<Database>,
  {
    users,
    guests,
    at,
  }: {
    users: { show: number; pro: number };
    guests: { maya: number; priya: number };
    at: (days: number) => Date;
  },
): Promise<void> {
  const grant = (userId: number, amount: number, reason: string, days: number) => ({
    user_id: userId,
    amount,
    reason,
    expires_at: grantExpiry(at(days)),
    created_at: at(days),
  });
  await trx
    .insertInto('store_credit_entries')
    .values([
      grant(users.show, 5000, 'Refund of a cancelled booking', -10),
      grant(users.show, 2500, 'Welcome credit', -2),
      { user_id: users.show, amount: -1500, reason: 'Used on a booking', created_at: at(-1) },
      grant(users.pro, 10000, 'Referral reward', -5),
      // expired: shown nowhere
      grant(users.pro, 3000, 'Promotional credit', -120),
    ])
    .execute();
  await trx
    .insertInto('booking_codes')
    .values([
      { guest_profile_id: guests.maya, code: DEMO_BOOKING_CODES.maya, percent_off: 10 },
      { guest_profile_id: guests.priya, code: DEMO_BOOKING_CODES.priya, amount_off: 2500 },
    ])
    .execute();
}
