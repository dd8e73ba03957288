import type { HomeFilter, HomeSections, MarketplaceProfile, ProfileListType } from '../../contract';
import type { DB } from '../../db/database';
import type { PageRequest, ResultWindow } from '../../http/pagination';
import type { ProfileListQuery } from '../profiles/list-query';
import { kindOf, loadMarketplaceProfiles } from '../profiles/load';
import { findProfileIds, findProfilePage } from '../profiles/queries';

export const HOME_FILTERS: readonly HomeFilter[] = ['featured', 'talent', 'premium', 'free'];

/** Cards per slider on the home page (the page shows as many skeletons while loading). */
export const HOME_SECTION_SIZE = 14;

/**
 * The list behind one home slider, as a /guests or /shows query; null when the slider cannot
 * hold anything (curated talent is a guest flag: shows have none).
 */
export function homeFilterQuery(
  type: ProfileListType,
  filter: HomeFilter,
  page: PageRequest,
): ProfileListQuery | null {
  switch (filter) {
    case 'featured':
      return { page, featured: true };
    case 'talent':
      return type === 'guests' ? { page, talent: true } : null;
    case 'premium':
      return { page, premium: true };
    case 'free':
      // FREE cards: the lowest bookable price is 0.
      return { page, prices: [{ min: 0, max: 0 }] };
  }
}

/** One slider, paged like /guests. */
export async function findHomeSection(
  db: DB,
  type: ProfileListType,
  filter: HomeFilter,
  page: PageRequest,
  viewerId: number | null,
): Promise<{ data: MarketplaceProfile[]; total: number; window: ResultWindow }> {
  const query = homeFilterQuery(type, filter, page);
  if (!query) return { data: [], total: 0, window: { served: 0, capped: false } };
  const found = await findProfilePage(db, kindOf(type), query);
  return {
    data: await loadMarketplaceProfiles(db, type, found.ids, viewerId),
    total: found.total,
    window: { served: found.window, capped: found.capped },
  };
}

/** The first cards of every slider, with each profile loaded once. */
export async function findHomeSections(
  db: DB,
  type: ProfileListType,
  viewerId: number | null,
): Promise<HomeSections> {
  const page: PageRequest = { page: 1, perPage: HOME_SECTION_SIZE, offset: 0 };
  const kind = kindOf(type);
  const idsPerFilter: Record<HomeFilter, number[]> = {
    featured: [],
    talent: [],
    premium: [],
    free: [],
  };
  for (const filter of HOME_FILTERS) {
    const query = homeFilterQuery(type, filter, page);
    if (query) idsPerFilter[filter] = await findProfileIds(db, kind, query);
  }
  const unique = [...new Set(Object.values(idsPerFilter).flat())];
  const profiles = await loadMarketplaceProfiles(db, type, unique, viewerId);
  const byId = new Map(profiles.map((profile) => [profile.id, profile]));
  const pick = (ids: number[]) => ids.flatMap((id) => byId.get(id) ?? []);
  return {
    featured: pick(idsPerFilter.featured),
    talent: pick(idsPerFilter.talent),
    premium: pick(idsPerFilter.premium),
    free: pick(idsPerFilter.free),
  };
}
