import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database';
import { parseId, Validator } from '../../http/validation';
import { isWebUrl } from '../../link-rules';
import { REGISTRATION_WIZARD_CALL } from '../auth/account-setup-guard';
import { requireUser } from '../auth/require-user';
import { SHOW_KIND } from '../profiles/queries';
import {
  readExistingIds,
  readTags,
  publicIfActive,
  requireManageableProfile,
  saveCategoriesAndTags,
  uniqueProfileSlug,
  type TagInput,
} from '../profiles/write';
import { loadShowProfiles } from './queries';

interface ShowInput {
  name?: string;
  description?: string | null;
  platform_type?: string | null;
  types?: number[];
  /** type id -> the show's page on it; replaces every link when given */
  typeUrls?: Map<number, string>;
  categories?: number[];
  tags?: TagInput[];
}

const MAX_URL = 2048;
const INVALID_URL = 'This is not a valid URL';

async function currentTypeIds(db: DB, showId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('show_profile_types')
    .select('show_type_id')
    .where('show_profile_id', '=', showId)
    .execute();
  return rows.map((row) => row.show_type_id);
}

/**
 * `type_urls`: [{type_id, url}], each type one of the show's types (`types` of this request, else
 * the stored ones) at most once, url http(s) without spaces; a null or empty url is no link.
 * Errors are keyed like the other list fields: `type_urls.0.url`.
 */
function readTypeUrls(
  input: Validator,
  raw: unknown,
  showTypes: number[] | undefined,
): Map<number, string> | undefined {
  if (raw === null) return new Map();
  if (!Array.isArray(raw) || raw.length > 50) {
    input.fail('type_urls', 'The type urls field must be a list of at most 50 links.');
    return undefined;
  }
  const urls = new Map<number, string>();
  const seen = new Set<number>();
  raw.forEach((item, index) => {
    const key = `type_urls.${index}`;
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<
      string,
      unknown
    >;
    const rawId = entry.type_id;
    const typeId = typeof rawId === 'string' && /^\d{1,10}$/.test(rawId) ? Number(rawId) : rawId;
    const known =
      typeof typeId === 'number' &&
      Number.isInteger(typeId) &&
      typeId >= 1 &&
      (showTypes === undefined || showTypes.includes(typeId));
    if (!known) input.fail(`${key}.type_id`, "The type id field must be one of the show's types.");
    else if (seen.has(typeId)) input.fail(`${key}.type_id`, 'Each type can have one URL.');

    const url = typeof entry.url === 'string' ? entry.url.trim() : entry.url;
    const noLink = url === null || url === undefined || url === '';
    const validUrl =
      typeof url === 'string' && url.length <= MAX_URL && !url.includes('\u0000') && isWebUrl(url);
    if (!noLink && !validUrl) input.fail(`${key}.url`, INVALID_URL);
    if (!known) return;
    seen.add(typeId);
    if (validUrl) urls.set(typeId, url);
  });
  return urls;
}

async function readShowInput(db: DB, body: unknown, showId: number | null): Promise<ShowInput> {
  const creating = showId === null;
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const input = new Validator(record);
  const result: ShowInput = {};
  if (creating || 'name' in record) {
    const name = input.string('name', { required: true, max: 255 });
    if (name !== undefined && !name.trim()) input.fail('name', 'The name field is required.');
    result.name = name?.trim();
  }
  if ('description' in record)
    result.description = input.string('description', { max: 5000 }) ?? null;
  if ('platform_type' in record) {
    result.platform_type = input.string('platform_type', { max: 255 }) ?? null;
  }
  result.types = await readExistingIds(db, input, record, 'types', 'show_types', 'types');
  if (record.type_urls !== undefined) {
    // Checked against the types the show will have; when `types` was refused, the 422 is there.
    const typesSent = record.types !== undefined && record.types !== null;
    const showTypes =
      result.types ?? (typesSent ? undefined : creating ? [] : await currentTypeIds(db, showId));
    result.typeUrls = readTypeUrls(input, record.type_urls, showTypes);
  }
  result.categories = await readExistingIds(
    db,
    input,
    record,
    'categories',
    'categories',
    'categories',
  );
  result.tags = readTags(input, record);
  input.throwIfInvalid();
  return result;
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

async function profileResponse(db: DB, id: number, viewerId: number) {
  const [profile] = await loadShowProfiles(db, [id], viewerId);
  return { data: profile };
}

export async function showWriteRoutes(app: FastifyInstance): Promise<void> {
  app.get('/show-types', async () => {
    const data = await app.db
      .selectFrom('show_types')
      .select(['id', 'name'])
      .orderBy('id')
      .execute();
    return { data };
  });

  app.post('/shows', REGISTRATION_WIZARD_CALL, async (request, reply) => {
    const user = await requireUser(request);
    const input = await readShowInput(app.db, request.body, null);
    const name = input.name ?? '';
    const id = await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('show_profiles')
        .values({
          user_id: user.id,
          is_public: publicIfActive(user.id),
          slug: await uniqueProfileSlug(trx, SHOW_KIND, name),
          name,
          description: input.description ?? null,
          platform_type: input.platform_type ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await saveRelations(trx, row.id, input);
      return row.id;
    });
    return reply.code(201).send(await profileResponse(app.db, id, user.id));
  });

  app.put<{ Params: { show: string } }>(
    '/shows/:show',
    REGISTRATION_WIZARD_CALL,
    async (request) => {
      const user = await requireUser(request);
      const { id } = await requireManageableProfile(
        app.db,
        SHOW_KIND,
        parseId(request.params.show),
        user,
      );
      const input = await readShowInput(app.db, request.body, id);
      await app.db.transaction().execute(async (trx) => {
        const changes = {
          ...(input.name !== undefined
            ? { name: input.name, slug: await uniqueProfileSlug(trx, SHOW_KIND, input.name, id) }
            : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.platform_type !== undefined ? { platform_type: input.platform_type } : {}),
        };
        await trx
          .updateTable('show_profiles')
          .set({ ...changes, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await saveRelations(trx, id, input);
      });
      return profileResponse(app.db, id, user.id);
    },
  );
}
