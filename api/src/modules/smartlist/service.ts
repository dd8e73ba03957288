import { sql } from 'kysely';
import type {
  SmartlistGroup,
  SmartlistItem,
  SmartlistNote,
  SmartlistProfile,
} from '../../contract';
import type { DB } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { generatedImageUrl } from '../images/urls';
import { NOT_BOOKABLE_SLUGS } from '../profiles/queries';
import { mediaUrl } from '../uploads/service';
import { PROFILE_SIDES, type ProfileSide } from '../../booking-facts';

// The wishlist ("smartlist") rules shared by its routes and by favourites (decision 047): one
// entry per profile, favourites rows kept in step with linked entries, the limit for non-Pro.

export const SMARTLIST_TYPES = PROFILE_SIDES;

/** Spec §9: a non-Pro account holds at most this many entries (guests and shows together). */
export const STANDARD_LIMIT = 10;
export const LIMIT_MESSAGE = `You reached the limit of ${STANDARD_LIMIT} people`;
/** 426 "upgrade required": the spec's status for a Pro-only answer (decision 047). */
export const LIMIT_STATUS = 426;

type Owner = Pick<UserRow, 'id' | 'account_type'>;

/**
 * Refuses one more entry past the limit for a standard account. Call inside the transaction
 * that adds it: it locks the user's row so two parallel adds cannot both pass. FOR NO KEY
 * UPDATE, as every lock taken only to take turns (decision 124): other rows' foreign keys to the
 * user (a booking, a message) pass meanwhile.
 */
export async function assertBelowLimit(trx: DB, owner: Owner): Promise<void> {
  await sql`select id from users where id = ${owner.id} for no key update`.execute(trx);
  if (owner.account_type === 'pro') return;
  const row = await trx
    .selectFrom('smartlist_items')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', owner.id)
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= STANDARD_LIMIT) throw new HttpError(LIMIT_STATUS, LIMIT_MESSAGE);
}

/** A public guest or show profile (paused owners' profiles are not public), else null. */
export async function findPublicProfile(
  db: DB,
  type: ProfileSide,
  id: number,
): Promise<{ id: number; name: string } | null> {
  const table = type === 'guest' ? 'guest_profiles' : 'show_profiles';
  const row = await db
    .selectFrom(table)
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('is_public', '=', true)
    .executeTakeFirst();
  return row ?? null;
}

export interface NewItem {
  type: ProfileSide;
  name: string;
  domain: string | null;
  emails: string[];
  phone: string | null;
  notes: string[];
  groupId: number | null;
  profileId: number | null;
}

/**
 * Adds an entry (limit checked) and, for a profile, its favourites row. A profile already on
 * the list answers its existing entry instead (`created` false): adding twice is not an error.
 */
export async function addItem(
  db: DB,
  owner: Owner,
  item: NewItem,
): Promise<{ id: number; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (item.profileId !== null) {
      const existing = await findLinkedItem(trx, owner.id, item.type, item.profileId);
      if (existing) return { id: existing, created: false };
    }
    await assertBelowLimit(trx, owner);
    const row = await trx
      .insertInto('smartlist_items')
      .values({
        user_id: owner.id,
        type: item.type,
        name: item.name,
        domain: item.domain,
        emails: JSON.stringify(item.emails),
        phone: item.phone,
        group_id: item.groupId,
        profile_id: item.profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (item.notes.length) {
      await trx
        .insertInto('smartlist_notes')
        .values(item.notes.map((text) => ({ item_id: row.id, text })))
        .execute();
    }
    if (item.profileId !== null) {
      await trx
        .insertInto('favorites')
        .values({ user_id: owner.id, profile_type: item.type, profile_id: item.profileId })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
    return { id: row.id, created: true };
  });
}

/** One of the user's entries (its id and type), else undefined. */
export async function findOwnItem(
  db: DB,
  userId: number,
  id: number,
): Promise<{ id: number; type: ProfileSide } | undefined> {
  return db
    .selectFrom('smartlist_items')
    .select(['id', 'type'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export interface ItemChanges {
  name?: string;
  domain?: string | null;
  phone?: string | null;
  emails?: string[];
  groupId?: number | null;
  /** appended, dated now */
  notes?: string[];
}

/** Changes the fields given (the others stay) and appends the notes. */
export async function updateItem(db: DB, itemId: number, changes: ItemChanges): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { name, domain, phone, emails, groupId, notes } = changes;
    await trx
      .updateTable('smartlist_items')
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(domain !== undefined ? { domain } : {}),
        ...(phone !== undefined ? { phone } : {}),
        ...(emails !== undefined ? { emails: JSON.stringify(emails) } : {}),
        ...(groupId !== undefined ? { group_id: groupId } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', itemId)
      .execute();
    if (notes?.length) {
      await trx
        .insertInto('smartlist_notes')
        .values(notes.map((text) => ({ item_id: itemId, text })))
        .execute();
    }
  });
}

export async function findLinkedItem(
  db: DB,
  userId: number,
  type: ProfileSide,
  profileId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('smartlist_items')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Removes an entry and, when it points to a profile, the favourite with it. */
export async function removeItem(db: DB, userId: number, itemId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('smartlist_items')
      .where('id', '=', itemId)
      .where('user_id', '=', userId)
      .returning(['type', 'profile_id'])
      .executeTakeFirst();
    if (!row) return false;
    if (row.profile_id !== null) {
      await trx
        .deleteFrom('favorites')
        .where('user_id', '=', userId)
        .where('profile_type', '=', row.type)
        .where('profile_id', '=', row.profile_id)
        .execute();
    }
    return true;
  });
}

/** Unfavourites: the favourites row and the linked entry go together. */
export async function removeFavorite(
  db: DB,
  userId: number,
  type: ProfileSide,
  profileId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('favorites')
      .where('user_id', '=', userId)
      .where('profile_type', '=', type)
      .where('profile_id', '=', profileId)
      .execute();
    await trx
      .deleteFrom('smartlist_items')
      .where('user_id', '=', userId)
      .where('type', '=', type)
      .where('profile_id', '=', profileId)
      .execute();
  });
}

/** One of the user's groups (its id and type), else undefined. */
export async function findOwnGroup(
  db: DB,
  userId: number,
  id: number,
): Promise<{ id: number; type: ProfileSide } | undefined> {
  return db
    .selectFrom('smartlist_groups')
    .select(['id', 'type'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user's groups (oldest first), of one type or all, with their entries when asked. */
export async function loadGroups(
  db: DB,
  userId: number,
  type: ProfileSide | undefined,
  withItems: boolean,
): Promise<SmartlistGroup[]> {
  let query = db
    .selectFrom('smartlist_groups')
    .select(['id', 'name', 'type'])
    .where('user_id', '=', userId)
    .orderBy('id');
  if (type) query = query.where('type', '=', type);
  const groups = await query.execute();
  const items = withItems
    ? await loadItems(db, userId, { groupIds: groups.map((group) => group.id) })
    : [];
  return groups.map((group) => ({
    ...group,
    items: items.filter((item) => item.group === group.id),
  }));
}

export async function createGroup(
  db: DB,
  userId: number,
  group: { name: string; type: ProfileSide },
): Promise<SmartlistGroup> {
  const row = await db
    .insertInto('smartlist_groups')
    .values({ user_id: userId, name: group.name, type: group.type })
    .returning(['id', 'name', 'type'])
    .executeTakeFirstOrThrow();
  return { ...row, items: [] };
}

export async function renameGroup(db: DB, groupId: number, name: string): Promise<void> {
  await db
    .updateTable('smartlist_groups')
    .set({ name, updated_at: new Date() })
    .where('id', '=', groupId)
    .execute();
}

/** Deletes one of the user's groups (its entries become ungrouped); false when there is none. */
export async function deleteGroup(db: DB, userId: number, groupId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('smartlist_groups')
    .where('id', '=', groupId)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

interface ItemFilter {
  ids?: number[];
  type?: ProfileSide;
  groupIds?: number[];
}

/** The user's entries as the API shows them (oldest first), with notes and profile summaries. */
export async function loadItems(
  db: DB,
  userId: number,
  filter: ItemFilter = {},
): Promise<SmartlistItem[]> {
  if (filter.ids?.length === 0 || filter.groupIds?.length === 0) return [];
  let query = db
    .selectFrom('smartlist_items')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('id');
  if (filter.ids) query = query.where('id', 'in', filter.ids);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.groupIds) query = query.where('group_id', 'in', filter.groupIds);
  const rows = await query.execute();
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.id);
  const [notes, profiles] = await Promise.all([
    db
      .selectFrom('smartlist_notes')
      .select(['item_id', 'text', 'created_at'])
      .where('item_id', 'in', ids)
      .orderBy('id')
      .execute(),
    loadProfileSummaries(db, rows),
  ]);
  const notesBy = new Map<number, SmartlistNote[]>();
  for (const note of notes) {
    const list = notesBy.get(note.item_id) ?? [];
    list.push({ text: note.text, created_at: new Date(note.created_at).toISOString() });
    notesBy.set(note.item_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    name: row.name,
    domain: row.domain,
    emails: row.emails,
    phone: row.phone,
    notes: notesBy.get(row.id) ?? [],
    group: row.group_id,
    profile:
      row.profile_id === null ? null : (profiles.get(`${row.type}:${row.profile_id}`) ?? null),
  }));
}

export async function loadItem(db: DB, userId: number, id: number): Promise<SmartlistItem | null> {
  const [item] = await loadItems(db, userId, { ids: [id] });
  return item ?? null;
}

/** Summaries of the public profiles entries point to (private or paused ones: none). */
async function loadProfileSummaries(
  db: DB,
  rows: { type: ProfileSide; profile_id: number | null }[],
): Promise<Map<string, SmartlistProfile>> {
  const idsOf = (type: ProfileSide) =>
    rows.flatMap((row) => (row.type === type && row.profile_id !== null ? [row.profile_id] : []));
  const guestIds = idsOf('guest');
  const showIds = idsOf('show');
  const bookable = sql.join(NOT_BOOKABLE_SLUGS);
  const [guests, shows] = await Promise.all([
    guestIds.length
      ? sql<{
          id: number;
          slug: string;
          name: string;
          title: string | null;
          bio: string | null;
          image_uuid: string | null;
          avg_rating: string | null;
          priced: boolean;
        }>`
          select p.id, p.slug, p.name, p.title, p.bio, p.image_uuid, p.avg_rating,
            exists (select 1 from guest_option_prices op
              join booking_options bo on bo.id = op.booking_option_id
              where op.guest_profile_id = p.id and bo.slug not in (${bookable})) as priced
          from guest_profiles p where p.is_public and p.id in (${sql.join(guestIds)})
        `.execute(db)
      : Promise.resolve({ rows: [] }),
    showIds.length
      ? sql<{
          id: number;
          slug: string;
          name: string;
          description: string | null;
          image_uuid: string | null;
          priced: boolean;
        }>`
          select p.id, p.slug, p.name, p.description, p.image_uuid,
            exists (select 1 from show_option_prices op
              join booking_options bo on bo.id = op.booking_option_id
              where op.show_profile_id = p.id and bo.slug not in (${bookable})) as priced
          from show_profiles p where p.is_public and p.id in (${sql.join(showIds)})
        `.execute(db)
      : Promise.resolve({ rows: [] }),
  ]);
  const result = new Map<string, SmartlistProfile>();
  for (const row of guests.rows) {
    result.set(`guest:${row.id}`, {
      id: row.id,
      slug: row.slug,
      name: row.name,
      imageUrl: row.image_uuid ? mediaUrl(row.image_uuid) : generatedImageUrl('guests', row.id),
      type: 'guest',
      title: row.title,
      bio: row.bio,
      description: null,
      avg_rating: row.avg_rating === null ? null : Number(row.avg_rating),
      inquiries_only: !row.priced,
    });
  }
  for (const row of shows.rows) {
    result.set(`show:${row.id}`, {
      id: row.id,
      slug: row.slug,
      name: row.name,
      imageUrl: row.image_uuid ? mediaUrl(row.image_uuid) : generatedImageUrl('shows', row.id),
      type: 'show',
      title: null,
      bio: null,
      description: row.description,
      avg_rating: null,
      inquiries_only: !row.priced,
    });
  }
  return result;
}

/** A favourite of the old kind (a favorites row, before favourites became wishlist entries). */
export async function isFavourite(
  db: DB,
  userId: number,
  type: ProfileSide,
  profileId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('favorites')
    .select('profile_id')
    .where('user_id', '=', userId)
    .where('profile_type', '=', type)
    .where('profile_id', '=', profileId)
    .executeTakeFirst();
  return row !== undefined;
}
