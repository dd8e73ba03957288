import { sql } from 'kysely';
import type { Static } from 'typebox';
import type { OptionPricesDetailSchema } from '../../../contract-schemas';
import type { DB } from '../../../db/database';
import type { SetupProfile } from '../booking-setup/queries';
import type { ProfileKind } from '../queries';

// Reads of a profile's option prices per interview duration (decision 095).

export type OptionPricesDetail = Static<typeof OptionPricesDetailSchema>;

/**
 * The booking options each side may sell, in this order of slugs. Pitch is priced by the pitch
 * settings (decision 089), and a MINIVIEW is something a guest answers: neither is a show's.
 */
export const SELLABLE_SLUGS: Record<ProfileKind['type'], readonly string[]> = {
  guest: ['virtual-interview', 'guest-appearance', 'media-feature', 'miniview'],
  show: ['virtual-interview', 'guest-appearance', 'media-feature'],
};

/**
 * Options whose prices another call writes: a guest's virtual-interview prices are its
 * availability settings' interview_durations (guests/availability/settings.ts mirrors them).
 */
export const WRITTEN_ELSEWHERE: Record<ProfileKind['type'], readonly string[]> = {
  guest: ['virtual-interview'],
  show: [],
};

export interface SellableOption {
  id: number;
  name: string;
  slug: string;
  editable: boolean;
}

/** The options a profile of this kind may sell, in the booking options' order. */
export async function sellableOptions(db: DB, kind: ProfileKind): Promise<SellableOption[]> {
  const rows = await db
    .selectFrom('booking_options')
    .select(['id', 'name', 'slug'])
    .where('slug', 'in', [...SELLABLE_SLUGS[kind.type]])
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    ...row,
    editable: !WRITTEN_ELSEWHERE[kind.type].includes(row.slug),
  }));
}

interface PriceRow {
  booking_option_id: number;
  slug: string;
  interview_duration: number;
  /** cents */
  price: number;
}

/** The profile's prices of the options it may sell, by option and duration. */
export async function loadOptionPrices(db: DB, profile: SetupProfile): Promise<OptionPricesDetail> {
  const options = await sellableOptions(db, profile.kind);
  const order = new Map(options.map((option, index) => [option.id, index]));
  const ids = options.map((option) => option.id);
  const rows =
    ids.length === 0
      ? []
      : (
          await sql<PriceRow>`
            select op.booking_option_id, bo.slug, op.interview_duration, op.price
            from ${sql.table(profile.kind.prices)} op
            join booking_options bo on bo.id = op.booking_option_id
            where ${sql.ref(`op.${profile.kind.fk}`)} = ${profile.id}
              and op.booking_option_id in (${sql.join(ids)})
          `.execute(db)
        ).rows;
  rows.sort(
    (a, b) =>
      (order.get(a.booking_option_id) ?? 0) - (order.get(b.booking_option_id) ?? 0) ||
      a.interview_duration - b.interview_duration,
  );
  return {
    booking_options: options,
    option_prices: rows,
  };
}
