import type { GuestLinks, ShowLinks, SocialMediaLinks } from '../../contract';
import type { DB } from '../../db/database';
import { SOCIAL_NETWORKS } from '../../link-rules';

// A guest's and a show's links (social networks plus lists of URLs): the rows.

export function emptySocial(): SocialMediaLinks {
  return Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, null])) as SocialMediaLinks;
}

function withNulls(stored: Partial<SocialMediaLinks> | undefined): SocialMediaLinks {
  return { ...emptySocial(), ...(stored ?? {}) };
}

export async function loadGuestLinks(db: DB, id: number): Promise<GuestLinks> {
  const row = await db
    .selectFrom('guest_profile_links')
    .selectAll()
    .where('guest_profile_id', '=', id)
    .executeTakeFirst();
  return {
    social_media: withNulls(row?.social_media),
    podcasts: row?.podcasts ?? [],
    videos: row?.videos ?? [],
    articles: row?.articles ?? [],
  };
}

export async function loadShowLinks(db: DB, id: number): Promise<ShowLinks> {
  const row = await db
    .selectFrom('show_profile_links')
    .selectAll()
    .where('show_profile_id', '=', id)
    .executeTakeFirst();
  return {
    social_media: withNulls(row?.social_media),
    episodes: row?.episodes ?? [],
    media_features: row?.media_features ?? [],
  };
}

export async function saveGuestLinks(db: DB, id: number, links: GuestLinks): Promise<void> {
  const values = {
    social_media: JSON.stringify(links.social_media),
    podcasts: JSON.stringify(links.podcasts),
    videos: JSON.stringify(links.videos),
    articles: JSON.stringify(links.articles),
  };
  await db
    .insertInto('guest_profile_links')
    .values({ guest_profile_id: id, ...values })
    .onConflict((conflict) =>
      conflict.column('guest_profile_id').doUpdateSet({ ...values, updated_at: new Date() }),
    )
    .execute();
}

export async function saveShowLinks(db: DB, id: number, links: ShowLinks): Promise<void> {
  const values = {
    social_media: JSON.stringify(links.social_media),
    episodes: JSON.stringify(links.episodes),
    media_features: JSON.stringify(links.media_features),
  };
  await db
    .insertInto('show_profile_links')
    .values({ show_profile_id: id, ...values })
    .onConflict((conflict) =>
      conflict.column('show_profile_id').doUpdateSet({ ...values, updated_at: new Date() }),
    )
    .execute();
}
