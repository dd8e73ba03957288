import { sql } from 'kysely';
import type { PopularTag, ProfileListType, Tag } from '../../contract';
import type { DB } from '../../db/database';
import { kindOf } from '../profiles/load';

/** Every tag, by name. */
export function listAllTags(db: DB): Promise<Tag[]> {
  return db
    .selectFrom('tags')
    .select(['id', 'name', 'slug'])
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** Tags that at least one public profile of this type carries, by name. */
export async function listUsedTags(db: DB, type: ProfileListType): Promise<Tag[]> {
  const kind = kindOf(type);
  const { rows } = await sql<Tag>`
    select t.id, t.name, t.slug from tags t
    where exists (
      select 1 from ${sql.table(kind.tags)} pt
      join ${sql.table(kind.table)} p on p.id = pt.${sql.ref(kind.fk)} and p.is_public
      where pt.tag_id = t.id
    )
    order by lower(t.name), t.id
  `.execute(db);
  return rows;
}

/** The most used tags over public profiles (of one type, or both), with their counts. */
export async function listPopularTags(
  db: DB,
  { type, limit }: { type?: ProfileListType; limit: number },
): Promise<PopularTag[]> {
  const types: ProfileListType[] = type ? [type] : ['guests', 'shows'];
  const uses = types.map((each) => {
    const kind = kindOf(each);
    return sql`
      select pt.tag_id from ${sql.table(kind.tags)} pt
      join ${sql.table(kind.table)} p on p.id = pt.${sql.ref(kind.fk)} and p.is_public
    `;
  });
  const { rows } = await sql<PopularTag>`
    select t.id, t.name, t.slug, count(*)::int as count
    from (${sql.join(uses, sql` union all `)}) used
    join tags t on t.id = used.tag_id
    group by t.id, t.name, t.slug
    order by count(*) desc, lower(t.name), t.id
    limit ${limit}
  `.execute(db);
  return rows;
}
