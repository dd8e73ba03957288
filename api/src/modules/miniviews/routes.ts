import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound, ValidationError } from '../../http/errors';
import { pageOf, paginated } from '../../http/pagination';
import {
  Filled,
  Id,
  IdParam,
  idOf,
  MAX_STRING,
  PageQuery,
  Str,
  UuidParam,
} from '../../http/schema';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { perNetworkLimit } from '../auth/rate-limit';
import { authenticated, proOnly, requireUser } from '../auth/require-user';
import { mediaUrl, recordingsOf, removeDeletedMedia } from '../uploads/service';
import {
  createAnswerGroup,
  createMiniview,
  deleteOwnMiniview,
  findAnswerableMiniview,
  findOwnMiniview,
  findPublicMiniview,
  listOwnMiniviews,
} from './queries';

export const MINIVIEWS_PER_PAGE = 10;
/** Questions one miniview may hold (the spec gives no bound; decision 084). */
export const MAX_QUESTIONS = 20;
export const MAX_QUESTION_LENGTH = 1000;
export const QUESTION_MEDIA_MESSAGE = 'The question media must be a recording you uploaded.';
export const ANSWER_EVERY_QUESTION = 'Answer every question.';
export const ANSWER_RECORDING_MESSAGE = 'The recording was not uploaded for this MINIVIEW.';
/** Answer groups one network may send in an hour (decision 085). */
export const ANSWER_GROUPS_PER_IP = { max: 20, windowSeconds: 3600 };

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

const AnswerGroupBody = Type.Object({
  name: Filled({ max: MAX_STRING }),
  answers: Type.Array(Type.Object({ question_id: Id(), media_uuid: Str({ max: 36 }) }), {
    minItems: 1,
    maxItems: MAX_QUESTIONS,
  }),
});

/**
 * The owner's MINIVIEWs (GET /miniviews, GET /miniviews/{id}, POST /miniviews, DELETE
 * /miniviews/{uuid}) and the read a person answering makes by the link's uuid (GET
 * /miniviews/public/{uuid}, no account) and their answers (POST
 * /miniviews/public/{uuid}/answers, after each recording went to POST /miniviews/upload-file). Another user's miniview is 404 to its owner routes:
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
    { preValidation: proOnly, schema: { body: NewMiniviewBody } },
    async (request, reply) => {
      const viewer = await requireUser(request);
      const recordings = await recordingsOf(
        app.db,
        { userId: viewer.id },
        request.body.questions.flatMap((question) => question.media_uuid ?? []),
      );
      const questions = request.body.questions.map((question, index) => {
        const uuid = question.media_uuid?.trim().toLowerCase();
        if (!uuid) return { body: question.body.trim(), media: null };
        const type = recordings.get(uuid);
        if (!type) {
          throw ValidationError.single(`questions.${index}.media_uuid`, QUESTION_MEDIA_MESSAGE);
        }
        return { body: question.body.trim(), media: { url: mediaUrl(uuid), type } };
      });
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
      // Its answers' recordings went with it: their files too.
      await removeDeletedMedia(app);
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

  api.post(
    '/miniviews/public/:uuid/answers',
    {
      ...OPEN_TO_UNFINISHED_ACCOUNTS,
      preValidation: perNetworkLimit(
        app,
        'miniview-answers-ip',
        ANSWER_GROUPS_PER_IP,
        (wait) => `Too many answers were sent from your network. Try again in ${wait} seconds.`,
      ),
      schema: { params: Type.Object({ uuid: UuidParam() }), body: AnswerGroupBody },
    },
    async (request, reply) => {
      const miniview = await findAnswerableMiniview(app.db, request.params.uuid.toLowerCase());
      if (!miniview) throw notFound();
      const { answers } = request.body;
      const questions = await app.db
        .selectFrom('miniview_questions')
        .select('id')
        .where('miniview_id', '=', miniview.id)
        .execute();
      const asked = new Set(questions.map((question) => question.id));
      const answered = new Set(answers.map((answer) => answer.question_id));
      const everyQuestionOnce =
        answers.length === asked.size &&
        answered.size === asked.size &&
        [...answered].every((id) => asked.has(id));
      if (!everyQuestionOnce) throw ValidationError.single('answers', ANSWER_EVERY_QUESTION);

      const uuids = answers.map((answer) => answer.media_uuid.trim().toLowerCase());
      const recordings = await recordingsOf(app.db, { miniviewId: miniview.id }, uuids);
      const group = await createAnswerGroup(app.db, miniview.id, {
        name: request.body.name.trim(),
        answers: answers.map((answer, index) => {
          const uuid = uuids[index] ?? '';
          const type = recordings.get(uuid);
          if (!type) {
            throw ValidationError.single(`answers.${index}.media_uuid`, ANSWER_RECORDING_MESSAGE);
          }
          return { questionId: answer.question_id, url: mediaUrl(uuid), type };
        }),
      });
      return reply.code(201).send({ data: group });
    },
  );
}
