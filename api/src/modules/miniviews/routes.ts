import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { HttpError, notFound, ValidationError } from '../../http/errors';
import { pageOf, paginated } from '../../http/pagination';
import { Filled, IdParam, idOf, MAX_STRING, PageQuery, Str, UuidParam } from '../../http/schema';
import { authenticated, requireUser } from '../auth/require-user';
import { PRO_ONLY_MESSAGE, PRO_ONLY_STATUS } from '../profiles/connect/routes';
import { isUuid, mediaUrl } from '../uploads/service';
import {
  createMiniview,
  deleteOwnMiniview,
  findOwnMiniview,
  findPublicMiniview,
  listOwnMiniviews,
  mediaTypeOf,
  type NewMiniview,
} from './queries';

export const MINIVIEWS_PER_PAGE = 10;
/** Questions one miniview may hold (the spec gives no bound; decision 084). */
export const MAX_QUESTIONS = 20;
export const MAX_QUESTION_LENGTH = 1000;
export const QUESTION_MEDIA_MESSAGE = 'The question media must be a recording you uploaded.';

const MiniviewQuery = Type.Object({
  ...PageQuery,
  filter: Type.Optional(
    Type.Object(
      { title: Type.Optional(Str({ max: MAX_STRING })) },
      { additionalProperties: false },
    ),
  ),
});

const NewMiniviewBody = Type.Object({
  title: Filled({ max: MAX_STRING }),
  questions: Type.Array(
    Type.Object({
      body: Filled({ max: MAX_QUESTION_LENGTH }),
      /** a recording the owner uploaded, shown with the question */
      media_uuid: Type.Optional(Type.Union([Type.Null(), Str({ max: 36 })])),
    }),
    { minItems: 1, maxItems: MAX_QUESTIONS },
  ),
});

/** MINIVIEWs are a Pro feature (spec: a standard account meets the subscribe modal first). */
async function requirePro(request: FastifyRequest): Promise<void> {
  const user = await requireUser(request);
  if (user.account_type !== 'pro') throw new HttpError(PRO_ONLY_STATUS, PRO_ONLY_MESSAGE);
}

/**
 * The owner's MINIVIEWs (GET /miniviews, GET /miniviews/{id}, POST /miniviews, DELETE
 * /miniviews/{uuid}) and the read a person answering makes by the link's uuid (GET
 * /miniviews/public/{uuid}, no account). Another user's miniview is 404 to its owner routes:
 * they do not learn that it exists.
 */
export async function miniviewRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/miniviews',
    { preValidation: authenticated, schema: { querystring: MiniviewQuery } },
    async (request) => {
      const viewer = await requireUser(request);
      const page = pageOf(request.query, MINIVIEWS_PER_PAGE);
      const title = request.query.filter?.title?.trim();
      const { rows, total } = await listOwnMiniviews(app.db, viewer.id, {
        page,
        ...(title ? { title } : {}),
      });
      return paginated(rows, total, page);
    },
  );

  api.get(
    '/miniviews/:id',
    { preValidation: authenticated, schema: { params: Type.Object({ id: IdParam() }) } },
    async (request) => {
      const viewer = await requireUser(request);
      const id = idOf(request.params.id);
      const miniview = id === null ? undefined : await findOwnMiniview(app.db, viewer.id, id);
      if (!miniview) throw notFound();
      return { data: miniview };
    },
  );

  api.post(
    '/miniviews',
    { preValidation: requirePro, schema: { body: NewMiniviewBody } },
    async (request, reply) => {
      const viewer = await requireUser(request);
      const questions: NewMiniview['questions'] = [];
      for (const [index, question] of request.body.questions.entries()) {
        const uuid = question.media_uuid?.trim();
        let media: NewMiniview['questions'][number]['media'] = null;
        if (uuid) {
          const upload = isUuid(uuid)
            ? await app.db
                .selectFrom('uploads')
                .select(['uuid', 'mime_type'])
                .where('uuid', '=', uuid)
                .where('user_id', '=', viewer.id)
                .executeTakeFirst()
            : undefined;
          const type = upload && mediaTypeOf(upload.mime_type);
          if (!upload || !type) {
            throw ValidationError.single(`questions.${index}.media_uuid`, QUESTION_MEDIA_MESSAGE);
          }
          media = { url: mediaUrl(upload.uuid), type };
        }
        questions.push({ body: question.body.trim(), media });
      }
      const miniview = await createMiniview(app.db, viewer.id, {
        title: request.body.title.trim(),
        questions,
      });
      return reply.code(201).send({ data: miniview });
    },
  );

  api.delete(
    '/miniviews/:uuid',
    { preValidation: authenticated, schema: { params: Type.Object({ uuid: UuidParam() }) } },
    async (request) => {
      const viewer = await requireUser(request);
      if (!(await deleteOwnMiniview(app.db, viewer.id, request.params.uuid.toLowerCase()))) {
        throw notFound();
      }
      return { success: true };
    },
  );

  api.get(
    '/miniviews/public/:uuid',
    { schema: { params: Type.Object({ uuid: UuidParam() }) } },
    async (request) => {
      const miniview = await findPublicMiniview(app.db, request.params.uuid.toLowerCase());
      if (!miniview) throw notFound();
      return { data: miniview };
    },
  );
}
