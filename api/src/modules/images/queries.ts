import { sql } from 'kysely';
import type { DB } from '../../db/database';
import { colorFromId } from './svg';
import type { ImageKind } from './urls';

/** The name and colour a generated picture is drawn from, or undefined for no such row. */
export async function findSubject(db: DB, kind: ImageKind, id: number) {
  switch (kind) {
    case 'guests':
      return db
        .selectFrom('guest_profiles')
        .select(['name', 'color'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'shows':
    case 'show-covers':
      return db
        .selectFrom('show_profiles')
        .select(['name', 'color'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'categories':
      return db
        .selectFrom('categories')
        .select(['name', 'color'])
        .where('id', '=', id)
        .executeTakeFirst();
    case 'users': {
      const user = await db
        .selectFrom('users')
        .select(sql<string>`first_name || ' ' || last_name`.as('name'))
        .where('id', '=', id)
        .executeTakeFirst();
      return user && { name: user.name, color: colorFromId(id) };
    }
  }
}
