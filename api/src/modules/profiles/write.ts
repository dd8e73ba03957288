import type { FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { Type } from 'typebox';
import type { DB } from '../../db/database';
import { forbidden, notFound, ValidationError, type FieldErrors } from '../../http/errors';
import { AnyValue, idOf, MAX_INT4 } from '../../http/schema';
import { requireUser, type AuthUser } from '../auth/require-user';
import type { ProfileKind } from './queries';
import { availableSlug, slugify } from './slug';
import { oncePerRequest } from '../../http/per-request';

// What creating and editing guest and show profiles share: who may edit (checked before the
// input is read), the category and tag lists, and unique slugs.

/**
 * How `user` stands to the profiles of `ownerId`: their owner, an agency member of the owner's
 * team, a Basic member (stored as 'admin', account… §6), or nothing (null).
 */
export type ProfileManagerRole = 'owner' | 'agency' | 'basic';

export async function managerRoleOf(
  db: DB,
  user: AuthUser,
  ownerId: number,
): Promise<ProfileManagerRole | null> {
  if (user.id === ownerId) return 'owner';
  // An unverified account may finish registering its own profiles, nobody else's (decision 066).
  if (user.status === 'pending') return null;
  const membership = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select('team_members.role')
    .where('teams.owner_id', '=', ownerId)
    .where('team_members.user_id', '=', user.id)
    .where('team_members.role', 'in', ['admin', 'agency'])
    .executeTakeFirst();
  if (!membership) return null;
  return membership.role === 'agency' ? 'agency' : 'basic';
}

/** A profile's owner, or a member of the owner's team (Basic or Agency), may edit it. */
export async function canManageProfilesOf(db: DB, user: AuthUser, ownerId: number) {
  return (await managerRoleOf(db, user, ownerId)) !== null;
}

export interface ManagedProfile {
  id: number;
  ownerId: number;
}

/** The profile's owner id when `user` may edit it; 404 when it does not exist, 403 otherwise. */
export async function requireManageableProfile(
  db: DB,
  kind: ProfileKind,
  id: number | null,
  user: AuthUser,
): Promise<ManagedProfile> {
  if (id === null) throw notFound();
  const row = await db
    .selectFrom(kind.table)
    .select(['id', 'user_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!(await canManageProfilesOf(db, user, row.user_id))) throw forbidden();
  return { id: row.id, ownerId: row.user_id };
}

/**
 * The profile whose id is the path parameter `param`, when the caller may edit it: 401 for a
 * visitor, 404 when there is no such profile (or the segment is no id), 403 for anyone else.
 * Routes that edit a profile check it in `preValidation: manages(kind, param)`, before their
 * input is read (a stranger gets 403, not the form's 422, as the hand-written readers had it);
 * the handler then gets the same answer here without a second lookup.
 */
export const managedProfile = oncePerRequest(
  async (request: FastifyRequest, kind: ProfileKind, param: string): Promise<ManagedProfile> => {
    const user = await requireUser(request);
    // Before the route's params schema runs: the router's path segments, as text.
    const segments = request.params as Record<string, string | undefined>;
    return requireManageableProfile(request.server.db, kind, idOf(segments[param] ?? ''), user);
  },
);

/** `preValidation` of a route that edits the profile in its path: see managedProfile(). */
export function manages(kind: ProfileKind, param: string) {
  return async (request: FastifyRequest): Promise<void> => {
    await managedProfile(request, kind, param);
  };
}

/** A profile's long text (a guest's bio, a show's description): at most this many characters. */
export const MAX_PROFILE_TEXT = 5000;

/** A nullable text field as sent to an edit: null or '' clears it, undefined leaves it. */
export function textChange(value: string | null | undefined): string | null | undefined {
  return value === undefined ? undefined : value || null;
}

/** How the profile forms send a list: an array, or a single item; null is none sent. */
function rawList(value: unknown): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  return Array.isArray(value) ? value : [value];
}

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_INT4;

function fail(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/**
 * `field` (`categories`, `types`): ids (numbers or digits, at most 50) of rows that exist in
 * `table`; undefined when not sent (leave as is), else the messages go to `errors`.
 */
export async function readExistingIds(
  db: DB,
  value: unknown,
  field: string,
  table: 'categories' | 'show_types',
  errors: FieldErrors,
): Promise<number[] | undefined> {
  const raw = rawList(value);
  if (raw === undefined) return undefined;
  const ids = raw.map((item) =>
    typeof item === 'string' && /^\d+$/.test(item) ? Number(item) : item,
  );
  if (!ids.every(isId) || ids.length > 50) {
    fail(errors, field, `The ${field} field must be a list of ids.`);
    return undefined;
  }
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db.selectFrom(table).select('id').where('id', 'in', unique).execute();
  if (found.length !== unique.length) {
    fail(errors, field, `The selected ${field} is invalid.`);
    return undefined;
  }
  return unique;
}

export type TagInput = { id: number } | { name: string };

/** `tags`: existing tag ids or names (new names become tags); undefined when not sent. */
function readTags(value: unknown, errors: FieldErrors): TagInput[] | undefined {
  const raw = rawList(value);
  if (raw === undefined) return undefined;
  const tags: TagInput[] = [];
  for (const item of raw) {
    if (isId(item)) tags.push({ id: item });
    else if (
      typeof item === 'string' &&
      item.trim() &&
      item.length <= 50 &&
      !item.includes('\u0000') &&
      slugify(item)
    ) {
      tags.push({ name: item.trim() });
    } else {
      fail(errors, 'tags', 'The tags field must be a list of tag names or ids.');
      return undefined;
    }
  }
  if (tags.length > 30) {
    fail(errors, 'tags', 'The tags field must not have more than 30 items.');
    return undefined;
  }
  return tags;
}

/**
 * The body fields every profile write reads whole in its rules (their messages are their own):
 * `categories` (ids) and `tags` (ids or names), each an array or a single item.
 */
export const ProfileRelations = {
  categories: Type.Optional(AnyValue()),
  tags: Type.Optional(AnyValue()),
};

export interface Relations {
  categories?: number[];
  tags?: TagInput[];
}

/** A profile write's categories (which must exist) and tags, with the messages for them. */
export async function readRelations(
  db: DB,
  body: { categories?: unknown; tags?: unknown },
  errors: FieldErrors,
): Promise<Relations> {
  const categories = await readExistingIds(db, body.categories, 'categories', 'categories', errors);
  return { categories, tags: readTags(body.tags, errors) };
}

/** Tag ids for the input, creating tags for new names; unknown ids are a 422 from the caller. */
export async function resolveTagIds(db: DB, tags: TagInput[]): Promise<number[] | null> {
  const ids = new Set<number>();
  const wantedIds = tags.flatMap((tag) => ('id' in tag ? [tag.id] : []));
  if (wantedIds.length) {
    const found = await db.selectFrom('tags').select('id').where('id', 'in', wantedIds).execute();
    if (found.length !== new Set(wantedIds).size) return null;
    for (const row of found) ids.add(row.id);
  }
  for (const tag of tags) {
    if (!('name' in tag)) continue;
    const slug = slugify(tag.name);
    const row = await db
      .insertInto('tags')
      .values({ name: tag.name, slug })
      .onConflict((conflict) => conflict.column('slug').doUpdateSet({ slug }))
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.add(row.id);
  }
  return [...ids];
}

/**
 * `is_public` for a profile a user creates: false while their account is paused, like the
 * profiles pausing hid (resuming makes every profile of the account public again), and while
 * its email is not verified (verifying publishes them: decision 066). Read in the INSERT
 * itself, so a pause committed just before is seen.
 */
export function publicIfActive(userId: number): RawBuilder<boolean> {
  return sql<boolean>`(select status = 'active' from users where id = ${userId})`;
}

/** Lists (true) or hides (false) every guest and show profile of the account. */
export async function setProfilesPublic(db: DB, userId: number, isPublic: boolean): Promise<void> {
  const now = sql<Date>`now()`;
  await db
    .updateTable('guest_profiles')
    .set({ is_public: isPublic, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
  await db
    .updateTable('show_profiles')
    .set({ is_public: isPublic, updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

/** A slug for `name` not used by any other profile of this kind, nor by a page of the site. */
export async function uniqueProfileSlug(
  db: DB,
  kind: ProfileKind,
  name: string,
  exceptId: number | null = null,
): Promise<string> {
  const base = slugify(name).slice(0, 180) || kind.type;
  const rows = await sql<{ slug: string }>`
    select slug from ${sql.table(kind.table)}
    where (slug = ${base} or slug like ${`${base}-%`})
      and (${exceptId}::int is null or id <> ${exceptId})
  `.execute(db);
  return availableSlug(base, new Set(rows.rows.map((row) => row.slug)));
}

/** Replaces the profile's rows in a link table (categories, tags). */
export async function replaceLinks(
  db: DB,
  table:
    | 'guest_profile_categories'
    | 'show_profile_categories'
    | 'guest_profile_tags'
    | 'show_profile_tags',
  fk: 'guest_profile_id' | 'show_profile_id',
  column: 'category_id' | 'tag_id',
  profileId: number,
  ids: number[],
): Promise<void> {
  await sql`delete from ${sql.table(table)} where ${sql.ref(fk)} = ${profileId}`.execute(db);
  if (ids.length === 0) return;
  const values = sql.join(ids.map((id) => sql`(${profileId}, ${id})`));
  await sql`insert into ${sql.table(table)} (${sql.ref(fk)}, ${sql.ref(column)}) values ${values}`.execute(
    db,
  );
}

/** Replaces a guest's or show's categories and tags with what the request sent (when it sent them). */
export async function saveCategoriesAndTags(
  db: DB,
  kind: ProfileKind,
  profileId: number,
  input: { categories?: number[]; tags?: TagInput[] },
): Promise<void> {
  if (input.categories) {
    await replaceLinks(db, kind.categories, kind.fk, 'category_id', profileId, input.categories);
  }
  if (input.tags) {
    const tagIds = await resolveTagIds(db, input.tags);
    if (tagIds === null) throw ValidationError.single('tags', 'The selected tags is invalid.');
    await replaceLinks(db, kind.tags, kind.fk, 'tag_id', profileId, tagIds);
  }
}
