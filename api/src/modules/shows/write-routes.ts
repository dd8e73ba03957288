import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database';
import { parseId, Validator } from '../../http/validation';
import { requireUser } from '../auth/require-user';
import { SHOW_KIND } from '../profiles/queries';
import {
  readExistingIds,
  readTags,
  replaceLinks,
  publicUnlessPaused,
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
  categories?: number[];
  tags?: TagInput[];
}

async function readShowInput(db: DB, body: unknown, creating: boolean): Promise<ShowInput> {
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

async function saveRelations(db: DB, id: number, input: ShowInput): Promise<void> {
  if (input.types) {
    await replaceLinks(
      db,
      'show_profile_types',
      'show_profile_id',
      'show_type_id',
      id,
      input.types,
    );
  }
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

  app.post('/shows', async (request, reply) => {
    const user = await requireUser(request);
    const input = await readShowInput(app.db, request.body, true);
    const name = input.name ?? '';
    const id = await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('show_profiles')
        .values({
          user_id: user.id,
          is_public: publicUnlessPaused(user.id),
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

  app.put<{ Params: { show: string } }>('/shows/:show', async (request) => {
    const user = await requireUser(request);
    const { id } = await requireManageableProfile(
      app.db,
      SHOW_KIND,
      parseId(request.params.show),
      user,
    );
    const input = await readShowInput(app.db, request.body, false);
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
  });
}
