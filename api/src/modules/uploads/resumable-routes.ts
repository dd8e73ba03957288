import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Metadata, Server, type Upload } from '@tus/server';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { errorBody, HttpError, notFound, ValidationError } from '../../http/errors';
import { OPEN_TO_UNFINISHED_ACCOUNTS, setupRefusal } from '../auth/account-setup-guard';
import { enforceRateLimit, rateLimitKey } from '../auth/rate-limit';
import { optionalUser, requirePro } from '../auth/require-user';
import {
  ABANDONED_AFTER_HOURS,
  createRecordingUpload,
  deleteAbandonedRecordingUploads,
  deleteRecordingUpload,
  findOwnRecordingUpload,
  isVisitorToken,
  newVisitorToken,
  type RecordingUploadRow,
  type UploadStarter,
} from './resumable-service';
import {
  RECORDING_UPLOADS_PER_IP,
  RECORDING_UPLOADS_SCOPE,
  recordingUploadsLimited,
  answeredMiniview,
} from './routes';
import {
  isUuid,
  RECORDING_MAX_BYTES,
  storeRecording,
  UPLOAD_MESSAGES,
  type RecordingOwner,
} from './service';
import type { RecordingKind } from './sniff';

// Resumable recording uploads (decision 086): the tus protocol, served by tus's own server
// (@tus/server with its file store) under /recordings/uploads. Fastify routes each call first,
// so the site's rules hold as for every other write (CSRF, the account-setup guard, security
// headers, sessions); the route decides who may create or continue the upload, then hands the
// raw request and response to tus. On the last PATCH the recording goes through the one set of
// rules (storeRecording) and is stored like a multipart one.

/** A visitor's browser is known by this cookie on its uploads (the signed-in by their session). */
export const UPLOADER_COOKIE = 'guestspot_uploader';

/** What the route decided about a request, for tus's hooks (which see only the raw request). */
type Decided =
  | {
      create: {
        kind: RecordingKind;
        fileName: string;
        owner: RecordingOwner;
        starter: UploadStarter;
      };
    }
  | { upload: RecordingUploadRow };

const decided = new WeakMap<IncomingMessage, Decided>();
/** The upload a request finished (its bytes already removed), while tus answers it. */
const finishedBy = new WeakMap<IncomingMessage, string>();

/** The raw request behind the Request tus's hooks receive (srvx's Node adapter). */
function rawOf(request: unknown): IncomingMessage | undefined {
  return (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

function decisionFor(request: unknown): Decided | undefined {
  const raw = rawOf(request);
  return raw ? decided.get(raw) : undefined;
}

/**
 * tus's file store, where an upload finished in a request still reads as it was until tus has
 * answered: its bytes are removed as soon as the recording is stored (finish), and tus reads the
 * upload back before answering a POST that carried every byte (creation-with-upload); from the
 * disk that read is 404, and the answer loses its 201 and Location.
 */
class RecordingUploadStore extends FileStore {
  constructor(
    options: ConstructorParameters<typeof FileStore>[0],
    private readonly answering: ReadonlyMap<string, Upload>,
  ) {
    super(options);
  }

  override async getUpload(id: string): Promise<Upload> {
    return this.answering.get(id) ?? super.getUpload(id);
  }
}

function ownerOf(row: RecordingUploadRow): RecordingOwner {
  if (row.miniview_id !== null) return { miniviewId: row.miniview_id };
  if (row.user_id !== null) return { userId: row.user_id };
  throw new Error(`recording upload ${row.id} has no owner`);
}

const json = { 'Content-Type': 'application/json; charset=utf-8' };

/** The upload's id: tus's random 32 hex digits; anything else is 404. */
const UploadParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{32}$' }) });
/** The bytes are tus's to read (application/offset+octet-stream, never parsed). */
const RawBody = Type.Unknown();

/** Upload-Metadata (`key base64,key base64`), or a 400 when it is not that. */
function metadataOf(request: FastifyRequest): Record<string, string> {
  const header = request.headers['upload-metadata'];
  if (typeof header !== 'string' || header === '') return {};
  try {
    const parsed = Metadata.parse(header);
    return Object.fromEntries(
      Object.entries(parsed).flatMap(([key, value]) => (value === null ? [] : [[key, value]])),
    );
  } catch {
    throw new HttpError(400, 'Upload-Metadata is invalid.');
  }
}

/** Who is calling: the signed-in user, else the visitor's upload cookie (if any). */
async function starterOf(request: FastifyRequest): Promise<UploadStarter | null> {
  const user = await optionalUser(request);
  if (user) return { userId: user.id };
  const token = request.cookies[UPLOADER_COOKIE];
  return isVisitorToken(token) ? { visitorToken: token } : null;
}

export async function resumableUploadRoutes(app: FastifyInstance): Promise<void> {
  const directory = app.config.recordingUploadDir;
  const basePath = `${app.prefix}/recordings/uploads`;

  /** Finished uploads whose answer tus is still writing (RecordingUploadStore), by id. */
  const answering = new Map<string, Upload>();
  // Created on first use: building the app (tests, the route table) touches no folder.
  let tus: Server | undefined;
  const tusServer = () => {
    tus ??= new Server({
      path: basePath,
      datastore: new RecordingUploadStore(
        { directory, expirationPeriodInMilliseconds: ABANDONED_AFTER_HOURS * 3600 * 1000 },
        answering,
      ),
      // Behind the site's proxy the API's own host is not the browser's.
      relativeLocation: true,
      // Same origin only: the site serves the API under its own /api/v1.
      allowedOrigins: [],
      maxSize: (request) => {
        const decision = decisionFor(request);
        const kind =
          decision && 'create' in decision ? decision.create.kind : decision?.upload.kind;
        return RECORDING_MAX_BYTES[kind ?? 'audio'];
      },
      onUploadCreate: async (request, upload) => {
        const decision = decisionFor(request);
        if (!decision || !('create' in decision))
          throw new Error('upload created without a decision');
        const { kind, fileName, owner, starter } = decision.create;
        await createRecordingUpload(app.db, {
          id: upload.id,
          kind,
          fileName,
          miniviewId: 'miniviewId' in owner ? owner.miniviewId : null,
          starter,
        });
        return {};
      },
      // A POST that carried every byte (creation-with-upload) keeps its 201 and Location.
      onUploadFinish: async (request, upload) => {
        const raw = rawOf(request);
        if (raw) finishedBy.set(raw, upload.id);
        answering.set(upload.id, upload);
        return finish(decisionFor(request), upload, request.method === 'POST' ? 201 : 200);
      },
    });
    return tus;
  };

  /**
   * The last bytes arrived: the recording is checked and stored like a multipart one, and the
   * upload is gone either way. The answer has the multipart calls' body, `{ data: Recording }`
   * (or their 422), so the browser reads one shape however it sent the file.
   */
  async function finish(decision: Decided | undefined, upload: Upload, status: 200 | 201) {
    const row =
      decision && 'upload' in decision
        ? decision.upload
        : decision && 'create' in decision
          ? ((await findOwnRecordingUpload(app.db, upload.id, decision.create.starter)) ?? null)
          : null;
    if (!row) throw new Error(`recording upload ${upload.id} finished without its row`);
    const file = upload.storage?.path ?? path.join(directory, upload.id);
    try {
      const recording = await storeRecording(
        app,
        { kind: row.kind, content: await fs.promises.readFile(file), fileName: row.file_name },
        async () => ownerOf(row),
      );
      return { status_code: status, headers: json, body: JSON.stringify({ data: recording }) };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return { status_code: 422, headers: json, body: JSON.stringify(errorBody(error)) };
    } finally {
      await deleteRecordingUpload(app.db, row.id);
      await removeBytes(upload.id);
    }
  }

  /** An upload's bytes, if any are left. */
  const removeBytes = (id: string) =>
    tusServer()
      .datastore.remove(id)
      .catch(() => undefined);

  /** Uploads abandoned for a day: their rows and their bytes. */
  async function removeAbandoned() {
    await Promise.all((await deleteAbandonedRecordingUploads(app.db)).map(removeBytes));
  }

  /** The same, plus any bytes a day old whose row is gone (a crash between the two). */
  async function sweep() {
    await removeAbandoned();
    if (fs.existsSync(directory)) await tusServer().cleanUpExpiredUploads();
  }
  // As expired sessions: at start, and on the way when a new upload is created.
  app.addHook('onReady', async () => {
    try {
      await sweep();
    } catch (error) {
      app.log.error(error, 'recording upload sweep failed');
    }
  });

  // tus reads the bytes itself, from the raw request.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) =>
    done(null),
  );

  /** Hands the raw request and response to tus (the route's hooks have all run by now). */
  async function handOver(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    try {
      await tusServer().handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error(error, 'resumable upload failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, json);
      reply.raw.end(JSON.stringify({ message: 'Server Error' }));
    } finally {
      const finished = finishedBy.get(request.raw);
      if (finished) answering.delete(finished);
    }
  }

  /**
   * Creation: the upload is an answer to a miniview (Upload-Metadata `miniview_uuid`: anyone,
   * counted per network like POST /miniviews/upload-file) or the signed-in Pro user's own
   * recording (401, 426, or the account-setup guard's 403 otherwise); `type` audio or video and
   * the declared Upload-Length within its limit, else 422, as the multipart form answers.
   */
  async function decideCreation(request: FastifyRequest, reply: FastifyReply) {
    const metadata = metadataOf(request);
    const miniviewUuid = metadata.miniview_uuid?.trim().toLowerCase();
    let owner: () => Promise<RecordingOwner>;
    if (miniviewUuid === undefined) {
      const user = await requirePro(request);
      const refusal = setupRefusal(user, {});
      if (refusal) throw refusal;
      owner = async () => ({ userId: user.id });
    } else {
      await enforceRateLimit(
        app.db,
        rateLimitKey(RECORDING_UPLOADS_SCOPE, request.ip),
        RECORDING_UPLOADS_PER_IP,
        recordingUploadsLimited,
      );
      if (!isUuid(miniviewUuid)) throw notFound();
      owner = answeredMiniview(app, miniviewUuid);
    }
    const kind = metadata.type?.trim();
    if (kind !== 'audio' && kind !== 'video') {
      throw ValidationError.single('type', UPLOAD_MESSAGES.recordingKind);
    }
    const length = Number(request.headers['upload-length']);
    if (Number.isFinite(length) && length > RECORDING_MAX_BYTES[kind]) {
      throw ValidationError.single('media', UPLOAD_MESSAGES.recordingSize[kind]);
    }
    const resolved = await owner();

    let starter: UploadStarter;
    const user = await optionalUser(request);
    if (user) {
      starter = { userId: user.id };
    } else {
      const existing = request.cookies[UPLOADER_COOKIE];
      const token = isVisitorToken(existing) ? existing : newVisitorToken();
      // On the raw response: tus writes the answer, not Fastify.
      reply.raw.appendHeader(
        'set-cookie',
        app.serializeCookie(UPLOADER_COOKIE, token, {
          path: basePath,
          httpOnly: true,
          sameSite: 'lax',
          secure: app.config.cookieSecure,
          maxAge: ABANDONED_AFTER_HOURS * 3600,
        }),
      );
      starter = { visitorToken: token };
    }
    decided.set(request.raw, {
      create: { kind, fileName: metadata.filename ?? '', owner: resolved, starter },
    });
    await removeAbandoned();
  }

  /** HEAD, PATCH, DELETE: only whoever started the upload continues it; to anyone else it is 404. */
  async function decideContinuation(request: FastifyRequest<{ Params: { id: string } }>) {
    const row = await findOwnRecordingUpload(app.db, request.params.id, await starterOf(request));
    if (!row) throw notFound();
    decided.set(request.raw, { upload: row });
  }

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.post(
    '/recordings/uploads',
    { ...OPEN_TO_UNFINISHED_ACCOUNTS, preValidation: decideCreation, schema: { body: RawBody } },
    handOver,
  );
  const continuation = {
    ...OPEN_TO_UNFINISHED_ACCOUNTS,
    preValidation: decideContinuation,
    schema: { params: UploadParams },
  };
  api.head('/recordings/uploads/:id', continuation, handOver);
  api.patch(
    '/recordings/uploads/:id',
    { ...continuation, schema: { params: UploadParams, body: RawBody } },
    handOver,
  );
  api.delete('/recordings/uploads/:id', continuation, async (request, reply) => {
    await deleteRecordingUpload(app.db, request.params.id);
    return handOver(request, reply);
  });
}
