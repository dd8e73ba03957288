import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SmartlistGroup, SmartlistItem } from '../../contract';
import type { DB } from '../../db/database';
import { forbidden, notFound, type FieldErrors } from '../../http/errors';
import { parseId, Validator } from '../../http/validation';
import { requireUser, type AuthUser } from '../auth/require-user';
import {
  addItem,
  findPublicProfile,
  loadItem,
  loadItems,
  removeItem,
  SMARTLIST_TYPES,
  type SmartlistType,
} from './service';

// The wishlist API (spec §7 Wishlist). Only the user themself manages their list: {userId} must
// be the session's user (an admin or agency member impersonating them is that user), else 403.

const MAX_EMAILS = 20;
const MAX_NOTE = 5000;

type Body = Record<string, unknown>;

function bodyOf(request: FastifyRequest): Body {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Body) : {};
}

async function requireListOwner(request: FastifyRequest, userIdParam: string): Promise<AuthUser> {
  const user = await requireUser(request);
  if (parseId(userIdParam) !== user.id) throw forbidden();
  return user;
}

/** Optional text: '' or null clears it. */
function nullableString(input: Validator, body: Body, field: string): string | null | undefined {
  if (!(field in body)) return undefined;
  const value = input.string(field, { max: 255 });
  return value === undefined ? null : value.trim() || null;
}

/** emails: a list of valid addresses (each reported as emails.N), de-duplicated. */
function readEmails(input: Validator, errors: FieldErrors, body: Body): string[] | undefined {
  if (!('emails' in body)) return undefined;
  const value = body.emails;
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) {
    input.fail('emails', 'The emails field must be an array.');
    return undefined;
  }
  if (value.length > MAX_EMAILS) {
    input.fail('emails', `The emails field must not have more than ${MAX_EMAILS} items.`);
    return undefined;
  }
  // A validator over {0: ..., 1: ...} that reports into the same table as emails.N.
  const each = new Validator({ ...value }, 'emails', errors);
  const emails = value.map((_, index) =>
    each.string(String(index), { required: true, email: true, max: 255 }),
  );
  const unique = new Map<string, string>();
  for (const email of emails) {
    const key = email?.trim().toLowerCase();
    if (email && key && !unique.has(key)) unique.set(key, email.trim());
  }
  return [...unique.values()];
}

/** notes: one text or a list of texts to append (blank ones are ignored). */
function readNotes(input: Validator, body: Body): string[] | undefined {
  if (!('notes' in body)) return undefined;
  const raw = body.notes;
  if (raw === null || raw === undefined) return [];
  const list = Array.isArray(raw) ? raw : [raw];
  const notes: string[] = [];
  list.forEach((note, index) => {
    const key = Array.isArray(raw) ? `notes.${index}` : 'notes';
    if (typeof note !== 'string' || note.includes('\u0000')) {
      input.fail(key, `The ${key} field must be a string.`);
    } else if (note.length > MAX_NOTE) {
      input.fail(key, `The ${key} field must not be greater than ${MAX_NOTE} characters.`);
    } else if (note.trim()) {
      notes.push(note.trim());
    }
  });
  return notes;
}

/** group_id: the user's own group of the item's type, or null for "ungrouped". */
async function readGroup(
  db: DB,
  input: Validator,
  body: Body,
  userId: number,
  type: SmartlistType | undefined,
): Promise<number | null | undefined> {
  if (!('group_id' in body)) return undefined;
  if (body.group_id === null || body.group_id === '') return null;
  const id = input.integer('group_id', { min: 1, max: 2_147_483_647 });
  if (id === undefined) return undefined;
  const group = await db
    .selectFrom('smartlist_groups')
    .select(['id', 'type'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!group || (type !== undefined && group.type !== type)) {
    input.fail('group_id', 'The selected group id is invalid.');
    return undefined;
  }
  return group.id;
}

async function loadGroups(
  db: DB,
  userId: number,
  type: SmartlistType | undefined,
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

function readTypeFilter(request: FastifyRequest): SmartlistType | undefined {
  const input = new Validator(request.query);
  const type = input.oneOf('type', SMARTLIST_TYPES);
  input.throwIfInvalid();
  return type;
}

export async function smartlistRoutes(app: FastifyInstance): Promise<void> {
  type UserParams = { Params: { userId: string } };
  type ItemParams = { Params: { userId: string; itemId: string } };
  type GroupParams = { Params: { userId: string; groupId: string } };

  app.get<UserParams>('/users/:userId/smartlist', async (request) => {
    const user = await requireListOwner(request, request.params.userId);
    const type = readTypeFilter(request);
    return { data: await loadItems(app.db, user.id, type ? { type } : {}) };
  });

  app.post<UserParams>('/users/:userId/smartlist', async (request, reply) => {
    const user = await requireListOwner(request, request.params.userId);
    const body = bodyOf(request);
    const errors: FieldErrors = {};
    const input = new Validator(body, '', errors);
    const type = input.oneOf('type', SMARTLIST_TYPES);
    if (!input.has('type')) input.fail('type', 'The type field is required.');
    const profileId = input.integer('profile_id', { min: 1, max: 2_147_483_647 });
    let name = input.string('name', { max: 255 })?.trim();
    if (name === '') input.fail('name', 'The name field is required.');
    const domain = nullableString(input, body, 'domain') ?? null;
    const phone = nullableString(input, body, 'phone') ?? null;
    const emails = readEmails(input, errors, body) ?? [];
    const notes = readNotes(input, body) ?? [];
    const groupId = (await readGroup(app.db, input, body, user.id, type)) ?? null;
    if (profileId !== undefined && type) {
      const profile = await findPublicProfile(app.db, type, profileId);
      if (!profile) input.fail('profile_id', 'The selected profile id is invalid.');
      name = name?.trim() || profile?.name.slice(0, 255);
    }
    if (!input.has('name') && !(profileId !== undefined && type)) {
      input.fail('name', 'The name field is required.');
    }
    input.throwIfInvalid();

    const result = await addItem(app.db, user, {
      type: type as SmartlistType,
      name: (name ?? '').trim(),
      domain,
      emails,
      phone,
      notes,
      groupId,
      profileId: profileId ?? null,
    });
    const item = await loadItem(app.db, user.id, result.id);
    return reply.code(result.created ? 201 : 200).send({ data: item });
  });

  app.put<ItemParams>('/users/:userId/smartlist/:itemId', async (request) => {
    const user = await requireListOwner(request, request.params.userId);
    const itemId = parseId(request.params.itemId);
    const current =
      itemId === null
        ? undefined
        : await app.db
            .selectFrom('smartlist_items')
            .select(['id', 'type'])
            .where('id', '=', itemId)
            .where('user_id', '=', user.id)
            .executeTakeFirst();
    if (!current) throw notFound();

    const body = bodyOf(request);
    const errors: FieldErrors = {};
    const input = new Validator(body, '', errors);
    let name: string | undefined;
    if ('name' in body) {
      name = input.string('name', { required: true, max: 255 })?.trim();
      if (name === '') input.fail('name', 'The name field is required.');
    }
    const domain = nullableString(input, body, 'domain');
    const phone = nullableString(input, body, 'phone');
    const emails = readEmails(input, errors, body);
    const notes = readNotes(input, body);
    const groupId = await readGroup(app.db, input, body, user.id, current.type);
    input.throwIfInvalid();

    await app.db.transaction().execute(async (trx) => {
      const changes = {
        ...(name !== undefined ? { name } : {}),
        ...(domain !== undefined ? { domain } : {}),
        ...(phone !== undefined ? { phone } : {}),
        ...(emails !== undefined ? { emails: JSON.stringify(emails) } : {}),
        ...(groupId !== undefined ? { group_id: groupId } : {}),
      };
      await trx
        .updateTable('smartlist_items')
        .set({ ...changes, updated_at: new Date() })
        .where('id', '=', current.id)
        .execute();
      if (notes?.length) {
        await trx
          .insertInto('smartlist_notes')
          .values(notes.map((text) => ({ item_id: current.id, text })))
          .execute();
      }
    });
    return { data: (await loadItem(app.db, user.id, current.id)) as SmartlistItem };
  });

  app.delete<ItemParams>('/users/:userId/smartlist/:itemId', async (request, reply) => {
    const user = await requireListOwner(request, request.params.userId);
    const itemId = parseId(request.params.itemId);
    if (itemId === null || !(await removeItem(app.db, user.id, itemId))) throw notFound();
    return reply.code(204).send();
  });

  app.get<UserParams & { Querystring: { include?: string } }>(
    '/users/:userId/smartlist-groups',
    async (request) => {
      const user = await requireListOwner(request, request.params.userId);
      const type = readTypeFilter(request);
      const include = String(request.query.include ?? '').split(',');
      return { data: await loadGroups(app.db, user.id, type, include.includes('items')) };
    },
  );

  app.post<UserParams>('/users/:userId/smartlist-groups', async (request, reply) => {
    const user = await requireListOwner(request, request.params.userId);
    const input = new Validator(request.body);
    const name = input.string('name', { required: true, max: 255 })?.trim();
    if (name === '') input.fail('name', 'The name field is required.');
    const type = input.oneOf('type', SMARTLIST_TYPES);
    if (!input.has('type')) input.fail('type', 'The type field is required.');
    input.throwIfInvalid();
    const group = await app.db
      .insertInto('smartlist_groups')
      .values({ user_id: user.id, name: name as string, type: type as SmartlistType })
      .returning(['id', 'name', 'type'])
      .executeTakeFirstOrThrow();
    return reply.code(201).send({ data: { ...group, items: [] } satisfies SmartlistGroup });
  });

  app.put<GroupParams>('/users/:userId/smartlist-groups/:groupId', async (request) => {
    const user = await requireListOwner(request, request.params.userId);
    const groupId = parseId(request.params.groupId);
    const input = new Validator(request.body);
    const name = input.string('name', { required: true, max: 255 })?.trim();
    if (name === '') input.fail('name', 'The name field is required.');
    const group =
      groupId === null
        ? undefined
        : await app.db
            .selectFrom('smartlist_groups')
            .select('id')
            .where('id', '=', groupId)
            .where('user_id', '=', user.id)
            .executeTakeFirst();
    if (!group) throw notFound();
    input.throwIfInvalid();
    await app.db
      .updateTable('smartlist_groups')
      .set({ name: name as string, updated_at: new Date() })
      .where('id', '=', group.id)
      .execute();
    const [updated] = (await loadGroups(app.db, user.id, undefined, true)).filter(
      (candidate) => candidate.id === group.id,
    );
    return { data: updated };
  });

  /** Deleting a group keeps its entries: they become ungrouped (decision 048). */
  app.delete<GroupParams>(
    '/users/:userId/smartlist-groups/:groupId',
    async (request, reply: FastifyReply) => {
      const user = await requireListOwner(request, request.params.userId);
      const groupId = parseId(request.params.groupId);
      const deleted =
        groupId === null
          ? undefined
          : await app.db
              .deleteFrom('smartlist_groups')
              .where('id', '=', groupId)
              .where('user_id', '=', user.id)
              .returning('id')
              .executeTakeFirst();
      if (!deleted) throw notFound();
      return reply.code(204).send();
    },
  );
}
