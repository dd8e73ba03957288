import type { ShowType } from '../../contract';
import type { DB } from '../../db/database';
import { SHOW_KIND } from '../profiles/queries';
import {
  publicIfActive,
  saveCategoriesAndTags,
  uniqueProfileSlug,
  type Relations,
} from '../profiles/write';

// Creating and editing shows (POST /shows, PUT /shows/{id}): the rows.

export interface ShowInput extends Relations {
  name?: string;
  /** null clears the field; undefined leaves it as it is */
  description?: string | null;
  platform_type?: string | null;
  types?: number[];
  /** type id -> the show's page on it; replaces every link when given */
  typeUrls?: Map<number, string>;
  /** uploads of the caller's (POST /uploads); null removes the picture */
  image_uuid?: string | null;
  cover_image_uuid?: string | null;
}

/** Every show type (GET /show-types). */
export function listShowTypes(db: DB): Promise<ShowType[]> {
  return db.selectFrom('show_types').select(['id', 'name']).orderBy('id').execute();
}

/** The types a show has now. */
export async function currentTypeIds(db: DB, showId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('show_profile_types')
    .select('show_type_id')
    .where('show_profile_id', '=', showId)
    .execute();
  return rows.map((row) => row.show_type_id);
}

/** The show's types (when sent) keep the links of the types that stay; type_urls replaces them. */
async function saveTypes(db: DB, id: number, input: ShowInput): Promise<void> {
  if (input.types) {
    let removed = db.deleteFrom('show_profile_types').where('show_profile_id', '=', id);
    if (input.types.length) removed = removed.where('show_type_id', 'not in', input.types);
    await removed.execute();
    if (input.types.length) {
      await db
        .insertInto('show_profile_types')
        .values(input.types.map((typeId) => ({ show_profile_id: id, show_type_id: typeId })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
  }
  if (input.typeUrls) {
    await db
      .updateTable('show_profile_types')
      .set({ url: null })
      .where('show_profile_id', '=', id)
      .execute();
    for (const [typeId, url] of input.typeUrls) {
      await db
        .updateTable('show_profile_types')
        .set({ url })
        .where('show_profile_id', '=', id)
        .where('show_type_id', '=', typeId)
        .execute();
    }
  }
}

async function saveRelations(db: DB, id: number, input: ShowInput): Promise<void> {
  await saveTypes(db, id, input);
  await saveCategoriesAndTags(db, SHOW_KIND, id, input);
}

/** The new show's id. */
export async function createShowProfile(
  db: DB,
  userId: number,
  input: ShowInput & { name: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('show_profiles')
      .values({
        user_id: userId,
        is_public: publicIfActive(userId),
        slug: await uniqueProfileSlug(trx, SHOW_KIND, input.name),
        name: input.name,
        description: input.description ?? null,
        platform_type: input.platform_type ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveRelations(trx, row.id, input);
    return row.id;
  });
}

/** Changes what the input gives (a new name, a new slug); the rest stays. */
export async function updateShowProfile(db: DB, id: number, input: ShowInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const changes = {
      ...(input.name !== undefined
        ? { name: input.name, slug: await uniqueProfileSlug(trx, SHOW_KIND, input.name, id) }
        : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.platform_type !== undefined ? { platform_type: input.platform_type } : {}),
      ...(input.image_uuid !== undefined ? { image_uuid: input.image_uuid } : {}),
      ...(input.cover_image_uuid !== undefined ? { cover_image_uuid: input.cover_image_uuid } : {}),
    };
    await trx
      .updateTable('show_profiles')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await saveRelations(trx, id, input);
  });
}
