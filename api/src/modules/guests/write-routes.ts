import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { DB } from '../../db/database';
import { ValidationError, type FieldErrors } from '../../http/errors';
import { AnyValue, bodyRules, IdParam, MAX_STRING, Nullable, Patch, Str } from '../../http/schema';
import { REGISTRATION_WIZARD_CALL } from '../auth/account-setup-guard';
import { authenticated, requireUser } from '../auth/require-user';
import { Name } from '../auth/user-fields';
import { GUEST_KIND } from '../profiles/queries';
import {
  MAX_PROFILE_TEXT,
  managedProfile,
  manages,
  ProfileRelations,
  readRelations,
  textChange,
} from '../profiles/write';
import { loadGuestProfiles } from './queries';
import {
  createGuestProfile,
  experienceChange,
  hasGuestProfile,
  imageChange,
  listChange,
  MAX_EXPERIENCE,
  MAX_GUEST_QUESTIONS,
  MAX_TOPICS,
  updateGuestProfile,
  videoChange,
  type GuestInput,
} from './write';
import { oncePerRequest } from '../../http/per-request';

/** '#4f46e5'; null or '' leave the colour as it is. */
const Colour = () =>
  Nullable(
    Str({
      max: 7,
      pattern: {
        regex: '^(?:#[0-9a-fA-F]{6})?$',
        message: 'The :attribute field must be a hex colour like #4f46e5.',
      },
    }),
  );

/** In the order the old reader checked them (the 422 lists its fields so). */
const guestFields = {
  // a sent null (or '') clears these
  title: Type.Optional(Nullable(Str({ max: MAX_STRING }))),
  bio: Type.Optional(Nullable(Str({ max: MAX_PROFILE_TEXT }))),
  pronunciation: Type.Optional(Nullable(Str({ max: MAX_STRING }))),
  color: Type.Optional(Colour()),
  ...ProfileRelations,
  /** the guest's roles, as their profile lists them; replaced whole (blank titles dropped) */
  experience: Type.Optional(
    Type.Array(
      Type.Object({
        title: Str({ max: MAX_STRING }),
        organization: Type.Optional(Nullable(Str({ max: MAX_STRING }))),
        years: Type.Optional(Nullable(Str({ max: 32 }))),
      }),
      { maxItems: MAX_EXPERIENCE },
    ),
  ),
  /** what the guest talks about; replaced whole (trimmed, blanks and repeats dropped) */
  topics: Type.Optional(Type.Array(Str({ max: 60 }), { maxItems: MAX_TOPICS })),
  /** the guest's own questions, answered by a show in the booking flow's miniview step */
  questions: Type.Optional(Type.Array(Str({ max: 300 }), { maxItems: MAX_GUEST_QUESTIONS })),
  /** an image the caller uploaded (POST /uploads), checked after the rest: see imageChange() */
  image_uuid: Type.Optional(AnyValue()),
  /** a video the caller uploaded (POST /uploads, entity guest): see videoChange() */
  video_uuid: Type.Optional(AnyValue()),
};

const NewGuest = Type.Object({ name: Name(), ...guestFields });
/** PUT changes what it sends: a name sent as null or '' is required. */
const GuestChanges = Patch({ name: Type.Optional(Name()), ...guestFields });
const GuestParams = Type.Object({ guest: IdParam() });

/** The categories (which must exist) and tags: read by the rules, saved by the handler. */
const readGuestRelations = oncePerRequest(
  async (request: FastifyRequest, body: { categories?: unknown; tags?: unknown }) => {
    const errors: FieldErrors = {};
    const input = await readRelations(request.server.db, body, errors);
    return { input, errors };
  },
);

/** Both routes' rules (the name is the schema's). */
const guestRules = bodyRules(
  GuestChanges,
  async (body, request) => (await readGuestRelations(request, body)).errors,
);

async function profileResponse(db: DB, id: number, viewerId: number) {
  const [profile] = await loadGuestProfiles(db, [id], viewerId);
  return { data: profile };
}

export async function guestWriteRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const config = { ...REGISTRATION_WIZARD_CALL.config, rules: guestRules };

  const createOptions = { config, preValidation: authenticated, schema: { body: NewGuest } };
  api.post('/guests', createOptions, async (request, reply) => {
    const user = await requireUser(request);
    const { body } = request;
    const input: GuestInput & { name: string } = {
      name: body.name.trim(),
      title: textChange(body.title),
      bio: textChange(body.bio),
      pronunciation: textChange(body.pronunciation),
      color: body.color || undefined,
      experience: experienceChange(body.experience),
      topics: listChange(body.topics),
      questions: listChange(body.questions),
      ...(await readGuestRelations(request, body)).input,
      image_uuid: await imageChange(app.db, user.id, body.image_uuid),
      video_uuid: await videoChange(app.db, user.id, body.video_uuid),
    };
    if (await hasGuestProfile(app.db, user.id)) {
      throw ValidationError.single('name', 'You already have a guest profile.');
    }
    const id = await createGuestProfile(app.db, user.id, input);
    return reply.code(201).send(await profileResponse(app.db, id, user.id));
  });

  const updateOptions = {
    config,
    preValidation: manages(GUEST_KIND, 'guest'),
    schema: { params: GuestParams, body: GuestChanges },
  };
  api.put('/guests/:guest', updateOptions, async (request) => {
    const user = await requireUser(request);
    const { id } = await managedProfile(request, GUEST_KIND, 'guest');
    const { body } = request;
    await updateGuestProfile(app.db, id, {
      name: body.name?.trim(),
      title: textChange(body.title),
      bio: textChange(body.bio),
      pronunciation: textChange(body.pronunciation),
      color: body.color || undefined,
      experience: experienceChange(body.experience),
      topics: listChange(body.topics),
      questions: listChange(body.questions),
      ...(await readGuestRelations(request, body)).input,
      image_uuid: await imageChange(app.db, user.id, body.image_uuid),
      video_uuid: await videoChange(app.db, user.id, body.video_uuid),
    });
    return profileResponse(app.db, id, user.id);
  });
}
