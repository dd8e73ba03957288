import type { DB } from '../../db/database';

export async function findPage(db: DB, slug: string) {
  return db
    .selectFrom('pages')
    .select(['slug', 'title', 'body', 'updated_at'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}
