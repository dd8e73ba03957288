import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Recording, Upload } from '../../contract';
import type { DB } from '../../db/database';
import { ValidationError } from '../../http/errors';
import { sniffRecording, type RecordingKind } from './sniff';
import { type ByteRange, MediaNotFoundError, type MediaStorage } from './storage/storage';

export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;
/** Not in the spec; profile videos are short clips. */
export const VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/**
 * A miniview answer is at most 60 s (the recorder stops itself): 720p WebM at Chromium's default
 * bitrate is ~20 MB a minute, Opus audio well under 1 MB. Decision 085.
 */
export const RECORDING_MAX_BYTES = { video: 50 * 1024 * 1024, audio: 10 * 1024 * 1024 } as const;
/** Entities that may carry a video (marketplace §5). */
export const VIDEO_ENTITIES = new Set(['guest', 'new-guest']);

export const UPLOAD_MESSAGES = {
  imageRequired: 'The image field is required.',
  imageType: 'The image must be a file of type: png, jpg, gif.',
  imageSize: 'The image may not be greater than 20 MB.',
  videoType: 'The video must be a file of type: mp4, ogg, mov, qt.',
  videoSize: 'The video may not be greater than 100 MB.',
  videoEntity: 'Video only available for Guest profile',
  notOwnUpload: 'The selected image is invalid.',
  notOwnVideo: 'The selected video is invalid.',
  recordingRequired: 'The media field is required.',
  recordingKind: 'The selected type is invalid.',
  recordingType: 'The recording must be a file of type: webm, ogg, mp4.',
  recordingSize: {
    video: 'The video recording may not be greater than 50 MB.',
    audio: 'The audio recording may not be greater than 10 MB.',
  },
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Where GET /media/{uuid} serves an upload (relative to the site, like every image URL). */
export function mediaUrl(uuid: string): string {
  return `/api/v1/media/${uuid}`;
}

/** A file name safe in a Content-Disposition header: ASCII letters, digits, dot, dash, underscore. */
export function safeFileName(name: string, extension: string): string {
  const base = name
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${base || 'upload'}.${extension}`;
}

/**
 * Stores a file: the bytes go to the media storage first, then the row names them by key (the
 * upload's uuid). A row that cannot be written takes its file with it: nothing half-stored.
 */
export async function storeUpload(
  app: FastifyInstance,
  values: {
    /** null for a recording answering a miniview (no account): `miniviewId` owns it */
    userId: number | null;
    miniviewId?: number;
    kind: 'image' | 'video' | 'audio';
    mimeType: string;
    fileName: string;
    entity: string | null;
    content: Buffer;
  },
): Promise<Upload> {
  const uuid = randomUUID();
  await app.media.put(uuid, values.content, values.mimeType);
  try {
    await app.db
      .insertInto('uploads')
      .values({
        uuid,
        user_id: values.userId,
        miniview_id: values.miniviewId ?? null,
        kind: values.kind,
        mime_type: values.mimeType,
        file_name: values.fileName,
        size: values.content.length,
        entity: values.entity,
        storage_key: uuid,
      })
      .execute();
  } catch (error) {
    await app.media.remove(uuid).catch((removal: unknown) => {
      app.log.error(removal, 'removing the file of an upload not stored failed');
    });
    throw error;
  }
  return { uuid, url: mediaUrl(uuid), mime_type: values.mimeType, size: values.content.length };
}

/** Whom a stored recording belongs to: the signed-in user's own, or an answer to a miniview. */
export type RecordingOwner = { userId: number } | { miniviewId: number };

/** A recording as it arrived, by the multipart form or a completed resumable upload. */
export interface ReceivedRecording {
  /** the form's or the upload's `type`, not checked yet */
  kind: string | undefined;
  /** the bytes; null when no file came, or it was over the largest limit (`tooBig`) */
  content: Buffer | null;
  tooBig?: boolean;
  /** the name the browser gave it (only its safe part is kept) */
  fileName: string;
}

/**
 * The one set of rules for a recording, however it arrived: `type` audio or video, a file within
 * that kind's size, a container a browser's recorder makes (sniffed: WebM, Ogg, MP4). Then it is
 * stored for the owner, who is looked up only once the file passed (an unknown miniview is 404
 * after a bad file's 422, as the form always answered). A ValidationError on `type` or `media`.
 */
export async function storeRecording(
  app: FastifyInstance,
  received: ReceivedRecording,
  owner: () => Promise<RecordingOwner>,
): Promise<Recording> {
  const kind = received.kind?.trim();
  if (kind !== 'audio' && kind !== 'video') {
    throw ValidationError.single('type', UPLOAD_MESSAGES.recordingKind);
  }
  const { content } = received;
  if (received.tooBig || (content && content.length > RECORDING_MAX_BYTES[kind])) {
    throw ValidationError.single('media', UPLOAD_MESSAGES.recordingSize[kind]);
  }
  if (!content) throw ValidationError.single('media', UPLOAD_MESSAGES.recordingRequired);
  const type = sniffRecording(content, kind);
  if (!type) throw ValidationError.single('media', UPLOAD_MESSAGES.recordingType);
  const stored = await owner();
  const upload = await storeUpload(app, {
    userId: 'userId' in stored ? stored.userId : null,
    ...('miniviewId' in stored ? { miniviewId: stored.miniviewId } : {}),
    kind,
    mimeType: type.mime,
    fileName: safeFileName(received.fileName, type.extension),
    entity: 'miniviewId' in stored ? 'miniview-answer' : 'recording',
    content,
  });
  return { ...upload, type: kind };
}

/**
 * For PUT /users/{id} {image_uuid} and the profile editors: the uuid must name an upload of
 * `kind` (an image unless said) this user uploaded; otherwise a 422 on `field`. Anyone's upload
 * uuid would otherwise let a user show another user's picture as their own.
 */
export async function assertOwnUpload(
  db: DB,
  userId: number,
  uuid: unknown,
  field = 'image_uuid',
  kind: 'image' | 'video' = 'image',
): Promise<string> {
  const found =
    typeof uuid === 'string' && isUuid(uuid)
      ? await db
          .selectFrom('uploads')
          .select('uuid')
          .where('uuid', '=', uuid)
          .where('user_id', '=', userId)
          .where('kind', '=', kind)
          .executeTakeFirst()
      : undefined;
  if (!found) {
    const message = kind === 'video' ? UPLOAD_MESSAGES.notOwnVideo : UPLOAD_MESSAGES.notOwnUpload;
    throw ValidationError.single(field, message);
  }
  return found.uuid;
}

/** An upload's file as GET /media/{uuid} serves it, else undefined. */
export async function findMedia(db: DB, uuid: string) {
  return db
    .selectFrom('uploads')
    .select(['mime_type', 'file_name', 'size', 'storage_key', 'content'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
}

export type StoredMedia = NonNullable<Awaited<ReturnType<typeof findMedia>>>;

/**
 * An upload's bytes, whole or a range: from the media storage by its key, or, for rows written
 * before the storage (and the seeded demo data), from the row itself. Undefined when the file is
 * gone (its row was deleted meanwhile).
 */
export async function openMedia(
  storage: MediaStorage,
  media: StoredMedia,
  range?: ByteRange,
): Promise<Readable | undefined> {
  if (media.storage_key === null) {
    if (media.content === null) return undefined;
    return Readable.from([
      range ? media.content.subarray(range.start, range.end + 1) : media.content,
    ]);
  }
  try {
    return await storage.read(media.storage_key, range);
  } catch (error) {
    if (error instanceof MediaNotFoundError) return undefined;
    throw error;
  }
}

/** Files of deleted uploads removed per query (decision 090). */
const DELETIONS_PER_BATCH = 100;

/**
 * Removes from the media storage the files of deleted uploads (queued by the database when their
 * rows went, migration 028), after the delete committed: never a file a row still names. Called
 * after the API's own deletes and at start; a failure is logged and the files stay queued for
 * the next time (a late removal, never a lost row's file).
 */
export async function removeDeletedMedia(app: FastifyInstance): Promise<void> {
  try {
    for (;;) {
      const queued = await app.db
        .selectFrom('media_deletions')
        .select('storage_key')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('uploads')
                .select('uuid')
                .whereRef('uploads.storage_key', '=', 'media_deletions.storage_key'),
            ),
          ),
        )
        .orderBy('created_at')
        .limit(DELETIONS_PER_BATCH)
        .execute();
      for (const { storage_key } of queued) {
        await app.media.remove(storage_key);
        await app.db.deleteFrom('media_deletions').where('storage_key', '=', storage_key).execute();
      }
      if (queued.length < DELETIONS_PER_BATCH) return;
    }
  } catch (error) {
    app.log.error(error, 'removing the files of deleted uploads failed');
  }
}

/**
 * Removes a user's picture: clears it from the account and deletes the upload unless a profile
 * still shows it (a guest's video too) (its stored file goes after, removeDeletedMedia). False when the user shows no such picture and has no such file.
 */
export async function removeUserImage(db: DB, userId: number, uuid: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const cleared = await trx
      .updateTable('users')
      .set({ image_uuid: null, updated_at: sql<Date>`now()` })
      .where('id', '=', userId)
      .where('image_uuid', '=', uuid)
      .executeTakeFirst();
    // The file goes too, unless a profile still shows it.
    const deleted = await trx
      .deleteFrom('uploads')
      .where('uuid', '=', uuid)
      .where('user_id', '=', userId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('guest_profiles')
              .select('id')
              .where('image_uuid', '=', uuid)
              .union(selectFrom('guest_profiles').select('id').where('video_uuid', '=', uuid))
              .union(selectFrom('show_profiles').select('id').where('image_uuid', '=', uuid))
              .union(selectFrom('show_profiles').select('id').where('cover_image_uuid', '=', uuid)),
          ),
        ),
      )
      .executeTakeFirst();
    return cleared.numUpdatedRows > 0n || deleted.numDeletedRows > 0n;
  });
}

/**
 * The recordings (audio or video uploads) among `uuids` that belong to `owner`: a user (their
 * own files) or a miniview (its answers). A uuid → kind map; anything else is left out.
 */
export async function recordingsOf(
  db: DB,
  owner: { userId: number } | { miniviewId: number },
  uuids: readonly string[],
): Promise<Map<string, RecordingKind>> {
  const wanted = [...new Set(uuids.map((uuid) => uuid.trim().toLowerCase()).filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('uploads')
    .select(['uuid', 'kind'])
    .where('uuid', 'in', wanted)
    .where('kind', 'in', ['audio', 'video'])
    .where(
      'userId' in owner ? 'user_id' : 'miniview_id',
      '=',
      'userId' in owner ? owner.userId : owner.miniviewId,
    )
    .execute();
  return new Map(
    rows.flatMap((row) => (row.kind === 'image' ? [] : [[row.uuid, row.kind] as const])),
  );
}
