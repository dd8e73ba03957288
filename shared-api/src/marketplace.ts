import { api } from '@guestspot/shared-api';
import type {
  DataEnvelope,
  HomeFilter,
  HomeSections,
  MarketplaceProfile,
  Paginated,
  PopularTag,
  PriceStats,
  ProfileListType,
  Tag,
} from './types';

// Public listing and content of the marketplace (spec §7 "Public listing and content").

/** GET /home?type=: the first items of every home slider. */
export async function getHomeSections(type: ProfileListType): Promise<HomeSections> {
  const body = await api.get('home', { searchParams: { type } }).json<DataEnvelope<HomeSections>>();
  return body.data;
}

/** GET /home?type=&filter=&page=: one home slider, paged (15 a page). */
export function getHomeSection(
  type: ProfileListType,
  filter: HomeFilter,
  page = 1,
): Promise<Paginated<MarketplaceProfile>> {
  return api.get('home', { searchParams: { type, filter, page } }).json();
}

/** GET /{guests|shows}/price-stats, in dollars. */
export async function getPriceStats(type: ProfileListType): Promise<PriceStats> {
  const body = await api.get(`${type}/price-stats`).json<DataEnvelope<PriceStats>>();
  return body.data;
}

/** GET /tags, /tags/guests, /tags/shows. */
export async function listTags(scope?: ProfileListType): Promise<Tag[]> {
  const body = await api.get(scope ? `tags/${scope}` : 'tags').json<DataEnvelope<Tag[]>>();
  return body.data;
}

/** GET /tags/popular: the most used tags with their counts. */
export async function listPopularTags(): Promise<PopularTag[]> {
  const body = await api.get('tags/popular').json<DataEnvelope<PopularTag[]>>();
  return body.data;
}
