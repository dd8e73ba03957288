import { Validator } from '../../http/validation';
import { readPage, type PageRequest } from '../../http/pagination';

// The query of GET /guests and GET /shows, checked once for both lists.

export const PROFILE_SORTS = ['price', '-price', 'name', '-name'] as const;
export type ProfileSort = (typeof PROFILE_SORTS)[number];

/** Guest and show lists: 15 a page unless `limit` says otherwise (spec). */
export const PROFILES_PER_PAGE = 15;

/** Price ranges in cents, inclusive. */
export interface PriceRange {
  min: number;
  max: number;
}

export interface ProfileListQuery {
  page: PageRequest;
  name?: string;
  categoryIds?: number[];
  /** both lists empty: the tokens given name no tag, so nothing matches */
  tags?: TagTokens;
  featured?: boolean;
  premium?: boolean;
  talent?: boolean;
  prices?: PriceRange[];
  rating?: number;
  options?: string[];
  sort?: ProfileSort;
}

const MAX_INT4 = 2_147_483_647;

/** Tag tokens of `filter[tag]` (and connect's `tags`): all digits is an id, anything else a slug. */
export interface TagTokens {
  ids: number[];
  slugs: string[];
}

/**
 * Splits lower-cased tag tokens into ids and slugs. An all-digit token outside the id range
 * (e.g. 1234567890123) cannot name any tag: it is dropped, so it matches nothing rather than
 * widening the filter.
 */
export function splitTagTokens(tokens: string[]): TagTokens {
  const numeric = tokens.filter((tag) => /^\d+$/.test(tag)).map(Number);
  return {
    ids: numeric.filter((id) => id >= 1 && id <= MAX_INT4),
    slugs: tokens.filter((tag) => !/^\d+$/.test(tag)),
  };
}

const OPEN_ENDED_BUCKET = 401;
const OPEN_ENDED_MAX = 99_999;

/**
 * `filter[prices]` holds dollars: single values or ranges `a-b`, comma-separated. The top bucket
 * 401 means 401-99999 (spec); another single value means exactly that price.
 */
function parsePrices(tokens: string[], filter: Validator): PriceRange[] | undefined {
  const ranges: PriceRange[] = [];
  for (const token of tokens) {
    const match = /^(\d{1,6})(?:-(\d{1,6}))?$/.exec(token);
    if (!match) {
      filter.fail(
        'prices',
        'The filter.prices field must hold prices or ranges such as 0 or 100-250.',
      );
      return undefined;
    }
    const low = Number(match[1]);
    const high =
      match[2] !== undefined ? Number(match[2]) : low === OPEN_ENDED_BUCKET ? OPEN_ENDED_MAX : low;
    ranges.push({ min: Math.min(low, high) * 100, max: Math.max(low, high) * 100 });
  }
  return ranges;
}

/** Reads page, limit, sort and filter[...]; guests also take filter[talent] and filter[rating]. */
export function readProfileListQuery(query: unknown, kind: 'guest' | 'show'): ProfileListQuery {
  const nameFilter = kind === 'guest' ? 'guest_profiles.name' : 'show_profiles.name';
  const input = new Validator(query);
  const page = readPage(input, PROFILES_PER_PAGE);
  const sort = input.oneOf('sort', PROFILE_SORTS);
  const filter = input.object('filter', [
    nameFilter,
    'category',
    'tag',
    'featured',
    'premium',
    'prices',
    'options',
    ...(kind === 'guest' ? ['talent', 'rating'] : []),
  ]);

  const name = filter.string(nameFilter, { max: 255 })?.trim();
  const categoryIds = filter.idList('category');
  const tagTokens = filter.list('tag')?.map((tag) => tag.toLowerCase());
  const featured = filter.boolean('featured');
  const premium = filter.boolean('premium');
  const talent = filter.boolean('talent');
  const priceTokens = filter.list('prices');
  const rating = filter.integer('rating', { min: 0, max: 5 });
  const options = filter.list('options')?.map((slug) => slug.toLowerCase());
  if (options?.some((slug) => !/^[a-z0-9-]{1,64}$/.test(slug))) {
    filter.fail('options', 'The filter.options field must hold booking option slugs.');
  }
  if (tagTokens?.some((tag) => !/^[a-z0-9-]{1,64}$/.test(tag))) {
    filter.fail('tag', 'The filter.tag field must hold tag ids or slugs.');
  }
  const prices = priceTokens ? parsePrices(priceTokens, filter) : undefined;
  input.throwIfInvalid();

  return {
    page,
    ...(name ? { name } : {}),
    ...(categoryIds ? { categoryIds } : {}),
    ...(tagTokens ? { tags: splitTagTokens(tagTokens) } : {}),
    ...(featured !== undefined ? { featured } : {}),
    ...(premium !== undefined ? { premium } : {}),
    ...(talent !== undefined ? { talent } : {}),
    ...(prices ? { prices } : {}),
    ...(rating !== undefined ? { rating } : {}),
    ...(options ? { options } : {}),
    ...(sort ? { sort } : {}),
  };
}

/** ILIKE pattern for "contains", with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
