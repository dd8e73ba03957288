import { Type, type Static, type TOptional, type TString } from 'typebox';
import { pageOf, type PageRequest } from '../../http/pagination';
import {
  Bool,
  IdList,
  Int,
  List,
  MAX_INT4,
  MAX_STRING,
  OneOf,
  PageQuery,
  Str,
  normalisedInput,
} from '../../http/schema';

// The query of GET /guests and GET /shows: one schema builder for both lists
// (profileListSchema), and the pure reading of a checked query (profileListQuery).

/** `response`: fastest to answer requests first (decision 114). */
export const PROFILE_SORTS = ['price', '-price', 'name', '-name', 'response'] as const;
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

/**
 * A tag id or slug, or a booking option slug, in any case: 1-64 of [a-z0-9-] once lower-cased
 * (the KELVIN SIGN is the one other character that lower-cases into that set).
 */
const SLUG_TOKEN = '^[-a-zA-Z0-9\\u212A]{1,64}$';

/** A list of tag tokens (`filter[tag]`, connect's `tags`); read them with tagTokensOf(). */
export const TagList = () =>
  List(
    Str({
      pattern: { regex: SLUG_TOKEN, message: 'The :attribute field must hold tag ids or slugs.' },
    }),
  );

/** The checked tokens of a TagList, lower-cased and split into ids and slugs. */
export function tagTokensOf(tokens: string[]): TagTokens {
  return splitTagTokens(tokens.map((tag) => tag.toLowerCase()));
}

/** Dollars: a single value or a range `a-b`. */
const PRICE_TOKEN = /^(\d{1,6})(?:-(\d{1,6}))?$/;

/** The name filter's key on each list. */
const NAME_FILTERS = { guest: 'guest_profiles.name', show: 'show_profiles.name' } as const;
type ProfileListKind = keyof typeof NAME_FILTERS;

/** Filters that only the guest list takes (shows answer 'The filter.x filter is not allowed.'). */
const GUEST_ONLY = ['talent', 'rating'];

/**
 * The query schema of GET /guests ('guest') or GET /shows ('show'): page, limit, sort and
 * filter[...], with the old reader's messages. The filters are listed in the order it reported
 * them (tag and prices last: it checked their tokens after the other filters; only a tag or
 * prices list that is no text or has more than 50 parts it had reported earlier). Shows refuse
 * the guest-only filters but still check their values, as the reader did ('filter[rating]=9'
 * answers both 'not allowed' and 'must not be greater than 5').
 */
export function profileListSchema<K extends ProfileListKind>(kind: K) {
  const name = { [NAME_FILTERS[kind]]: Type.Optional(Str({ max: MAX_STRING })) } as Record<
    (typeof NAME_FILTERS)[K],
    TOptional<TString>
  >;
  const filters = {
    ...name,
    category: Type.Optional(IdList()),
    featured: Type.Optional(Bool()),
    premium: Type.Optional(Bool()),
    talent: Type.Optional(Bool()),
    rating: Type.Optional(Int({ min: 0, max: 5 })),
    options: Type.Optional(
      List(
        Str({
          pattern: {
            regex: SLUG_TOKEN,
            message: 'The :attribute field must hold booking option slugs.',
          },
        }),
      ),
    ),
    tag: Type.Optional(TagList()),
    prices: Type.Optional(
      List(
        Str({
          pattern: {
            regex: PRICE_TOKEN.source,
            message: 'The :attribute field must hold prices or ranges such as 0 or 100-250.',
          },
        }),
      ),
    ),
  };
  const allowed = Object.keys(filters).filter(
    (key) => kind === 'guest' || !GUEST_ONLY.includes(key),
  );
  return Type.Object({
    ...PageQuery,
    sort: Type.Optional(OneOf(PROFILE_SORTS)),
    filter: Type.Optional(
      // Unknown keys are refused beside the declared ones (so the declared-but-refused keys are
      // still checked and coerced).
      Type.Object(filters, {
        allOf: [
          {
            type: 'object',
            properties: Object.fromEntries(allowed.map((key) => [key, {}])),
            additionalProperties: false,
          },
        ],
      }),
    ),
  });
}

/** A query checked by profileListSchema(kind). */
export type ProfileListInput = Static<ReturnType<typeof profileListSchema<ProfileListKind>>>;

const OPEN_ENDED_BUCKET = 401;
const OPEN_ENDED_MAX = 99_999;

/**
 * `filter[prices]` holds dollars: single values or ranges `a-b`. The top bucket 401 means
 * 401-99999 (spec); another single value means exactly that price.
 */
function priceRanges(tokens: string[]): PriceRange[] {
  return tokens.map((token) => {
    const match = PRICE_TOKEN.exec(token);
    if (!match) throw new Error(`unchecked price token ${token}`);
    const low = Number(match[1]);
    const high =
      match[2] !== undefined ? Number(match[2]) : low === OPEN_ENDED_BUCKET ? OPEN_ENDED_MAX : low;
    return { min: Math.min(low, high) * 100, max: Math.max(low, high) * 100 };
  });
}

/** The list query of a query its route's schema (profileListSchema(kind)) has checked. */
export function profileListQuery(kind: ProfileListKind, query: ProfileListInput): ProfileListQuery {
  const { sort, filter = {} } = query;
  const name = filter[NAME_FILTERS[kind]]?.trim();
  const { category, tag, featured, premium, talent, prices, rating, options } = filter;
  return {
    page: pageOf(query, PROFILES_PER_PAGE),
    ...(name ? { name } : {}),
    ...(category ? { categoryIds: category.map(Number) } : {}),
    ...(tag ? { tags: tagTokensOf(tag) } : {}),
    ...(featured !== undefined ? { featured } : {}),
    ...(premium !== undefined ? { premium } : {}),
    ...(talent !== undefined ? { talent } : {}),
    ...(prices ? { prices: priceRanges(prices) } : {}),
    ...(rating !== undefined ? { rating } : {}),
    ...(options ? { options: options.map((slug) => slug.toLowerCase()) } : {}),
    ...(sort ? { sort } : {}),
  };
}

/**
 * The list query of a raw query string's parameters (as qs parses them) read the way its route
 * reads them, for code outside a request (the index tests build the list SQL with it). The
 * query is not checked: routes check it with profileListSchema first.
 */
export function readProfileListQuery(query: unknown, kind: ProfileListKind): ProfileListQuery {
  return profileListQuery(kind, normalisedInput(profileListSchema(kind), query));
}

/** ILIKE pattern for "contains", with the user's % and _ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
