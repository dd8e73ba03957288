import { sql } from 'kysely';
import type { DB } from '../../../db/database';
import type { ProfileKind } from '../queries';

// DELETE /{guests|shows}/{id}/media/{uuid}: a profile's own media (a guest's image or video, a
// show's image or cover) stops being shown, and its upload goes unless something else still shows it.

/** The columns of each profile table that name an upload (migrations 002, 034). */
const MEDIA_COLUMNS = {
  guest_profiles: ['image_uuid', 'video_uuid'],
  show_profiles: ['image_uuid', 'cover_image_uuid'],
} as const;

/**
 * Clears every column of the profile that shows `uuid` and deletes that upload when no account
 * or profile shows it any more (whoever uploaded it: the owner or a team member). False when the
 * profile shows no such upload (the route's 404); nothing changes then.
 */
export async function removeProfileMedia(
  db: DB,
  kind: ProfileKind,
  profileId: number,
  uuid: string,
): Promise<boolean> {
  const wanted = uuid.toLowerCase();
  return db.transaction().execute(async (trx) => {
    let cleared = false;
    for (const column of MEDIA_COLUMNS[kind.table]) {
      const result = await sql`
        update ${sql.table(kind.table)}
        set ${sql.ref(column)} = null, updated_at = now()
        where id = ${profileId} and ${sql.ref(column)} = ${wanted}::uuid
      `.execute(trx);
      if ((result.numAffectedRows ?? 0n) > 0n) cleared = true;
    }
    if (!cleared) return false;
    await trx
      .deleteFrom('uploads')
      .where('uuid', '=', wanted)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('users')
              .select('id')
              .where('image_uuid', '=', wanted)
              .union(selectFrom('guest_profiles').select('id').where('image_uuid', '=', wanted))
              .union(selectFrom('guest_profiles').select('id').where('video_uuid', '=', wanted))
              .union(selectFrom('show_profiles').select('id').where('image_uuid', '=', wanted))
              .union(
                selectFrom('show_profiles').select('id').where('cover_image_uuid', '=', wanted),
              ),
          ),
        ),
      )
      .execute();
    return true;
  });
}
