import type { MarketplaceProfile, OptionPrice } from '@guestspot/shared-api';
import { priceRanges, type BrowseFilters } from './browse-filters';
import { asBookable, bookableOptions } from './booking-rules';

export type CardPriceKind = 'from' | 'up-to' | 'exact';

export interface CardPrice {
  /** cents */
  cents: number;
  /** 'from' when the lowest of several prices, 'up-to' the highest, 'exact' a single price */
  kind: CardPriceKind;
}

/** The filters that decide which price a card shows. */
export type CardPriceContext = Pick<BrowseFilters, 'options' | 'prices' | 'sortBy'>;

/** The profile's bookable option prices (guests carry option_prices, shows prices). */
export function bookablePrices(profile: MarketplaceProfile): OptionPrice[] {
  return bookableOptions(asBookable(profile).option_prices);
}

/**
 * The price a card shows (decision 039):
 * 1. start from the bookable option prices; none at all → null ('Request to Book');
 * 2. option filters on → only the matching options' prices (if any match);
 * 3. price filters on → only the prices inside an active range (if any are);
 * 4. sortBy=-price → the highest of what is left, otherwise the lowest.
 */
export function cardPrice(
  profile: MarketplaceProfile,
  context: CardPriceContext | undefined,
): CardPrice | null {
  let candidates = bookablePrices(profile).map((price) => ({
    slug: price.slug,
    cents: price.price,
  }));
  if (candidates.length === 0) {
    // A list payload without per-option prices still carries the lowest price.
    return profile.lowest_price === null ? null : { cents: profile.lowest_price, kind: 'from' };
  }
  if (context?.options.length) {
    const matching = candidates.filter((price) =>
      (context.options as readonly string[]).includes(price.slug),
    );
    if (matching.length) candidates = matching;
  }
  if (context?.prices.length) {
    const ranges = priceRanges(context.prices);
    const inRange = candidates.filter((price) =>
      ranges.some((range) => price.cents >= range.min && price.cents <= range.max),
    );
    if (inRange.length) candidates = inRange;
  }
  const amounts = candidates.map((price) => price.cents);
  const highest = context?.sortBy === '-price';
  const cents = highest ? Math.max(...amounts) : Math.min(...amounts);
  const distinct = new Set(amounts).size;
  return { cents, kind: distinct === 1 ? 'exact' : highest ? 'up-to' : 'from' };
}
