import { sql } from 'kysely';
import type { BookingCode, BookingOptionSummary } from '../../contract';
import type { DB } from '../../db/database';
import type { ProfileSide } from '../../booking-facts';

// The reads of booking-money/routes.ts (decision 074: route files hold no SQL). The balance and
// every other read of the ledgers are ledger.ts's.

/** A code in the path: any text; one no code can match (too long, odd characters) is none. */
const BOOKING_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The owner of the booker's profile of the other kind (the user's show books a guest: a show
 * profile); undefined when there is no such profile.
 */
export async function bookerProfileOwner(
  db: DB,
  bookedSide: ProfileSide,
  profileId: number,
): Promise<number | undefined> {
  const row =
    bookedSide === 'guest'
      ? await db
          .selectFrom('show_profiles')
          .select('user_id')
          .where('id', '=', profileId)
          .executeTakeFirst()
      : await db
          .selectFrom('guest_profiles')
          .select('user_id')
          .where('id', '=', profileId)
          .executeTakeFirst();
  return row?.user_id;
}

/**
 * One of the guest's booking codes, any case, as GET …/booking-codes/{code} answers it
 * (inactive or expired at `now`: isValid false); undefined when the guest has no such code.
 */
export async function findBookingCode(
  db: DB,
  guestId: number,
  code: string,
  now: Date,
): Promise<BookingCode | undefined> {
  if (!BOOKING_CODE.test(code)) return undefined;
  const row = await db
    .selectFrom('booking_codes')
    .select(['code', 'active', 'expires_at', 'percent_off', 'amount_off'])
    .where('guest_profile_id', '=', guestId)
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    code: row.code,
    isValid: row.active && (row.expires_at === null || row.expires_at > now),
    percent_off: row.percent_off,
    amount_off: row.amount_off,
  };
}

/** GET /booking-options: every booking option, in the platform's order (no icons yet). */
export async function listBookingOptions(db: DB): Promise<BookingOptionSummary[]> {
  const rows = await db
    .selectFrom('booking_options')
    .select(['id', 'name', 'slug', 'description'])
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, icon_url: null }));
}

/** The active Pro coupons for people who signed up through a referral link; none for others. */
export async function referrerCouponsFor(db: DB, userId: number) {
  const referred = await db
    .selectFrom('users')
    .select('referred_by')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!referred?.referred_by) return [];
  return db
    .selectFrom('coupons')
    .selectAll()
    .where('for_referred', '=', true)
    .where('active', '=', true)
    .orderBy('code')
    .execute();
}
