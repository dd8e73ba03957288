import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { Type } from 'typebox';
import type { UploadResponse } from '../../contract';
import { forbidden, notFound, ValidationError } from '../../http/errors';
import { IdParam, UuidParam } from '../../http/schema';
import { OPEN_TO_UNFINISHED_ACCOUNTS, REGISTRATION_WIZARD_CALL } from '../auth/account-setup-guard';
import { perNetworkLimit } from '../auth/rate-limit';
import { authenticated, proOnly, requireUser } from '../auth/require-user';
import { findAnswerableMiniview } from '../miniviews/queries';
import { loadUser } from '../users/queries';
import {
  findMedia,
  IMAGE_MAX_BYTES,
  isUuid,
  openMedia,
  RECORDING_MAX_BYTES,
  removeDeletedMedia,
  removeUserImage,
  safeFileName,
  storeRecording,
  storeUpload,
  type RecordingOwner,
  type StoredMedia,
  UPLOAD_MESSAGES,
  VIDEO_ENTITIES,
  VIDEO_MAX_BYTES,
} from './service';
import { readMultipart, registerMultipart } from './multipart';
import { sniffImage, sniffVideo } from './sniff';

/** What POST /uploads takes, by field. */
const UPLOAD_LIMITS = { image: IMAGE_MAX_BYTES, video: VIDEO_MAX_BYTES };

class UploadRejected extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

function rejected(reply: FastifyReply, field: string, message: string) {
  const body: UploadResponse & { errors: Record<string, string[]> } = {
    uploads: null,
    message,
    errors: { [field]: [message] },
  };
  return reply.code(422).send(body);
}

/** What every media answer says: its type and name, cached for good, sandboxed. */
function mediaHeaders(
  reply: FastifyReply,
  media: StoredMedia,
  disposition: 'inline' | 'attachment',
): FastifyReply {
  return reply
    .type(media.mime_type)
    .header('accept-ranges', 'bytes')
    .header('content-disposition', `${disposition}; filename="${media.file_name}"`)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox");
}

/**
 * A stored file, whole or the byte range asked for (`Range: bytes=a-b`, one range): a video or an
 * audio answer seeks by range requests, and Safari plays nothing without them. Several ranges
 * are answered with the whole file; a range past the end is 416.
 */
async function serveMedia(
  app: FastifyInstance,
  request: FastifyRequest,
  uuid: string,
  reply: FastifyReply,
  disposition: 'inline' | 'attachment',
) {
  if (!isUuid(uuid)) throw notFound();
  const media = await findMedia(app.db, uuid);
  if (!media) throw notFound();
  const { size } = media;
  const ranges = request.headers.range ? parseRange(size, request.headers.range) : -2;
  if (ranges === -1) {
    return mediaHeaders(reply, media, disposition)
      .code(416)
      .header('content-range', `bytes */${size}`)
      .send();
  }
  const range =
    Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : undefined;
  const content = await openMedia(app.media, media, range);
  // Gone meanwhile (its row deleted): the usual JSON 404, before the media's headers are set.
  if (!content) throw notFound();
  mediaHeaders(reply, media, disposition);
  if (range) {
    const { start, end } = range;
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(content);
  }
  return reply.header('content-length', size).send(content);
}

/**
 * The multipart form of POST /uploads: one file, `image`, or `video` with `entity`
 * (guest/new-guest). Named here only: readMultipart reads the parts as they stream in (a file
 * over its size is not kept) and the upload's own messages answer a bad form, as before
 * ('The image field is required.'), so nothing here refuses a body.
 */
const UploadForm = Type.Object({
  image: Type.Optional(Type.Unknown()),
  video: Type.Optional(Type.Unknown()),
  entity: Type.Optional(Type.Unknown()),
});

/**
 * The form of a recording (POST /users/me/recordings and POST /miniviews/upload-file, the spec's
 * "multipart media and type"): the `media` file, its `type` (audio or video) and, for an answer,
 * `miniview_uuid`. Read as POST /uploads reads its own.
 */
const RecordingForm = Type.Object({
  media: Type.Optional(Type.Unknown()),
  type: Type.Optional(Type.Unknown()),
  miniview_uuid: Type.Optional(Type.Unknown()),
});

/**
 * Reads one recording form and stores it by the one set of rules (storeRecording): 201
 * `{ data: Recording }`, else 422 on `media` or `type`. `owner` reads the form's other fields
 * (an answer's miniview_uuid: malformed is 404 at once) and says whose the recording will be.
 */
async function receiveRecording(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  owner: (fields: Record<string, string>) => () => Promise<RecordingOwner>,
) {
  if (!request.isMultipart()) return rejected(reply, 'media', UPLOAD_MESSAGES.recordingRequired);
  const { fields, file } = await readMultipart(request, { media: RECORDING_MAX_BYTES.video });
  const ownerOf = owner(fields);
  try {
    const recording = await storeRecording(
      app,
      {
        kind: fields.type,
        content: file?.content ?? null,
        tooBig: file?.tooBig ?? false,
        fileName: file?.fileName ?? '',
      },
      ownerOf,
    );
    return reply.code(201).send({ data: recording });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const [field = 'media'] = Object.keys(error.errors);
    return rejected(reply, field, error.message);
  }
}

/** An answer's owner: the miniview its link names, if it takes answers; else 404. */
export function answeredMiniview(app: FastifyInstance, uuid: string) {
  return async (): Promise<RecordingOwner> => {
    const miniview = await findAnswerableMiniview(app.db, uuid);
    if (!miniview) throw notFound();
    return { miniviewId: miniview.id };
  };
}

/** Recordings one network may upload in an hour: a few answer groups' worth (decision 085). */
export const RECORDING_UPLOADS_PER_IP = { max: 60, windowSeconds: 3600 };
/** Their counter: one for the multipart answers and the resumable ones (decision 086). */
export const RECORDING_UPLOADS_SCOPE = 'miniview-upload-ip';
export const recordingUploadsLimited = (wait: number) =>
  `Too many recordings were uploaded from your network. Try again in ${wait} seconds.`;

/** A malformed id or uuid is 404. */
const MediaParams = Type.Object({ uuid: UuidParam() });
const UserMediaParams = Type.Object({
  id: IdParam(),
  uuid: UuidParam(),
});

/**
 * POST /uploads (multipart: `image`, or `video` with `entity` guest/new-guest), GET /media/{uuid}
 * and /download/media/{uuid}, DELETE /users/{id}/media/{uuid}.
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  // A form it cannot read is refused by readMultipart, the same way on every route (issue 28).
  await registerMultipart(app);

  // Files of uploads deleted while no process removed them (a crash, a delete in psql): at start.
  app.addHook('onReady', () => removeDeletedMedia(app));

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const uploadOptions = { ...REGISTRATION_WIZARD_CALL, schema: { body: UploadForm } };
  api.post('/uploads', uploadOptions, async (request, reply) => {
    const user = await requireUser(request);
    if (!request.isMultipart()) return rejected(reply, 'image', UPLOAD_MESSAGES.imageRequired);
    const { fields, file } = await readMultipart(request, UPLOAD_LIMITS);
    const entity = fields.entity?.trim().slice(0, 50) || null;

    try {
      if (!file) throw new UploadRejected('image', UPLOAD_MESSAGES.imageRequired);
      if (file.field === 'video') {
        if (!entity || !VIDEO_ENTITIES.has(entity)) {
          throw new UploadRejected('video', UPLOAD_MESSAGES.videoEntity);
        }
        if (file.tooBig || !file.content) {
          throw new UploadRejected('video', UPLOAD_MESSAGES.videoSize);
        }
        const type = sniffVideo(file.content);
        if (!type) throw new UploadRejected('video', UPLOAD_MESSAGES.videoType);
        const upload = await storeUpload(app, {
          userId: user.id,
          kind: 'video',
          mimeType: type.mime,
          fileName: safeFileName(file.fileName, type.extension),
          entity,
          content: file.content,
        });
        return reply.code(201).send({ uploads: [upload] } satisfies UploadResponse);
      }
      if (file.tooBig || !file.content) {
        throw new UploadRejected('image', UPLOAD_MESSAGES.imageSize);
      }
      const type = sniffImage(file.content);
      if (!type) throw new UploadRejected('image', UPLOAD_MESSAGES.imageType);
      const upload = await storeUpload(app, {
        userId: user.id,
        kind: 'image',
        mimeType: type.mime,
        fileName: safeFileName(file.fileName, type.extension),
        entity,
        content: file.content,
      });
      return reply.code(201).send({ uploads: [upload] } satisfies UploadResponse);
    } catch (error) {
      if (error instanceof UploadRejected) return rejected(reply, error.field, error.message);
      throw error;
    }
  });

  /**
   * POST /users/me/recordings: a recording of the signed-in Pro user's (a question of their
   * MINIVIEW, a pitch). A standard account gets the spec's 426 before the form is read.
   */
  api.post(
    '/users/me/recordings',
    { preValidation: proOnly, schema: { body: RecordingForm } },
    async (request, reply) => {
      const user = await requireUser(request);
      return receiveRecording(app, request, reply, () => async () => ({ userId: user.id }));
    },
  );

  /**
   * POST /miniviews/upload-file: a person answering a miniview, with or without an account,
   * uploads each answer before the group is sent; the recording belongs to that miniview (an
   * unknown or paused one is 404). Counted per network before the form is read.
   */
  api.post(
    '/miniviews/upload-file',
    {
      ...OPEN_TO_UNFINISHED_ACCOUNTS,
      preValidation: perNetworkLimit(
        app,
        RECORDING_UPLOADS_SCOPE,
        RECORDING_UPLOADS_PER_IP,
        recordingUploadsLimited,
      ),
      schema: { body: RecordingForm },
    },
    (request, reply) =>
      receiveRecording(app, request, reply, (fields) => {
        const uuid = fields.miniview_uuid?.trim().toLowerCase() ?? '';
        if (!isUuid(uuid)) throw notFound();
        return answeredMiniview(app, uuid);
      }),
  );

  const media = { schema: { params: MediaParams } };
  api.get('/media/:uuid', media, (request, reply) =>
    serveMedia(app, request, request.params.uuid, reply, 'inline'),
  );
  api.get('/download/media/:uuid', media, (request, reply) =>
    serveMedia(app, request, request.params.uuid, reply, 'attachment'),
  );

  /** Removes a user's image: the owner or an admin. Answers the updated user. */
  api.delete(
    '/users/:id/media/:uuid',
    { preValidation: authenticated, schema: { params: UserMediaParams } },
    async (request) => {
      const caller = await requireUser(request);
      const userId = Number(request.params.id);
      const { uuid } = request.params;
      if (caller.id !== userId && !caller.is_admin) throw forbidden();

      const removed = await removeUserImage(app.db, userId, uuid);
      if (!removed) throw notFound();
      await removeDeletedMedia(app);
      return { data: await loadUser(app.db, userId) };
    },
  );
}
