import {
  DEFAULT_FILTERS,
  activeFilterCount,
  browseHref,
  parseBrowseParams,
  priceRanges,
  toApiParams,
  toBrowseParams,
  type BrowseFilters,
} from './browse-filters';
import { toSearchParams } from '@guestspot/shared-api';

const parse = (query: string) => parseBrowseParams(new URLSearchParams(query));

/** The query string the API receives, decoded for reading. */
const apiQuery = (filters: BrowseFilters, page = 1) =>
  decodeURIComponent(toSearchParams(toApiParams(filters, page)).toString());

describe('the /browse URL ⇄ filters ⇄ API mapping', () => {
  it('reads every query parameter of the spec', () => {
    expect(
      parse(
        'showing=guests&search=%20Maya%20&categories=3,12&featured=1&talent=true&premium=1' +
          '&prices=0,1-100,401&tags=ai,Leadership&rating=4&options=virtual-interview,guest-appearance' +
          '&sortBy=-price',
      ),
    ).toEqual({
      showing: 'guests',
      search: 'Maya',
      categories: [3, 12],
      featured: true,
      talent: true,
      premium: true,
      prices: ['0', '1-100', '401'],
      tags: ['ai', 'leadership'],
      rating: 4,
      options: ['virtual-interview', 'guest-appearance'],
      sortBy: '-price',
    });
  });

  it('defaults to all guests and drops malformed values instead of sending them', () => {
    expect(parse('')).toEqual(DEFAULT_FILTERS);
    expect(
      parse(
        'showing=people&categories=a,0,7&prices=cheap,5-,250-101&rating=9&options=pitch,miniview&sortBy=name&tags=%3Cb%3E',
      ),
    ).toEqual({ ...DEFAULT_FILTERS, categories: [7], prices: ['250-101'] });
  });

  it('sorts by the fastest response when asked (decision 114)', () => {
    const filters = parse('showing=shows&sortBy=response');
    expect(filters.sortBy).toBe('response');
    expect(apiQuery(filters)).toBe('page=1&sort=response');
  });

  it('ignores the guest-only filters (talent, rating) for shows', () => {
    const filters = parse('showing=shows&talent=1&rating=3&featured=1');
    expect(filters).toMatchObject({
      showing: 'shows',
      talent: false,
      rating: null,
      featured: true,
    });
    expect(apiQuery({ ...filters, talent: true, rating: 3 })).toBe('page=1&filter[featured]=1');
  });

  it('writes the URL back so that a link reproduces the view', () => {
    const query =
      'showing=guests&search=Maya+Brooks&categories=3%2C12&featured=1&talent=1&premium=1' +
      '&prices=0%2C101-250%2C401&tags=ai&rating=4&options=guest-appearance&sortBy=price';
    expect(toBrowseParams(parse(query)).toString()).toBe(query);
    expect(parse(toBrowseParams(parse(query)).toString())).toEqual(parse(query));
  });

  it('leaves defaults out of links', () => {
    expect(browseHref({ showing: 'shows' })).toBe('/browse?showing=shows');
    expect(browseHref({ showing: 'guests', featured: true })).toBe(
      '/browse?showing=guests&featured=1',
    );
    expect(browseHref({ showing: 'guests', search: '  Ada ', categories: [4, 9] })).toBe(
      '/browse?showing=guests&search=Ada&categories=4%2C9',
    );
  });

  it('maps guests to the filter[...] parameters of GET /guests', () => {
    expect(
      apiQuery(
        parse(
          'search=Maya&categories=3,12&featured=1&talent=1&premium=1&prices=0,1-100,401' +
            '&tags=ai&rating=4&options=virtual-interview&sortBy=-price',
        ),
        2,
      ),
    ).toBe(
      'page=2&sort=-price&filter[guest_profiles.name]=Maya&filter[category]=3,12&filter[tag]=ai' +
        '&filter[featured]=1&filter[talent]=1&filter[premium]=1&filter[prices]=0,1-100,401' +
        '&filter[rating]=4&filter[options]=virtual-interview',
    );
  });

  it('searches shows by filter[show_profiles.name]', () => {
    expect(apiQuery(parse('showing=shows&search=Build&sortBy=price'))).toBe(
      'page=1&sort=price&filter[show_profiles.name]=Build',
    );
  });

  it('reads price tokens as cent ranges: 401 is 401 to 99999, a-b a range, a single value itself', () => {
    expect(priceRanges(['0', '1-100', '401', '250', '300-200'])).toEqual([
      { min: 0, max: 0 },
      { min: 100, max: 10_000 },
      { min: 40_100, max: 9_999_900 },
      { min: 25_000, max: 25_000 },
      { min: 20_000, max: 30_000 },
    ]);
  });

  it('counts the active filters for the filter button', () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount(parse('categories=1,2&prices=0&featured=1&rating=3&search=x'))).toBe(
      5,
    );
  });
});
