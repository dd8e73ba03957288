import { sql } from 'kysely';
import type { Category } from '../../contract';
import type { DB } from '../../db/database';
import { generatedImageUrl } from '../images/urls';

/** Categories in display order, each with its public guest and show counts (subcategories included). */
export async function listCategories(
  db: DB,
  { topLevelOnly }: { topLevelOnly: boolean },
): Promise<Category[]> {
  let query = db
    .selectFrom('categories as c')
    .leftJoin('categories as parent', 'parent.id', 'c.parent_id')
    .select([
      'c.id',
      'c.name',
      sql<number>`(
        select count(distinct pc.guest_profile_id)::int
        from guest_profile_categories pc
        join guest_profiles p on p.id = pc.guest_profile_id and p.is_public
        join categories cc on cc.id = pc.category_id
        where cc.id = c.id or cc.parent_id = c.id
      )`.as('guests'),
      sql<number>`(
        select count(distinct pc.show_profile_id)::int
        from show_profile_categories pc
        join show_profiles p on p.id = pc.show_profile_id and p.is_public
        join categories cc on cc.id = pc.category_id
        where cc.id = c.id or cc.parent_id = c.id
      )`.as('shows'),
    ])
    // Each top-level category, followed by its subcategories.
    .orderBy(sql`coalesce(parent.position, c.position)`)
    .orderBy(sql`coalesce(parent.id, c.id)`)
    .orderBy(sql`c.parent_id is not null`)
    .orderBy('c.position')
    .orderBy('c.id');
  if (topLevelOnly) query = query.where('c.parent_id', 'is', null);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    image_url: generatedImageUrl('categories', row.id),
    counts: { guests: row.guests, shows: row.shows },
  }));
}
