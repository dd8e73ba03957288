import type { GuestProfile } from '../../contract';
import type { DB } from '../../db/database';
import { generatedImageUrl } from '../images/urls';
import { mediaUrl } from '../uploads/service';
import { GUEST_KIND, loadProfileRelations } from '../profiles/queries';

/** GuestProfile payloads for these ids, in the same order. */
export async function loadGuestProfiles(
  db: DB,
  ids: number[],
  viewerId: number | null,
): Promise<GuestProfile[]> {
  if (ids.length === 0) return [];
  const [rows, relations] = await Promise.all([
    db.selectFrom('guest_profiles').selectAll().where('id', 'in', ids).execute(),
    loadProfileRelations(db, GUEST_KIND, ids, viewerId),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));

  return ids.flatMap((id) => {
    const row = byId.get(id);
    const related = relations.get(id);
    if (!row || !related) return [];
    const image = row.image_uuid ? mediaUrl(row.image_uuid) : generatedImageUrl('guests', row.id);
    const profile: GuestProfile = {
      id: row.id,
      user_id: row.user_id,
      slug: row.slug,
      name: row.name,
      title: row.title,
      bio: row.bio,
      imageUrl: image,
      imageUuid: row.image_uuid,
      videoUrl: row.video_uuid ? mediaUrl(row.video_uuid) : null,
      videoUuid: row.video_uuid,
      thumbUrl: image,
      smallThumbUrl: image,
      avg_rating: row.avg_rating === null ? null : Number(row.avg_rating),
      type: 'guest',
      is_favourited: related.isFavourited,
      remove_branding: row.remove_branding,
      pronunciation: row.pronunciation,
      tags: related.tags,
      categories: related.categories,
      option_prices: related.prices,
      lowest_price: related.lowestPrice,
      pitch_settings: { is_enabled: row.pitch_enabled, price: row.pitch_price },
      color: row.color,
      featured: row.featured,
      premium: row.premium,
      talent: row.talent,
      reputation: related.reputation,
    };
    return [profile];
  });
}

/** The id of a guest profile the viewer may see: public ones, and their own. */
export async function findVisibleGuestId(
  db: DB,
  key: { id: number } | { slug: string },
  viewerId: number | null,
): Promise<number | null> {
  let query = db.selectFrom('guest_profiles').select(['id', 'is_public', 'user_id']);
  query = 'id' in key ? query.where('id', '=', key.id) : query.where('slug', '=', key.slug);
  const row = await query.executeTakeFirst();
  if (!row || (!row.is_public && row.user_id !== viewerId)) return null;
  return row.id;
}
