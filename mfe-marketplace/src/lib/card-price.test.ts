import { makeGuest, makeShow } from '@guestspot/shared-api/testing';
import { cardPrice } from './card-price';
import { DEFAULT_FILTERS } from './browse-filters';

const guest = makeGuest({
  option_prices: [
    { booking_option_id: 1, price: 20_000, slug: 'virtual-interview' },
    { booking_option_id: 2, price: 45_000, slug: 'guest-appearance' },
    { booking_option_id: 3, price: 0, slug: 'pitch' },
    { booking_option_id: 4, price: 1_000, slug: 'miniview' },
  ],
  lowest_price: 20_000,
});
const context = (query: Partial<typeof DEFAULT_FILTERS>) => ({ ...DEFAULT_FILTERS, ...query });

describe('the price a card shows', () => {
  it('is the lowest bookable option price by default (pitch and miniview are not bookable prices)', () => {
    expect(cardPrice(guest, undefined)).toEqual({ cents: 20_000, kind: 'from' });
    expect(cardPrice(guest, context({ sortBy: 'price' }))).toEqual({ cents: 20_000, kind: 'from' });
  });

  it('is the highest option price when sorted by price, highest first', () => {
    expect(cardPrice(guest, context({ sortBy: '-price' }))).toEqual({
      cents: 45_000,
      kind: 'up-to',
    });
  });

  it("is the matching option's price when options are filtered", () => {
    expect(cardPrice(guest, context({ options: ['guest-appearance'] }))).toEqual({
      cents: 45_000,
      kind: 'exact',
    });
    expect(
      cardPrice(guest, context({ options: ['guest-appearance', 'virtual-interview'] })),
    ).toEqual({ cents: 20_000, kind: 'from' });
  });

  it('is the price inside the active price range, including the 401+ bucket', () => {
    expect(cardPrice(guest, context({ prices: ['401'] }))).toEqual({
      cents: 45_000,
      kind: 'exact',
    });
    expect(cardPrice(guest, context({ prices: ['101-250'] }))).toEqual({
      cents: 20_000,
      kind: 'exact',
    });
    expect(cardPrice(guest, context({ prices: ['0', '401'], sortBy: '-price' }))).toEqual({
      cents: 45_000,
      kind: 'exact',
    });
  });

  it('falls back to every bookable price when no option or range matches', () => {
    expect(cardPrice(guest, context({ prices: ['1-100'] }))).toEqual({
      cents: 20_000,
      kind: 'from',
    });
  });

  it('reads a show’s prices, and is null without any option price (Request to Book)', () => {
    const show = makeShow({
      prices: [{ booking_option_id: 1, price: 0, slug: 'virtual-interview' }],
      lowest_price: 0,
    });
    expect(cardPrice(show, undefined)).toEqual({ cents: 0, kind: 'exact' });
    expect(cardPrice(makeShow({ prices: [], lowest_price: null }), undefined)).toBeNull();
    expect(
      cardPrice(
        makeGuest({
          option_prices: [{ booking_option_id: 3, price: 0, slug: 'pitch' }],
          lowest_price: null,
        }),
        undefined,
      ),
    ).toBeNull();
  });
});
