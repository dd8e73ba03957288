import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DB } from '../../db/database';
import type { FieldErrors } from '../../http/errors';
import {
  AnyValue,
  bodyRules,
  IdParam,
  INVALID_URL,
  LinkGroup,
  MAX_STRING,
  Nullable,
  Patch,
  Str,
} from '../../http/schema';
import { isWebUrl } from '../../link-rules';
import { REGISTRATION_WIZARD_CALL } from '../auth/account-setup-guard';
import { authenticated, requireUser } from '../auth/require-user';
import { Name } from '../auth/user-fields';
import { SHOW_KIND } from '../profiles/queries';
import {
  MAX_PROFILE_TEXT,
  managedProfile,
  manages,
  ProfileRelations,
  readExistingIds,
  readRelations,
  textChange,
} from '../profiles/write';
import { imageChange } from '../guests/write';
import { loadShowProfiles } from './queries';
import {
  createShowProfile,
  currentTypeIds,
  listShowTypes,
  updateShowProfile,
  type ShowInput,
} from './write';
import { oncePerRequest } from '../../http/per-request';

const MAX_URL = 2048;

/** In the order the old reader checked them (the 422 lists its fields so). */
const showFields = {
  // a sent null (or '') clears these
  description: Type.Optional(Nullable(Str({ max: MAX_PROFILE_TEXT }))),
  platform_type: Type.Optional(Nullable(Str({ max: MAX_STRING }))),
  /** show type ids, as categories: see readExistingIds() */
  types: Type.Optional(AnyValue()),
  /** [{type_id, url}]; null removes every link: see readTypeUrls() */
  type_urls: Type.Optional(LinkGroup()),
  ...ProfileRelations,
};

const NewShow = Type.Object({ name: Name(), ...showFields });
/** PUT changes what it sends: a name sent as null or '' is required. */
const ShowChanges = Patch({
  name: Type.Optional(Name()),
  ...showFields,
  /** uploads of the caller's (POST /uploads), checked after the rest: see imageChange() */
  image_uuid: Type.Optional(AnyValue()),
  cover_image_uuid: Type.Optional(AnyValue()),
});
const ShowParams = Type.Object({ show: IdParam() });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `type_urls`: [{type_id, url}], each type one of the show's types (`types` of this request, else
 * the stored ones; any type when `types` was refused) at most once, url http(s) without spaces;
 * a null or empty url is no link. Errors are keyed like the other list fields: `type_urls.0.url`.
 */
function readTypeUrls(
  raw: unknown,
  showTypes: number[] | undefined,
  errors: FieldErrors,
): Map<number, string> | undefined {
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (raw === null) return new Map();
  if (!Array.isArray(raw) || raw.length > 50) {
    fail('type_urls', 'The type urls field must be a list of at most 50 links.');
    return undefined;
  }
  const urls = new Map<number, string>();
  const seen = new Set<number>();
  raw.forEach((item: unknown, index) => {
    const key = `type_urls.${index}`;
    const entry = isRecord(item) ? item : {};
    const rawId = entry.type_id;
    const typeId = typeof rawId === 'string' && /^\d{1,10}$/.test(rawId) ? Number(rawId) : rawId;
    const known =
      typeof typeId === 'number' &&
      Number.isInteger(typeId) &&
      typeId >= 1 &&
      (showTypes === undefined || showTypes.includes(typeId));
    if (!known) fail(`${key}.type_id`, "The type id field must be one of the show's types.");
    else if (seen.has(typeId)) fail(`${key}.type_id`, 'Each type can have one URL.');

    const url = typeof entry.url === 'string' ? entry.url.trim() : entry.url;
    const noLink = url === null || url === undefined || url === '';
    const validUrl =
      typeof url === 'string' && url.length <= MAX_URL && !url.includes('\u0000') && isWebUrl(url);
    if (!noLink && !validUrl) fail(`${key}.url`, INVALID_URL);
    if (!known) return;
    seen.add(typeId);
    if (validUrl) urls.set(typeId, url);
  });
  return urls;
}

interface ShowRelationsBody {
  types?: unknown;
  type_urls?: unknown;
  categories?: unknown;
  tags?: unknown;
}

/**
 * The types and categories (which must exist), the links per type and the tags: read by the
 * rules, saved by the handler. `showId`: the show being edited, null for a new one.
 */
const readShowRelations = oncePerRequest(
  async (request: FastifyRequest, body: ShowRelationsBody, showId: number | null) => {
    const db = request.server.db;
    const errors: FieldErrors = {};
    const types = await readExistingIds(db, body.types, 'types', 'show_types', errors);
    let typeUrls: Map<number, string> | undefined;
    if (body.type_urls !== undefined) {
      // Checked against the types the show will have; when `types` was refused, the 422 is there.
      const typesSent = body.types !== undefined && body.types !== null;
      const current = () => (showId === null ? [] : currentTypeIds(db, showId));
      const showTypes = types ?? (typesSent ? undefined : await current());
      typeUrls = readTypeUrls(body.type_urls, showTypes, errors);
    }
    const relations = await readRelations(db, body, errors);
    const input: ShowInput = { types, typeUrls, ...relations };
    return { input, errors };
  },
);

/** The show a PUT edits (found by its preValidation). */
const editedShowId = async (request: FastifyRequest) =>
  (await managedProfile(request, SHOW_KIND, 'show')).id;

const newShowRules = bodyRules(
  NewShow,
  async (body, request) => (await readShowRelations(request, body, null)).errors,
);
const showChangeRules = bodyRules(
  ShowChanges,
  async (body, request) =>
    (await readShowRelations(request, body, await editedShowId(request))).errors,
);

async function profileResponse(db: DB, id: number, viewerId: number) {
  const [profile] = await loadShowProfiles(db, [id], viewerId);
  return { data: profile };
}

export async function showWriteRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/show-types', async () => ({ data: await listShowTypes(app.db) }));

  const createOptions = {
    config: { ...REGISTRATION_WIZARD_CALL.config, rules: newShowRules },
    preValidation: authenticated,
    schema: { body: NewShow },
  };
  api.post('/shows', createOptions, async (request, reply) => {
    const user = await requireUser(request);
    const { body } = request;
    const id = await createShowProfile(app.db, user.id, {
      name: body.name.trim(),
      description: textChange(body.description),
      platform_type: textChange(body.platform_type),
      ...(await readShowRelations(request, body, null)).input,
    });
    return reply.code(201).send(await profileResponse(app.db, id, user.id));
  });

  const updateOptions = {
    config: { ...REGISTRATION_WIZARD_CALL.config, rules: showChangeRules },
    preValidation: manages(SHOW_KIND, 'show'),
    schema: { params: ShowParams, body: ShowChanges },
  };
  api.put('/shows/:show', updateOptions, async (request) => {
    const user = await requireUser(request);
    const id = await editedShowId(request);
    const { body } = request;
    await updateShowProfile(app.db, id, {
      name: body.name?.trim(),
      description: textChange(body.description),
      platform_type: textChange(body.platform_type),
      ...(await readShowRelations(request, body, id)).input,
      image_uuid: await imageChange(app.db, user.id, body.image_uuid),
      cover_image_uuid: await imageChange(
        app.db,
        user.id,
        body.cover_image_uuid,
        'cover_image_uuid',
      ),
    });
    return profileResponse(app.db, id, user.id);
  });
}
