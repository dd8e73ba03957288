import { sql } from 'kysely';
import type { ShowProfile } from '../../contract';
import type { DB } from '../../db/database';
import { generatedImageUrl } from '../images/urls';
import { mediaUrl } from '../uploads/service';
import { loadProfileRelations, SHOW_KIND } from '../profiles/queries';

/** ShowProfile payloads for these ids, in the same order. */
export async function loadShowProfiles(
  db: DB,
  ids: number[],
  viewerId: number | null,
): Promise<ShowProfile[]> {
  if (ids.length === 0) return [];
  const [rows, relations, types] = await Promise.all([
    db.selectFrom('show_profiles').selectAll().where('id', 'in', ids).execute(),
    loadProfileRelations(db, SHOW_KIND, ids, viewerId),
    db
      .selectFrom('show_profile_types')
      .innerJoin('show_types', 'show_types.id', 'show_profile_types.show_type_id')
      .select([
        'show_profile_types.show_profile_id',
        'show_profile_types.url',
        'show_types.id',
        'show_types.name',
      ])
      .where('show_profile_types.show_profile_id', 'in', ids)
      .orderBy(sql`lower(show_types.name)`)
      .execute(),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));

  return ids.flatMap((id) => {
    const row = byId.get(id);
    const related = relations.get(id);
    if (!row || !related) return [];
    const ownTypes = types.filter((type) => type.show_profile_id === row.id);
    const profile: ShowProfile = {
      id: row.id,
      user_id: row.user_id,
      slug: row.slug,
      name: row.name,
      description: row.description,
      imageUrl: row.image_uuid ? mediaUrl(row.image_uuid) : generatedImageUrl('shows', row.id),
      coverImageUrl: row.cover_image_uuid
        ? mediaUrl(row.cover_image_uuid)
        : generatedImageUrl('show-covers', row.id),
      imageUuid: row.image_uuid,
      coverImageUuid: row.cover_image_uuid,
      categories: related.categories,
      tags: related.tags,
      types: ownTypes.map((type) => ({ id: type.id, name: type.name })),
      type_urls: ownTypes.flatMap((type) =>
        type.url === null ? [] : [{ type_id: type.id, url: type.url }],
      ),
      platform_type: row.platform_type,
      platform_stats: row.platform_stats.slice(0, 3),
      remove_branding: row.remove_branding,
      prices: related.prices,
      lowest_price: related.lowestPrice,
      pitch_settings: { is_enabled: row.pitch_enabled, price: row.pitch_price },
      is_favourited: related.isFavourited,
      color: row.color,
      featured: row.featured,
      premium: row.premium,
      reputation: related.reputation,
    };
    return [profile];
  });
}

/** The id of a show the viewer may see: public ones, and their own. */
export async function findVisibleShowId(
  db: DB,
  key: { id: number } | { slug: string },
  viewerId: number | null,
): Promise<number | null> {
  let query = db.selectFrom('show_profiles').select(['id', 'is_public', 'user_id']);
  query = 'id' in key ? query.where('id', '=', key.id) : query.where('slug', '=', key.slug);
  const row = await query.executeTakeFirst();
  if (!row || (!row.is_public && row.user_id !== viewerId)) return null;
  return row.id;
}
