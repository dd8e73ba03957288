import type { DB } from '../../../db/database';
import type { FieldErrors } from '../../../http/errors';
import type { SetupProfile } from '../booking-setup/queries';
import type { ProfileKind } from '../queries';
import { loadOptionPrices, sellableOptions, type OptionPricesDetail } from './queries';

// Writes of a profile's option prices (decision 095). Who may write was checked before
// (profiles/write.ts managedProfile: the owner, or a member of the owner's team).

/** The largest option price in cents (as availability's interview prices: $100,000). */
export const MAX_OPTION_CENTS = 10_000_000;

export const SET_IN_AVAILABILITY =
  'The virtual interview prices are set in your availability settings.';
export const DURATION_TWICE = 'Each interview duration can be listed once per booking option.';

export interface OptionPriceInput {
  booking_option_id: number;
  interview_duration: number;
  /** cents, whole */
  price: number;
}

/**
 * What the body schema cannot say: each option is one this side may sell and this call writes,
 * and each (option, duration) pair comes once. Keys as the schema's: option_prices.N.field.
 */
export async function optionPriceErrors(
  db: DB,
  kind: ProfileKind,
  rows: readonly OptionPriceInput[] | undefined,
): Promise<FieldErrors> {
  if (!rows || rows.length === 0) return {};
  const options = new Map((await sellableOptions(db, kind)).map((option) => [option.id, option]));
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const key = `option_prices.${index}`;
    const option = options.get(row.booking_option_id);
    if (!option) {
      errors[`${key}.booking_option_id`] = [
        `The selected option prices.${index}.booking option id is invalid.`,
      ];
      return;
    }
    if (!option.editable) {
      errors[`${key}.booking_option_id`] = [SET_IN_AVAILABILITY];
      return;
    }
    const pair = `${row.booking_option_id}:${row.interview_duration}`;
    if (seen.has(pair)) errors[`${key}.interview_duration`] = [DURATION_TWICE];
    seen.add(pair);
  });
  return errors;
}

/**
 * Replaces the prices of every option this call writes with `rows`, in one transaction: the
 * statement triggers (migrations 014, 021) keep lowest_price and highest_price at once.
 */
export async function replaceOptionPrices(
  db: DB,
  profile: SetupProfile,
  rows: readonly OptionPriceInput[],
): Promise<OptionPricesDetail> {
  return db.transaction().execute(async (trx) => {
    const editable = (await sellableOptions(trx, profile.kind))
      .filter((option) => option.editable)
      .map((option) => option.id);
    if (editable.length > 0) {
      await trx
        .deleteFrom(profile.kind.prices)
        .where(profile.kind.fk, '=', profile.id)
        .where('booking_option_id', 'in', editable)
        .execute();
    }
    const cents = rows.map((row) => ({
      booking_option_id: row.booking_option_id,
      interview_duration: row.interview_duration,
      price: row.price,
    }));
    if (cents.length > 0 && profile.kind.type === 'guest') {
      await trx
        .insertInto('guest_option_prices')
        .values(cents.map((row) => ({ ...row, guest_profile_id: profile.id })))
        .execute();
    } else if (cents.length > 0) {
      await trx
        .insertInto('show_option_prices')
        .values(cents.map((row) => ({ ...row, show_profile_id: profile.id })))
        .execute();
    }
    return loadOptionPrices(trx, profile);
  });
}
