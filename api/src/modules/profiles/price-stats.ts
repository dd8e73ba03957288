import { sql } from 'kysely';
import type { PriceStats, ProfileListType } from '../../contract';
import type { DB } from '../../db/database';
import { kindOf } from './load';
import { lowestPriceOf } from './queries';

/** What the price slider shows when no public profile has a bookable price (spec §9). */
export const DEFAULT_PRICE_STATS: PriceStats = { min: 0, max: 1000 };

/** Lowest and highest card price (lowest bookable price) of public profiles, in whole dollars. */
export async function priceStats(db: DB, type: ProfileListType): Promise<PriceStats> {
  const kind = kindOf(type);
  const { rows } = await sql<{ min: number | null; max: number | null }>`
    select min(lowest)::int as min, max(lowest)::int as max
    from (select ${lowestPriceOf()} as lowest from ${sql.table(kind.table)} p where p.is_public) prices
  `.execute(db);
  const row = rows[0];
  if (!row || row.min === null || row.max === null) return DEFAULT_PRICE_STATS;
  // Rounded outwards so that a filter over the whole range keeps every card.
  return { min: Math.floor(row.min / 100), max: Math.ceil(row.max / 100) };
}
