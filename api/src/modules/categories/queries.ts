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
    // Counts kept by the database on every write (migration 022, decision 078).
    .select(['c.id', 'c.name', 'c.guest_count as guests', 'c.show_count as shows'])
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
