import { sql, type RawBuilder } from 'kysely';
import type { ConnectCandidate, ProfileReachItem } from '../../../contract';
import type { DB } from '../../../db/database';
import type { PageRequest } from '../../../http/pagination';
import { loadGuestProfiles } from '../../guests/queries';
import type { ProfileKind } from '../queries';
import { loadShowProfiles } from '../../shows/queries';

// Connect recommendations (decision 051): public profiles of the other side of the marketplace
// that share the user's interests, best match first.

export interface Interests {
  categoryIds: number[];
  tags: { ids: number[]; slugs: string[] };
}

export interface CandidateQuery {
  page: PageRequest;
  interests: Interests;
  /** profile ids the client already holds (skipped with Next, still in its queue) */
  exclude: number[];
}

export function hasInterests({ categoryIds, tags }: Interests): boolean {
  return categoryIds.length > 0 || tags.ids.length > 0 || tags.slugs.length > 0;
}

/**
 * The categories and tags of the user's own profiles on the other side: their guest profile when
 * they explore shows, their shows when they explore guests.
 */
export async function ownInterests(db: DB, own: ProfileKind, userId: number): Promise<Interests> {
  const fk = sql.ref(own.fk);
  const owned = sql`select id from ${sql.table(own.table)} where user_id = ${userId}`;
  const [categories, tags] = await Promise.all([
    sql<{ id: number }>`
      select distinct category_id as id from ${sql.table(own.categories)}
      where ${fk} in (${owned})
    `.execute(db),
    sql<{ id: number }>`
      select distinct tag_id as id from ${sql.table(own.tags)} where ${fk} in (${owned})
    `.execute(db),
  ]);
  return {
    categoryIds: categories.rows.map((row) => row.id),
    tags: { ids: tags.rows.map((row) => row.id), slugs: [] },
  };
}

/** Shared categories count twice as much as shared tags; a parent matches its subcategories. */
function relevance(kind: ProfileKind, { categoryIds, tags }: Interests): RawBuilder<number> {
  const fk = sql.ref(`x.${kind.fk}`);
  const categoryScore = categoryIds.length
    ? sql`(
        select count(*) from ${sql.table(kind.categories)} x
        join categories c on c.id = x.category_id
        where ${fk} = p.id and (
          c.id in (${sql.join(categoryIds)})
          or c.parent_id in (${sql.join(categoryIds)})
          or c.id in (select parent_id from categories where id in (${sql.join(categoryIds)}))
        )
      )`
    : sql`0`;
  const tagMatch = [
    ...(tags.ids.length ? [sql`t.id in (${sql.join(tags.ids)})`] : []),
    ...(tags.slugs.length ? [sql`t.slug in (${sql.join(tags.slugs)})`] : []),
  ];
  const tagScore = tagMatch.length
    ? sql`(
        select count(*) from ${sql.table(kind.tags)} x join tags t on t.id = x.tag_id
        where ${fk} = p.id and (${sql.join(tagMatch, sql` or `)})
      )`
    : sql`0`;
  return sql<number>`(2 * ${categoryScore} + ${tagScore})`;
}

export async function findCandidatePage(
  db: DB,
  kind: ProfileKind,
  userId: number,
  query: CandidateQuery,
): Promise<{ ids: number[]; total: number }> {
  const rejections =
    kind.type === 'guest'
      ? sql`select guest_profile_id from connect_guest_rejections where user_id = ${userId}`
      : sql`select show_profile_id from connect_show_rejections where user_id = ${userId}`;
  const score = relevance(kind, query.interests);
  const where: RawBuilder<unknown>[] = [
    sql`p.is_public`,
    sql`p.user_id <> ${userId}`,
    sql`p.id not in (${rejections})`,
    sql`not exists (
      select 1 from smartlist_items s
      where s.user_id = ${userId} and s.type = ${kind.type} and s.profile_id = p.id
    )`,
  ];
  if (query.exclude.length) where.push(sql`p.id not in (${sql.join(query.exclude)})`);
  // With no interests at all (an empty profile) every public profile is a candidate.
  if (hasInterests(query.interests)) where.push(sql`${score} > 0`);
  const table = sql.table(kind.table);
  const condition = sql.join(where, sql` and `);
  const [count, page] = await Promise.all([
    sql<{
      total: number;
    }>`select count(*)::int as total from ${table} p where ${condition}`.execute(db),
    sql<{ id: number }>`
      select p.id from ${table} p where ${condition}
      order by ${score} desc, p.featured desc, p.id asc
      limit ${query.page.perPage} offset ${query.page.offset}
    `.execute(db),
  ]);
  return { ids: page.rows.map((row) => row.id), total: count.rows[0]?.total ?? 0 };
}

function count(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

function socialCount(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return Object.values(value).filter((link) => typeof link === 'string' && link !== '').length;
}

/**
 * Profile reach (decision 051): what the profile's own links and stats say about its audience.
 * Guests: podcast appearances, videos, articles and linked social networks. Shows: their platform
 * stats, episodes and linked social networks.
 */
async function loadReach(
  db: DB,
  kind: ProfileKind,
  ids: number[],
): Promise<Map<number, ProfileReachItem[]>> {
  const reach = new Map<number, ProfileReachItem[]>();
  if (ids.length === 0) return reach;
  const figure = (label: string, value: number): ProfileReachItem[] =>
    value > 0 ? [{ label, value: String(value) }] : [];
  if (kind.type === 'guest') {
    const rows = await db
      .selectFrom('guest_profile_links')
      .selectAll()
      .where('guest_profile_id', 'in', ids)
      .execute();
    for (const row of rows) {
      reach.set(row.guest_profile_id, [
        ...figure('Podcast appearances', count(row.podcasts)),
        ...figure('Videos', count(row.videos)),
        ...figure('Articles', count(row.articles)),
        ...figure('Social networks', socialCount(row.social_media)),
      ]);
    }
  } else {
    const rows = await db
      .selectFrom('show_profiles')
      .leftJoin('show_profile_links', 'show_profile_links.show_profile_id', 'show_profiles.id')
      .select([
        'show_profiles.id',
        'show_profiles.platform_stats',
        'show_profile_links.episodes',
        'show_profile_links.social_media',
      ])
      .where('show_profiles.id', 'in', ids)
      .execute();
    for (const row of rows) {
      const stats = Array.isArray(row.platform_stats) ? row.platform_stats : [];
      reach.set(row.id, [
        ...stats
          .filter((stat) => stat.label && stat.value)
          .map((stat) => ({ label: stat.label, value: stat.value })),
        ...figure('Episodes', count(row.episodes)),
        ...figure('Social networks', socialCount(row.social_media)),
      ]);
    }
  }
  return reach;
}

export async function loadCandidates(
  db: DB,
  kind: ProfileKind,
  ids: number[],
  viewerId: number,
): Promise<ConnectCandidate[]> {
  const [profiles, reach] = await Promise.all([
    kind.type === 'guest'
      ? loadGuestProfiles(db, ids, viewerId)
      : loadShowProfiles(db, ids, viewerId),
    loadReach(db, kind, ids),
  ]);
  return profiles.map((profile) => ({ ...profile, reach: reach.get(profile.id) ?? [] }));
}
