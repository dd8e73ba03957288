import type { ListParams, ProfileListType } from '@guestspot/shared-api';

// One pure mapping for the marketplace's lists: the /browse URL (spec §2.4) ⇄ the filters the
// page works with ⇄ the filter[...] parameters of GET /guests and GET /shows (spec §7).

/** `response`: fastest to answer requests first (decision 114). */
export type BrowseSort = 'price' | '-price' | 'response';

/** The booking options a visitor can filter by (spec §2.4). */
export const OPTION_FILTERS = [
  { slug: 'virtual-interview', label: 'Virtual interview' },
  { slug: 'guest-appearance', label: 'Guest appearance' },
] as const;
export type OptionFilterSlug = (typeof OPTION_FILTERS)[number]['slug'];

/** Price buckets in dollars; 401 is the open-ended top bucket, 401 to 99999 (spec §9). */
export const PRICE_BUCKETS = [
  { value: '0', label: 'FREE' },
  { value: '1-100', label: '$1 – $100' },
  { value: '101-250', label: '$101 – $250' },
  { value: '251-400', label: '$251 – $400' },
  { value: '401', label: '$401+' },
] as const;

export const OPEN_ENDED_BUCKET = 401;
export const OPEN_ENDED_MAX = 99_999;

export interface BrowseFilters {
  showing: ProfileListType;
  search: string;
  /** category ids */
  categories: number[];
  featured: boolean;
  /** curated talent: guests only */
  talent: boolean;
  premium: boolean;
  /** dollar values or ranges `a-b`, as written in the URL */
  prices: string[];
  /** tag slugs (or ids) */
  tags: string[];
  /** minimum average rating 1-5: guests only */
  rating: number | null;
  options: OptionFilterSlug[];
  sortBy: BrowseSort | null;
}

export const DEFAULT_FILTERS: BrowseFilters = {
  showing: 'guests',
  search: '',
  categories: [],
  featured: false,
  talent: false,
  premium: false,
  prices: [],
  tags: [],
  rating: null,
  options: [],
  sortBy: null,
};

const PRICE_TOKEN = /^(\d{1,5})(?:-(\d{1,5}))?$/;
const TAG_TOKEN = /^[a-z0-9-]{1,64}$/;

function splitList(value: string | null): string[] {
  if (!value) return [];
  const seen = new Set<string>();
  for (const part of value.split(',')) {
    const token = part.trim();
    if (token) seen.add(token);
  }
  return [...seen];
}

function flag(value: string | null): boolean {
  return value === '1' || value === 'true';
}

/** Reads the /browse query. Unknown or malformed values are dropped, never sent to the API. */
export function parseBrowseParams(params: URLSearchParams): BrowseFilters {
  const showing: ProfileListType = params.get('showing') === 'shows' ? 'shows' : 'guests';
  const rating = Number(params.get('rating'));
  const sortBy = params.get('sortBy');
  const optionSlugs: readonly string[] = OPTION_FILTERS.map((option) => option.slug);
  return {
    showing,
    search: (params.get('search') ?? '').trim(),
    categories: splitList(params.get('categories'))
      .filter((id) => /^\d{1,9}$/.test(id))
      .map(Number)
      .filter((id) => id > 0),
    featured: flag(params.get('featured')),
    talent: showing === 'guests' && flag(params.get('talent')),
    premium: flag(params.get('premium')),
    prices: splitList(params.get('prices')).filter((token) => PRICE_TOKEN.test(token)),
    tags: splitList(params.get('tags'))
      .map((tag) => tag.toLowerCase())
      .filter((tag) => TAG_TOKEN.test(tag)),
    rating:
      showing === 'guests' && Number.isInteger(rating) && rating >= 1 && rating <= 5
        ? rating
        : null,
    options: splitList(params.get('options')).filter((slug): slug is OptionFilterSlug =>
      optionSlugs.includes(slug),
    ),
    sortBy: sortBy === 'price' || sortBy === '-price' || sortBy === 'response' ? sortBy : null,
  };
}

/** The /browse query for these filters; defaults are left out so links stay short. */
export function toBrowseParams(filters: Partial<BrowseFilters>): URLSearchParams {
  const params = new URLSearchParams();
  const guests = filters.showing !== 'shows';
  params.set('showing', guests ? 'guests' : 'shows');
  if (filters.search?.trim()) params.set('search', filters.search.trim());
  if (filters.categories?.length) params.set('categories', filters.categories.join(','));
  if (filters.featured) params.set('featured', '1');
  if (guests && filters.talent) params.set('talent', '1');
  if (filters.premium) params.set('premium', '1');
  if (filters.prices?.length) params.set('prices', filters.prices.join(','));
  if (filters.tags?.length) params.set('tags', filters.tags.join(','));
  if (guests && filters.rating) params.set('rating', String(filters.rating));
  if (filters.options?.length) params.set('options', filters.options.join(','));
  if (filters.sortBy) params.set('sortBy', filters.sortBy);
  return params;
}

/** A link to /browse showing these filters (the home page's See all links and search). */
export function browseHref(filters: Partial<BrowseFilters>): string {
  return `/browse?${toBrowseParams(filters).toString()}`;
}

/** The GET /guests or /shows parameters of one page of this view. */
export function toApiParams(filters: BrowseFilters, page = 1): ListParams {
  const guests = filters.showing === 'guests';
  const filter: NonNullable<ListParams['filter']> = {};
  if (filters.search)
    filter[guests ? 'guest_profiles.name' : 'show_profiles.name'] = filters.search;
  if (filters.categories.length) filter.category = filters.categories.join(',');
  if (filters.tags.length) filter.tag = filters.tags.join(',');
  if (filters.featured) filter.featured = 1;
  if (guests && filters.talent) filter.talent = 1;
  if (filters.premium) filter.premium = 1;
  if (filters.prices.length) filter.prices = filters.prices.join(',');
  if (guests && filters.rating) filter.rating = filters.rating;
  if (filters.options.length) filter.options = filters.options.join(',');
  return { page, filter, ...(filters.sortBy ? { sort: filters.sortBy } : {}) };
}

export interface PriceRange {
  /** cents, inclusive */
  min: number;
  /** cents, inclusive */
  max: number;
}

/** The price tokens as ranges in cents: `401` is 401-99999, another single value that price. */
export function priceRanges(tokens: string[]): PriceRange[] {
  const ranges: PriceRange[] = [];
  for (const token of tokens) {
    const match = PRICE_TOKEN.exec(token);
    if (!match) continue;
    const low = Number(match[1]);
    const high =
      match[2] !== undefined ? Number(match[2]) : low === OPEN_ENDED_BUCKET ? OPEN_ENDED_MAX : low;
    ranges.push({ min: Math.min(low, high) * 100, max: Math.max(low, high) * 100 });
  }
  return ranges;
}

/** How many filters beyond showing and search are on (for the filter button's badge). */
export function activeFilterCount(filters: BrowseFilters): number {
  return (
    filters.categories.length +
    filters.prices.length +
    filters.tags.length +
    filters.options.length +
    [filters.featured, filters.talent, filters.premium, filters.rating !== null].filter(Boolean)
      .length
  );
}
