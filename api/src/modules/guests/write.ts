import type { GuestExperience } from '../../contract';
import type { DB } from '../../db/database';
import { GUEST_KIND } from '../profiles/queries';
import { assertOwnUpload } from '../uploads/service';
import {
  publicIfActive,
  saveCategoriesAndTags,
  uniqueProfileSlug,
  type Relations,
} from '../profiles/write';

// Creating and editing a guest profile (POST /guests, PUT /guests/{id}): the rows.

export interface GuestInput extends Relations {
  name?: string;
  /** null clears the field; undefined leaves it as it is */
  title?: string | null;
  bio?: string | null;
  pronunciation?: string | null;
  color?: string;
  /** an image the caller uploaded (POST /uploads); null removes the picture */
  image_uuid?: string | null;
  /** a video the caller uploaded (POST /uploads, entity guest); null removes it */
  video_uuid?: string | null;
  /** each replaces the whole list; undefined leaves it */
  experience?: GuestExperience[];
  topics?: string[];
  questions?: string[];
}

export const MAX_EXPERIENCE = 10;
export const MAX_TOPICS = 20;
export const MAX_GUEST_QUESTIONS = 10;

/** A list as stored: each entry trimmed, blanks and repeats dropped, the order kept. */
export function listChange(values: readonly string[] | undefined): string[] | undefined {
  if (values === undefined) return undefined;
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
}

/** Roles as stored: trimmed, blank parts null, roles without a title dropped. */
export function experienceChange(
  roles:
    | readonly { title: string; organization?: string | null; years?: string | null }[]
    | undefined,
): GuestExperience[] | undefined {
  if (roles === undefined) return undefined;
  return roles
    .map((role) => ({
      title: role.title.trim(),
      organization: role.organization?.trim() || null,
      years: role.years?.trim() || null,
    }))
    .filter((role) => role.title !== '');
}

/** The list columns' values for an insert or update: JSON text, only those given. */
function listColumns(input: GuestInput) {
  return {
    ...(input.experience !== undefined ? { experience: JSON.stringify(input.experience) } : {}),
    ...(input.topics !== undefined ? { topics: JSON.stringify(input.topics) } : {}),
    ...(input.questions !== undefined ? { questions: JSON.stringify(input.questions) } : {}),
  };
}

/** Whether the user already has their (one) guest profile. */
export async function hasGuestProfile(db: DB, userId: number): Promise<boolean> {
  const existing = await db
    .selectFrom('guest_profiles')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return existing !== undefined;
}

/** The new profile's id. */
export async function createGuestProfile(
  db: DB,
  userId: number,
  input: GuestInput & { name: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('guest_profiles')
      .values({
        user_id: userId,
        is_public: publicIfActive(userId),
        slug: await uniqueProfileSlug(trx, GUEST_KIND, input.name),
        name: input.name,
        title: input.title ?? null,
        bio: input.bio ?? null,
        pronunciation: input.pronunciation ?? null,
        image_uuid: input.image_uuid ?? null,
        video_uuid: input.video_uuid ?? null,
        ...(input.color ? { color: input.color } : {}),
        ...listColumns(input),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveCategoriesAndTags(trx, GUEST_KIND, row.id, input);
    return row.id;
  });
}

/** Changes what the input gives (a new name, a new slug); the rest stays. */
export async function updateGuestProfile(db: DB, id: number, input: GuestInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const changes = {
      ...(input.name !== undefined
        ? { name: input.name, slug: await uniqueProfileSlug(trx, GUEST_KIND, input.name, id) }
        : {}),
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.bio !== undefined ? { bio: input.bio } : {}),
      ...(input.pronunciation !== undefined ? { pronunciation: input.pronunciation } : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
      ...(input.image_uuid !== undefined ? { image_uuid: input.image_uuid } : {}),
      ...(input.video_uuid !== undefined ? { video_uuid: input.video_uuid } : {}),
      ...listColumns(input),
    };
    await trx
      .updateTable('guest_profiles')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await saveCategoriesAndTags(trx, GUEST_KIND, id, input);
  });
}

/**
 * `image_uuid` as sent: null or '' removes the picture, an upload of the caller's sets it
 * (422 'The selected image is invalid.' for anything else); undefined leaves it.
 */
export async function imageChange(
  db: DB,
  userId: number,
  value: unknown,
  field = 'image_uuid',
): Promise<string | null | undefined> {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return assertOwnUpload(db, userId, value, field);
}

/**
 * `video_uuid` as sent, as `image_uuid` is read (imageChange): null or '' removes the video, a
 * video upload of the caller's sets it (422 'The selected video is invalid.' for anything else,
 * an image included); undefined leaves it.
 */
export async function videoChange(
  db: DB,
  userId: number,
  value: unknown,
): Promise<string | null | undefined> {
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  return assertOwnUpload(db, userId, value, 'video_uuid', 'video');
}
