import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database';
import { ValidationError } from '../../http/errors';
import { parseId, Validator } from '../../http/validation';
import { REGISTRATION_WIZARD_CALL } from '../auth/account-setup-guard';
import { requireUser } from '../auth/require-user';
import { assertOwnUpload } from '../uploads/service';
import { GUEST_KIND } from '../profiles/queries';
import {
  readExistingIds,
  readTags,
  publicIfActive,
  requireManageableProfile,
  saveCategoriesAndTags,
  uniqueProfileSlug,
  type TagInput,
} from '../profiles/write';
import { loadGuestProfiles } from './queries';

interface GuestInput {
  name?: string;
  title?: string | null;
  bio?: string | null;
  pronunciation?: string | null;
  color?: string;
  categories?: number[];
  tags?: TagInput[];
  /** an image the caller uploaded (POST /uploads); null removes the picture */
  image_uuid?: string | null;
}

const COLOR = /^#[0-9a-fA-F]{6}$/;

function nullable(input: Validator, body: Record<string, unknown>, field: string, max: number) {
  if (!(field in body)) return undefined;
  return input.string(field, { max }) ?? null;
}

async function readGuestInput(
  db: DB,
  body: unknown,
  creating: boolean,
  callerId: number,
): Promise<GuestInput> {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const input = new Validator(record);
  const result: GuestInput = {};
  if (creating || 'name' in record) {
    const name = input.string('name', { required: true, max: 255 });
    if (name !== undefined && !name.trim()) input.fail('name', 'The name field is required.');
    result.name = name?.trim();
  }
  result.title = nullable(input, record, 'title', 255);
  result.bio = nullable(input, record, 'bio', 5000);
  result.pronunciation = nullable(input, record, 'pronunciation', 255);
  const color = input.string('color', { max: 7 });
  if (color !== undefined && !COLOR.test(color)) {
    input.fail('color', 'The color field must be a hex colour like #4f46e5.');
  } else if (color !== undefined) result.color = color;
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
  if (record.image_uuid === null || record.image_uuid === '') result.image_uuid = null;
  else if (record.image_uuid !== undefined) {
    result.image_uuid = await assertOwnUpload(db, callerId, record.image_uuid);
  }
  return result;
}

async function profileResponse(db: DB, id: number, viewerId: number) {
  const [profile] = await loadGuestProfiles(db, [id], viewerId);
  return { data: profile };
}

export async function guestWriteRoutes(app: FastifyInstance): Promise<void> {
  app.post('/guests', REGISTRATION_WIZARD_CALL, async (request, reply) => {
    const user = await requireUser(request);
    const input = await readGuestInput(app.db, request.body, true, user.id);
    const existing = await app.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (existing) {
      throw ValidationError.single('name', 'You already have a guest profile.');
    }
    const name = input.name ?? '';
    const id = await app.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('guest_profiles')
        .values({
          user_id: user.id,
          is_public: publicIfActive(user.id),
          slug: await uniqueProfileSlug(trx, GUEST_KIND, name),
          name,
          title: input.title ?? null,
          bio: input.bio ?? null,
          pronunciation: input.pronunciation ?? null,
          image_uuid: input.image_uuid ?? null,
          ...(input.color ? { color: input.color } : {}),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await saveCategoriesAndTags(trx, GUEST_KIND, row.id, input);
      return row.id;
    });
    return reply.code(201).send(await profileResponse(app.db, id, user.id));
  });

  app.put<{ Params: { guest: string } }>(
    '/guests/:guest',
    REGISTRATION_WIZARD_CALL,
    async (request) => {
      const user = await requireUser(request);
      const { id } = await requireManageableProfile(
        app.db,
        GUEST_KIND,
        parseId(request.params.guest),
        user,
      );
      const input = await readGuestInput(app.db, request.body, false, user.id);
      await app.db.transaction().execute(async (trx) => {
        const changes = {
          ...(input.name !== undefined
            ? { name: input.name, slug: await uniqueProfileSlug(trx, GUEST_KIND, input.name, id) }
            : {}),
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.bio !== undefined ? { bio: input.bio } : {}),
          ...(input.pronunciation !== undefined ? { pronunciation: input.pronunciation } : {}),
          ...(input.color !== undefined ? { color: input.color } : {}),
          ...(input.image_uuid !== undefined ? { image_uuid: input.image_uuid } : {}),
        };
        await trx
          .updateTable('guest_profiles')
          .set({ ...changes, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await saveCategoriesAndTags(trx, GUEST_KIND, id, input);
      });
      return profileResponse(app.db, id, user.id);
    },
  );
}
