import { sql, type RawBuilder } from 'kysely';
import { Type } from 'typebox';
import type { CategoryRef, OptionPrice, Reputation, Tag } from '../../contract';
import type { DB } from '../../db/database';
import { ID_DIGITS, MAX_INT4 } from '../../http/schema';
import { fastestResponseOrder, loadReputations } from '../reputation/queries';
import { containsPattern, type PriceRange, type ProfileListQuery } from './list-query';

// What guest and show profiles share: list filtering and ordering, and the related rows every
// card shows (tags, categories, prices, favourite). Guests and shows differ only in table names.

export interface ProfileKind {
  type: 'guest' | 'show';
  table: 'guest_profiles' | 'show_profiles';
  fk: 'guest_profile_id' | 'show_profile_id';
  categories: 'guest_profile_categories' | 'show_profile_categories';
  tags: 'guest_profile_tags' | 'show_profile_tags';
  prices: 'guest_option_prices' | 'show_option_prices';
}

export const GUEST_KIND: ProfileKind = {
  type: 'guest',
  table: 'guest_profiles',
  fk: 'guest_profile_id',
  categories: 'guest_profile_categories',
  tags: 'guest_profile_tags',
  prices: 'guest_option_prices',
};

export const SHOW_KIND: ProfileKind = {
  type: 'show',
  table: 'show_profiles',
  fk: 'show_profile_id',
  categories: 'show_profile_categories',
  tags: 'show_profile_tags',
  prices: 'show_option_prices',
};

/** Options that are not a booking price of their own (pitch has pitch_settings). */
export const NOT_BOOKABLE_SLUGS = ['pitch', 'miniview'];

/**
 * Lowest bookable price of profile `p`, in cents; null when it has none. Kept on the profile row
 * by triggers on the option price tables (migration 014), so price sorts and ranges use an index.
 */
export function lowestPriceOf(): RawBuilder<number | null> {
  return sql<number | null>`p.lowest_price`;
}

/**
 * With filter[options], the chosen options price the list (decision 056) when the list filters
 * or sorts by price: the slugs that are booking prices (not pitch, miniview). null otherwise, and
 * lowest_price decides as before (decision 035).
 */
function optionPricing(query: ProfileListQuery): string[] | null {
  const slugs = (query.options ?? []).filter((slug) => !NOT_BOOKABLE_SLUGS.includes(slug));
  const priceSort = query.sort === 'price' || query.sort === '-price';
  return slugs.length && (query.prices || priceSort) ? slugs : null;
}

/**
 * What prices a -price list besides the kept columns: the chosen options (decision 056), or, for
 * -price inside price ranges, every bookable option (decision 061), so the order follows the
 * number on the cards. null: the kept lowest_price / highest_price columns decide.
 */
function sortPricing(query: ProfileListQuery): string[] | 'bookable' | null {
  const chosen = optionPricing(query);
  if (chosen) return chosen;
  return query.sort === '-price' && query.prices ? 'bookable' : null;
}

function inRanges(value: RawBuilder<unknown>, ranges: PriceRange[]): RawBuilder<unknown> {
  const each = ranges.map((range) => sql`${value} between ${range.min} and ${range.max}`);
  return sql`(${sql.join(each, sql` or `)})`;
}

/**
 * `k.option_price`: profile p's price under the chosen options, the price its card shows
 * (decision 039). Each chosen option's price is its lowest over the durations (the payload's
 * option_prices); with filter[prices] only prices inside an active range count; sort=-price
 * takes the highest of them, anything else the lowest. Three ways to it (decision 127): sorted by
 * it, the kept lowest prices in price order (keptOptionPrice); only filtering, worked out
 * profile by profile as the list reaches them (a LATERAL subquery); sorted by options one of
 * which is no price (pitch, miniview) with no range, for every profile at once from the chosen
 * options' rows (migration 019), null when none counts.
 */
function optionPriceJoin(
  kind: ProfileKind,
  slugs: string[] | 'bookable',
  query: ProfileListQuery,
): RawBuilder<unknown> {
  const kept = keptOptionPrice(kind, query);
  if (kept) return kept;
  const fk = sql.ref(`op.${kind.fk}`);
  const pick = sql.raw(query.sort === '-price' ? 'max' : 'min');
  const ranges = query.prices ? sql`where ${inRanges(sql`o.price`, query.prices)}` : sql``;
  const chosen = chosenOptions('op', slugs);
  if (!orderedByPrice(query)) {
    // Only a filter: each profile's price is worked out as the list reaches it (decision 127),
    // so a page and a windowed count stop early instead of pricing the whole catalogue.
    return sql`cross join lateral (
      select ${pick}(o.price) as option_price from (
        select min(op.price) as price from ${sql.table(kind.prices)} op
        where ${fk} = p.id and ${chosen}
        group by op.booking_option_id
      ) o ${ranges}
    ) k`;
  }
  return sql`left join (
    select o.profile_id, ${pick}(o.price) as option_price from (
      select ${fk} as profile_id, min(op.price) as price from ${sql.table(kind.prices)} op
      where ${chosen}
      group by op.booking_option_id, ${fk}
    ) o ${ranges}
    group by o.profile_id
  ) k on k.profile_id = p.id`;
}

/**
 * Options' prices sorting a list that shows only the profiles priced for them (a price range, or
 * no other option chosen): the kept lowest price per profile and option (migration 059) read in
 * price order, so the list walks the prices from the cheapest (or dearest) and stops at its page
 * or its window's end (decision 127). A profile priced for several of the options stands at its
 * cheapest one under sort=price and its dearest under -price (decision 039): a row counts only
 * when no other of the profile's rows is cheaper (dearer), ties to the lower option id. null when
 * a chosen option is not priced and no range asks for a price (the list keeps unpriced profiles).
 */
function keptOptionPrice(kind: ProfileKind, query: ProfileListQuery): RawBuilder<unknown> | null {
  const slugs = keptOptionSlugs(query);
  if (slugs === null) return null;
  const chosen = (alias: string) => chosenOptions(alias, slugs);
  const ranges = (alias: string) =>
    query.prices ? sql`and ${inRanges(sql.ref(`${alias}.price`), query.prices)}` : sql``;
  const better = sql.raw(query.sort === '-price' ? '>' : '<');
  const single = slugs !== 'bookable' && slugs.length === 1;
  const onePerProfile = single
    ? sql``
    : sql`and not exists (
        select 1 from option_lowest_prices h
        where h.profile_type = l.profile_type and h.profile_id = l.profile_id
          and ${chosen('h')} ${ranges('h')}
          and (h.price ${better} l.price
               or (h.price = l.price and h.booking_option_id < l.booking_option_id))
      )`;
  return sql`join (
    select l.profile_id, l.price as option_price from option_lowest_prices l
    where l.profile_type = ${kind.type} and ${chosen('l')} ${ranges('l')} ${onePerProfile}
  ) k on k.profile_id = p.id`;
}

/** The options whose kept prices sort the list (keptOptionPrice), or null. */
function keptOptionSlugs(query: ProfileListQuery): string[] | 'bookable' | null {
  const slugs = sortPricing(query);
  if (slugs === null || !orderedByPrice(query)) return null;
  if (slugs === 'bookable' || query.prices) return slugs;
  return (query.options ?? []).every((chosen) => slugs.includes(chosen)) ? slugs : null;
}

/** `alias`'s booking option is one of the options pricing the list. */
function chosenOptions(alias: string, slugs: string[] | 'bookable'): RawBuilder<unknown> {
  const options =
    slugs === 'bookable'
      ? sql`bo.slug not in (${sql.join(NOT_BOOKABLE_SLUGS)})`
      : sql`bo.slug in (${sql.join(slugs)})`;
  return sql`${sql.ref(`${alias}.booking_option_id`)} in (
    select bo.id from booking_options bo where ${options}
  )`;
}

function orderedByPrice(query: ProfileListQuery): boolean {
  return query.sort === 'price' || query.sort === '-price';
}

/**
 * `from`: the profiles, with k.option_price when options price the list (sortPricing), and
 * their kept reputation `r` when sorted by it (decision 114); both when an option's price
 * filters a list sorted by response.
 */
function source(kind: ProfileKind, query: ProfileListQuery): RawBuilder<unknown> {
  const slugs = sortPricing(query);
  const priced = slugs ? optionPriceJoin(kind, slugs, query) : sql``;
  const reputation =
    query.sort === 'response'
      ? sql`left join profile_reputation r on r.profile_type = ${kind.type} and r.profile_id = p.id`
      : sql``;
  return sql`${sql.table(kind.table)} p ${priced} ${reputation}`;
}

function conditions(kind: ProfileKind, query: ProfileListQuery): RawBuilder<unknown>[] {
  const fk = sql.ref(kind.fk);
  const where: RawBuilder<unknown>[] = [sql`p.is_public`];
  if (query.name) where.push(sql`p.name ilike ${containsPattern(query.name)}`);
  if (query.categoryIds) {
    // A parent category also matches the profiles filed under its subcategories.
    where.push(sql`p.id in (
      select pc.${fk} from ${sql.table(kind.categories)} pc
      join categories c on c.id = pc.category_id
      where c.id in (${sql.join(query.categoryIds)}) or c.parent_id in (${sql.join(query.categoryIds)})
    )`);
  }
  if (query.tags) {
    const { ids, slugs } = query.tags;
    const match = [
      ...(ids.length ? [sql`t.id in (${sql.join(ids)})`] : []),
      ...(slugs.length ? [sql`t.slug in (${sql.join(slugs)})`] : []),
    ];
    // Tokens that cannot name a tag (an id out of range) match no profile.
    where.push(
      match.length
        ? sql`p.id in (
            select pt.${fk} from ${sql.table(kind.tags)} pt
            join tags t on t.id = pt.tag_id
            where ${sql.join(match, sql` or `)}
          )`
        : sql`false`,
    );
  }
  if (query.featured !== undefined) where.push(sql`p.featured = ${query.featured}`);
  if (query.premium !== undefined) where.push(sql`p.premium = ${query.premium}`);
  if (query.talent !== undefined) where.push(sql`p.talent = ${query.talent}`);
  // Exactly the expression of guest_profiles_rating_idx (migration 018).
  if (query.rating !== undefined) where.push(sql`coalesce(p.avg_rating, 0) >= ${query.rating}`);
  const hasOption = (slugs: string[]) => sql`exists (
    select 1 from ${sql.table(kind.prices)} op
    join booking_options bo on bo.id = op.booking_option_id
    where ${sql.ref(`op.${kind.fk}`)} = p.id and bo.slug in (${sql.join(slugs)})
  )`;
  if (optionPricing(query) && query.options) {
    // k.option_price is set when the profile has a chosen option priced (inside a range when
    // filtered), which also answers filter[options] unless some chosen options are no price.
    const allPriced = query.options.every((slug) => !NOT_BOOKABLE_SLUGS.includes(slug));
    where.push(
      query.prices || allPriced ? sql`k.option_price is not null` : hasOption(query.options),
    );
  } else {
    if (query.prices) where.push(inRanges(lowestPriceOf(), query.prices));
    if (query.options) where.push(hasOption(query.options));
  }
  return where;
}

function ordering(query: ProfileListQuery): RawBuilder<unknown> {
  const priced = sortPricing(query) !== null;
  switch (query.sort) {
    case 'price':
      return sql`${priced ? sql`k.option_price` : lowestPriceOf()} asc nulls last, p.id asc`;
    case '-price':
      // The card shows the top of each profile's range for -price (decision 039): sort by it.
      // A kept option price is never null: without "nulls last" its index is read backwards.
      if (keptOptionSlugs(query) !== null) return sql`k.option_price desc, p.id asc`;
      return sql`${priced ? sql`k.option_price` : sql`p.highest_price`} desc nulls last, p.id asc`;
    case 'name':
      return sql`lower(p.name) asc, p.id asc`;
    case '-name':
      return sql`lower(p.name) desc, p.id asc`;
    case 'response':
      // Fastest to answer first (decision 114); the rest in the default order.
      return sql`${fastestResponseOrder()}, p.featured desc, p.id asc`;
    default:
      // Stable default: featured first, then oldest first.
      return sql`p.featured desc, p.id asc`;
  }
}

/**
 * How far a guest or show list goes (decision 127): its first 1,000 matches, as search sites
 * do. A filtered list counts at most one more than this, and no page starts past it, so a
 * first answer costs the same at a million profiles as at ten thousand.
 */
export const PROFILE_RESULT_WINDOW = 1_000;

/** The query of one page of ids, in order, inside the window (the index tests EXPLAIN it). */
export function profilePageQuery(
  kind: ProfileKind,
  query: ProfileListQuery,
  window = PROFILE_RESULT_WINDOW,
): RawBuilder<{ id: number }> {
  const where = sql.join(conditions(kind, query), sql` and `);
  const { perPage, offset } = query.page;
  const limit = Math.max(0, Math.min(perPage, window - offset));
  return sql<{ id: number }>`
    select p.id from ${source(kind, query)} where ${where}
    order by ${ordering(query)}
    limit ${limit} offset ${offset}
  `;
}

/**
 * The query of the number of profiles a list query matches, up to one past the window (the index
 * tests EXPLAIN it). With no filter, every public profile: their kept number (migration 057),
 * exact, not a count of them.
 */
export function profileCountQuery(
  kind: ProfileKind,
  query: ProfileListQuery,
  window = PROFILE_RESULT_WINDOW,
): RawBuilder<{ total: number }> {
  const where = conditions(kind, query);
  // conditions() always holds p.is_public first; a sort adds no condition
  if (where.length === 1) {
    return sql<{
      total: number;
    }>`select total from public_profile_totals where kind = ${kind.type}`;
  }
  const from = source(kind, query);
  return sql<{ total: number }>`select count(*)::int as total from (
    select 1 from ${from} where ${sql.join(where, sql` and `)} limit ${window + 1}
  ) matched`;
}

/** The ids on the requested page, in order (no count). */
export async function findProfileIds(
  db: DB,
  kind: ProfileKind,
  query: ProfileListQuery,
  window = PROFILE_RESULT_WINDOW,
): Promise<number[]> {
  if (query.page.offset >= window) return [];
  const page = await profilePageQuery(kind, query, window).execute(db);
  return page.rows.map((row) => row.id);
}

/** A list's page and what is known of its size (decision 127). */
export interface ProfilePage {
  ids: number[];
  /** the number matching; `capped`: at least this many (the window, counted no further) */
  total: number;
  capped: boolean;
  /** how many of them the list serves: the total, at most the window */
  window: number;
}

/** The ids on the requested page, in order, and the total matching. */
export async function findProfilePage(
  db: DB,
  kind: ProfileKind,
  query: ProfileListQuery,
  window = PROFILE_RESULT_WINDOW,
): Promise<ProfilePage> {
  const [count, ids] = await Promise.all([
    profileCountQuery(kind, query, window).execute(db),
    findProfileIds(db, kind, query, window),
  ]);
  const counted = count.rows[0]?.total ?? 0;
  // An unfiltered list's kept total is exact however large; a filtered count stops past the window.
  const exact = conditions(kind, query).length === 1;
  const capped = !exact && counted > window;
  return { ids, total: capped ? window : counted, capped, window: Math.min(counted, window) };
}

export interface ProfileRelations {
  tags: Tag[];
  categories: CategoryRef[];
  prices: OptionPrice[];
  lowestPrice: number | null;
  isFavourited: boolean;
  /** how it answers requests; null when too few to show (decision 114) */
  reputation: Reputation | null;
}

function groupBy<T extends { profile_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.profile_id);
    if (group) group.push(row);
    else groups.set(row.profile_id, [row]);
  }
  return groups;
}

/** Tags, categories, per-option lowest prices and the viewer's favourite flag, per profile id. */
export async function loadProfileRelations(
  db: DB,
  kind: ProfileKind,
  ids: number[],
  viewerId: number | null,
): Promise<Map<number, ProfileRelations>> {
  const result = new Map<number, ProfileRelations>();
  if (ids.length === 0) return result;
  const fk = sql.ref(kind.fk);
  const idList = sql.join(ids);

  const [tags, categories, prices, favourites, reputations] = await Promise.all([
    sql<Tag & { profile_id: number }>`
      select pt.${fk} as profile_id, t.id, t.name, t.slug
      from ${sql.table(kind.tags)} pt join tags t on t.id = pt.tag_id
      where pt.${fk} in (${idList}) order by t.name, t.id
    `.execute(db),
    sql<CategoryRef & { profile_id: number }>`
      select pc.${fk} as profile_id, c.id, c.name
      from ${sql.table(kind.categories)} pc join categories c on c.id = pc.category_id
      where pc.${fk} in (${idList}) order by c.position, c.name, c.id
    `.execute(db),
    sql<OptionPrice & { profile_id: number }>`
      select op.${fk} as profile_id, op.booking_option_id, bo.slug, min(op.price)::int as price
      from ${sql.table(kind.prices)} op join booking_options bo on bo.id = op.booking_option_id
      where op.${fk} in (${idList})
      group by op.${fk}, op.booking_option_id, bo.slug, bo.position
      order by bo.position, op.booking_option_id
    `.execute(db),
    viewerId === null
      ? Promise.resolve({ rows: [] as { profile_id: number }[] })
      : sql<{ profile_id: number }>`
          select profile_id from favorites
          where user_id = ${viewerId} and profile_type = ${kind.type} and profile_id in (${idList})
        `.execute(db),
    loadReputations(db, kind.type, ids),
  ]);

  const tagsBy = groupBy(tags.rows);
  const categoriesBy = groupBy(categories.rows);
  const pricesBy = groupBy(prices.rows);
  const favourite = new Set(favourites.rows.map((row) => row.profile_id));

  for (const id of ids) {
    const optionPrices = (pricesBy.get(id) ?? []).map(({ booking_option_id, price, slug }) => ({
      booking_option_id,
      price,
      slug,
    }));
    const bookable = optionPrices.filter((option) => !NOT_BOOKABLE_SLUGS.includes(option.slug));
    result.set(id, {
      tags: (tagsBy.get(id) ?? []).map(({ id: tagId, name, slug }) => ({ id: tagId, name, slug })),
      categories: (categoriesBy.get(id) ?? []).map(({ id: categoryId, name }) => ({
        id: categoryId,
        name,
      })),
      prices: optionPrices,
      lowestPrice: bookable.length ? Math.min(...bookable.map((option) => option.price)) : null,
      isFavourited: favourite.has(id),
      reputation: reputations.get(id) ?? null,
    });
  }
  return result;
}

const ID_OR_SLUG = `^(?:(?=\\d{1,10}$)${ID_DIGITS}|(?!\\d{1,10}$)[a-zA-Z0-9][a-zA-Z0-9-]{0,190})$`;

/**
 * A profile's id or slug in a URL path (`/guests/{guest}`): what idOrSlug() reads, anything
 * else is 404. Up to 10 digits are an id (1..2147483647); longer digit runs are a slug.
 */
export const IdOrSlugParam = () => Type.String({ pattern: ID_OR_SLUG });

/** `12` looks up by id, anything else by slug. */
export function idOrSlug(value: string): { id: number } | { slug: string } | null {
  if (/^\d{1,10}$/.test(value)) {
    const id = Number(value);
    return id >= 1 && id <= MAX_INT4 ? { id } : null;
  }
  return /^[a-z0-9][a-z0-9-]{0,190}$/i.test(value) ? { slug: value.toLowerCase() } : null;
}
