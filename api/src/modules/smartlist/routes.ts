import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { SmartlistItem } from '../../contract';
import { forbidden, notFound, ValidationError, type FieldErrors } from '../../http/errors';
import {
  AnyValue,
  bodyRules,
  Email,
  Filled,
  Id,
  IdParam,
  idOf,
  MAX_STRING,
  OneOf,
  Str,
} from '../../http/schema';
import { requireUser } from '../auth/require-user';
import {
  addItem,
  createGroup,
  deleteGroup,
  findOwnGroup,
  findOwnItem,
  findPublicProfile,
  loadGroups,
  loadItem,
  loadItems,
  removeItem,
  renameGroup,
  SMARTLIST_TYPES,
  updateItem,
} from './service';
import type { ProfileSide } from '../../booking-facts';

// The wishlist API (spec §7 Wishlist). Only the user themself manages their list: {userId} must
// be the session's user (an admin or agency member impersonating them is that user), else 403.

const MAX_EMAILS = 20;
const MAX_NOTE = 5000;
const NAME_REQUIRED = 'The name field is required.';
const GROUP_INVALID = 'The selected group id is invalid.';
const PROFILE_INVALID = 'The selected profile id is invalid.';

const ListParams = Type.Object({ userId: IdParam() });
const ItemParams = Type.Object({ userId: IdParam(), itemId: IdParam() });
const GroupParams = Type.Object({ userId: IdParam(), groupId: IdParam() });

const ItemQuery = Type.Object({ type: Type.Optional(OneOf(SMARTLIST_TYPES)) });
const GroupQuery = Type.Object({
  type: Type.Optional(OneOf(SMARTLIST_TYPES)),
  /** `items` in its comma-separated text adds each group's entries; anything else is ignored */
  include: Type.Optional(Type.Unknown()),
});

/** An entry's name: not blank (the handler trims it). */
const ItemName = () => Type.Optional(Filled({ max: MAX_STRING }));
/** An entry's other fields, as POST sets them and PUT changes them (only those sent). */
const ItemFields = {
  domain: Type.Optional(Str({ max: MAX_STRING })),
  phone: Type.Optional(Str({ max: MAX_STRING })),
  /** a list of addresses, each reported as emails.N (null: none) */
  emails: Type.Optional(AnyValue()),
  /** one text or a list of texts (notes.N) to append; blank ones are ignored */
  notes: Type.Optional(AnyValue()),
  /** one of the caller's groups of the entry's type */
  group_id: Type.Optional(Id()),
};
// The fields in the order of the 422's messages: as the old reader reported them, the profile
// (a lookup) and the name (which a linked profile gives) come after the others.
const NewItem = Type.Object({
  type: OneOf(SMARTLIST_TYPES),
  ...ItemFields,
  /** a public profile of that type; the entry takes its name unless one is given */
  profile_id: Type.Optional(Id()),
  name: ItemName(),
});
const ItemChanges = Type.Object({ name: ItemName(), ...ItemFields });

const Group = Type.Object({ name: Filled({ max: MAX_STRING }), type: OneOf(SMARTLIST_TYPES) });
const GroupName = Type.Object({ name: Filled({ max: MAX_STRING }) });

type ListRequest = FastifyRequest<{ Params: Static<typeof ListParams> }>;
type ItemRequest = FastifyRequest<{ Params: Static<typeof ItemParams> }>;
type GroupRequest = FastifyRequest<{ Params: Static<typeof GroupParams> }>;

/** 401 for a visitor, then 403 unless {userId} is the caller: before the path's other ids. */
async function ownList(request: ListRequest): Promise<void> {
  const user = await requireUser(request);
  if (idOf(request.params.userId) !== user.id) throw forbidden();
}

/** ownList on the paths that also name an entry or a group (typed by their params). */
const listOfItem = (request: ItemRequest) => ownList(request);
const listOfGroup = (request: GroupRequest) => ownList(request);

// The body as sent. The schemas read a field sent as null or '' as not given; an entry's
// reading tells "sent blank" from "not sent", as before: on PUT a field sent blank is cleared
// (group_id: ungrouped), and a name sent blank is missing.
const sentBodies = new WeakMap<object, Record<string, unknown>>();

async function keepSentBody(request: { body: unknown }): Promise<void> {
  const body = request.body;
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  sentBodies.set(request, { ...fields });
}

function sentBody(request: object): Record<string, unknown> {
  return sentBodies.get(request) ?? {};
}

const EMAIL = Email();

function emailProblem(email: unknown): string | null {
  if (email === undefined || email === null || email === '') return 'is required.';
  if (typeof email !== 'string' || email.includes('\u0000')) return 'must be a string.';
  if (email.length > MAX_STRING) return `must not be greater than ${MAX_STRING} characters.`;
  return Value.Check(EMAIL, email) ? null : 'must be a valid email address.';
}

/** emails: a list of at most 20 addresses, each checked as emails.N. */
function emailErrors(emails: unknown, errors: FieldErrors): void {
  if (emails === undefined || emails === null) return;
  if (!Array.isArray(emails)) {
    errors.emails = ['The emails field must be an array.'];
  } else if (emails.length > MAX_EMAILS) {
    errors.emails = [`The emails field must not have more than ${MAX_EMAILS} items.`];
  } else {
    emails.forEach((email: unknown, index) => {
      const problem = emailProblem(email);
      if (problem) errors[`emails.${index}`] = [`The emails.${index} field ${problem}`];
    });
  }
}

/** The addresses, trimmed and without repeats (ignoring case); none when not a list. */
function uniqueEmails(emails: unknown): string[] {
  const unique = new Map<string, string>();
  const list: unknown[] = Array.isArray(emails) ? emails : [];
  for (const email of list) {
    const address = typeof email === 'string' ? email.trim() : '';
    if (address && !unique.has(address.toLowerCase())) unique.set(address.toLowerCase(), address);
  }
  return [...unique.values()];
}

function noteList(notes: unknown): { field: string; note: unknown }[] {
  if (notes === undefined || notes === null) return [];
  if (!Array.isArray(notes)) return [{ field: 'notes', note: notes }];
  return notes.map((note: unknown, index) => ({ field: `notes.${index}`, note }));
}

function noteErrors(notes: unknown, errors: FieldErrors): void {
  for (const { field, note } of noteList(notes)) {
    if (typeof note !== 'string' || note.includes('\u0000')) {
      errors[field] = [`The ${field} field must be a string.`];
    } else if (note.length > MAX_NOTE) {
      errors[field] = [`The ${field} field must not be greater than ${MAX_NOTE} characters.`];
    }
  }
}

/** The notes to append: the texts, trimmed, blank ones left out. */
function noteTexts(notes: unknown): string[] {
  return noteList(notes).flatMap(({ note }) =>
    typeof note === 'string' && note.trim() ? [note.trim()] : [],
  );
}

/** Optional text: blank clears it. */
const textOrNull = (value: string | undefined) => value?.trim() || null;

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The caller's entry being changed (found by ownItem before the body is read). */
const changedItems = new WeakMap<FastifyRequest, { id: number; type: ProfileSide }>();

export async function smartlistRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  /** group_id: the caller's own group, of the entry's type when that is known. */
  async function groupErrors(
    request: FastifyRequest,
    groupId: number | undefined,
    type: ProfileSide | undefined,
    errors: FieldErrors,
  ): Promise<void> {
    if (groupId === undefined) return;
    const user = await requireUser(request);
    const group = await findOwnGroup(app.db, user.id, groupId);
    if (!group || (type !== undefined && group.type !== type)) errors.group_id = [GROUP_INVALID];
  }

  const newItemRules = bodyRules(NewItem, async (body, request) => {
    const errors: FieldErrors = {};
    emailErrors(body.emails, errors);
    noteErrors(body.notes, errors);
    await groupErrors(request, body.group_id, body.type, errors);
    const { type, profile_id: profileId } = body;
    const linked = type !== undefined && profileId !== undefined;
    if (linked && !(await findPublicProfile(app.db, type, profileId))) {
      errors.profile_id = [PROFILE_INVALID];
    }
    // a linked entry takes the profile's name
    if (isBlank(sentBody(request).name) && !linked) errors.name = [NAME_REQUIRED];
    return errors;
  });

  const itemChangeRules = bodyRules(ItemChanges, async (body, request) => {
    const errors: FieldErrors = {};
    const sent = sentBody(request);
    if ('name' in sent && isBlank(sent.name)) errors.name = [NAME_REQUIRED];
    emailErrors(body.emails, errors);
    noteErrors(body.notes, errors);
    await groupErrors(request, body.group_id, changedItems.get(request)?.type, errors);
    return errors;
  });

  /** The entry of PUT /smartlist/{itemId}: 404 unless it is the caller's, before the body. */
  async function ownItem(request: ItemRequest) {
    await ownList(request);
    const user = await requireUser(request);
    const id = idOf(request.params.itemId);
    const item = id === null ? undefined : await findOwnItem(app.db, user.id, id);
    if (!item) throw notFound();
    changedItems.set(request, item);
  }

  /** The group of PUT /smartlist-groups/{groupId}: 404 unless it is the caller's, before the body. */
  async function ownGroup(request: GroupRequest) {
    await ownList(request);
    const user = await requireUser(request);
    const id = idOf(request.params.groupId);
    if (id === null || !(await findOwnGroup(app.db, user.id, id))) throw notFound();
  }

  api.get(
    '/users/:userId/smartlist',
    { preValidation: ownList, schema: { params: ListParams, querystring: ItemQuery } },
    async (request) => {
      const user = await requireUser(request);
      const { type } = request.query;
      return { data: await loadItems(app.db, user.id, type ? { type } : {}) };
    },
  );

  const create = {
    preValidation: [ownList, keepSentBody],
    config: { rules: newItemRules },
    schema: { params: ListParams, body: NewItem },
  };
  api.post('/users/:userId/smartlist', create, async (request, reply) => {
    const user = await requireUser(request);
    const body = request.body;
    const profile =
      body.profile_id === undefined
        ? null
        : await findPublicProfile(app.db, body.type, body.profile_id);
    // (made private since the rules looked)
    if (body.profile_id !== undefined && !profile) {
      throw ValidationError.single('profile_id', PROFILE_INVALID);
    }
    const result = await addItem(app.db, user, {
      type: body.type,
      name: (body.name?.trim() || profile?.name.slice(0, MAX_STRING) || '').trim(),
      domain: textOrNull(body.domain),
      emails: uniqueEmails(body.emails),
      phone: textOrNull(body.phone),
      notes: noteTexts(body.notes),
      groupId: body.group_id ?? null,
      profileId: body.profile_id ?? null,
    });
    const item = await loadItem(app.db, user.id, result.id);
    return reply.code(result.created ? 201 : 200).send({ data: item });
  });

  const change = {
    preValidation: [ownItem, keepSentBody],
    config: { rules: itemChangeRules },
    schema: { params: ItemParams, body: ItemChanges },
  };
  api.put('/users/:userId/smartlist/:itemId', change, async (request) => {
    const user = await requireUser(request);
    const item = changedItems.get(request);
    if (!item) throw notFound();
    const body = request.body;
    const sent = (field: keyof typeof body) => Object.hasOwn(sentBody(request), field);
    await updateItem(app.db, item.id, {
      name: body.name?.trim(),
      domain: sent('domain') ? textOrNull(body.domain) : undefined,
      phone: sent('phone') ? textOrNull(body.phone) : undefined,
      emails: body.emails !== undefined ? uniqueEmails(body.emails) : undefined,
      groupId: sent('group_id') ? (body.group_id ?? null) : undefined,
      notes: noteTexts(body.notes),
    });
    return { data: (await loadItem(app.db, user.id, item.id)) as SmartlistItem };
  });

  api.delete(
    '/users/:userId/smartlist/:itemId',
    { preValidation: listOfItem, schema: { params: ItemParams } },
    async (request, reply) => {
      const user = await requireUser(request);
      if (!(await removeItem(app.db, user.id, Number(request.params.itemId)))) throw notFound();
      return reply.code(204).send();
    },
  );

  api.get(
    '/users/:userId/smartlist-groups',
    { preValidation: ownList, schema: { params: ListParams, querystring: GroupQuery } },
    async (request) => {
      const user = await requireUser(request);
      const { type, include } = request.query;
      const withItems = String(include ?? '')
        .split(',')
        .includes('items');
      return { data: await loadGroups(app.db, user.id, type, withItems) };
    },
  );

  api.post(
    '/users/:userId/smartlist-groups',
    { preValidation: ownList, schema: { params: ListParams, body: Group } },
    async (request, reply) => {
      const user = await requireUser(request);
      const { name, type } = request.body;
      return reply
        .code(201)
        .send({ data: await createGroup(app.db, user.id, { name: name.trim(), type }) });
    },
  );

  api.put(
    '/users/:userId/smartlist-groups/:groupId',
    { preValidation: ownGroup, schema: { params: GroupParams, body: GroupName } },
    async (request) => {
      const user = await requireUser(request);
      const groupId = Number(request.params.groupId);
      await renameGroup(app.db, groupId, request.body.name.trim());
      const groups = await loadGroups(app.db, user.id, undefined, true);
      return { data: groups.find((group) => group.id === groupId) };
    },
  );

  /** Deleting a group keeps its entries: they become ungrouped (decision 048). */
  api.delete(
    '/users/:userId/smartlist-groups/:groupId',
    { preValidation: listOfGroup, schema: { params: GroupParams } },
    async (request, reply) => {
      const user = await requireUser(request);
      if (!(await deleteGroup(app.db, user.id, Number(request.params.groupId)))) throw notFound();
      return reply.code(204).send();
    },
  );
}
