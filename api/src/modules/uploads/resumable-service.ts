import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../../db/database';
import type { RecordingKind } from './sniff';

// The rows of resumable recording uploads in progress (decision 086): who may continue one and
// where its recording goes. The bytes themselves are tus's, in the upload folder.

/** An upload not finished within this long is abandoned: its row and bytes are removed. */
export const ABANDONED_AFTER_HOURS = 24;

/** Who started an upload: a signed-in user, or a visitor's browser (its upload cookie). */
export type UploadStarter = { userId: number } | { visitorToken: string };

export interface RecordingUploadRow {
  id: string;
  kind: RecordingKind;
  file_name: string;
  miniview_id: number | null;
  user_id: number | null;
}

/** A visitor's upload cookie: 256 random bits; only its hash is stored. */
export function newVisitorToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isVisitorToken(value: string | undefined): value is string {
  return value !== undefined && /^[A-Za-z0-9_-]{43}$/.test(value);
}

function visitorHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createRecordingUpload(
  db: DB,
  upload: {
    id: string;
    kind: RecordingKind;
    fileName: string;
    miniviewId: number | null;
    starter: UploadStarter;
  },
): Promise<void> {
  await db
    .insertInto('recording_uploads')
    .values({
      id: upload.id,
      kind: upload.kind,
      file_name: upload.fileName,
      miniview_id: upload.miniviewId,
      user_id: 'userId' in upload.starter ? upload.starter.userId : null,
      visitor_hash:
        'visitorToken' in upload.starter ? visitorHash(upload.starter.visitorToken) : null,
    })
    .execute();
}

/**
 * The upload `id` if `starter` started it and it is not abandoned yet; else undefined (the
 * caller answers 404: nobody learns which uploads exist).
 */
export async function findOwnRecordingUpload(
  db: DB,
  id: string,
  starter: UploadStarter | null,
): Promise<RecordingUploadRow | undefined> {
  if (!starter) return undefined;
  const query = db
    .selectFrom('recording_uploads')
    .select(['id', 'kind', 'file_name', 'miniview_id', 'user_id'])
    .where('id', '=', id)
    .where('created_at', '>', sql<Date>`now() - make_interval(hours => ${ABANDONED_AFTER_HOURS})`);
  return (
    'userId' in starter
      ? query.where('user_id', '=', starter.userId)
      : query.where('visitor_hash', '=', visitorHash(starter.visitorToken))
  ).executeTakeFirst();
}

export async function deleteRecordingUpload(db: DB, id: string): Promise<void> {
  await db.deleteFrom('recording_uploads').where('id', '=', id).execute();
}

/** Removes the rows of abandoned uploads; answers their ids (their bytes go next). */
export async function deleteAbandonedRecordingUploads(db: DB): Promise<string[]> {
  const rows = await db
    .deleteFrom('recording_uploads')
    .where('created_at', '<=', sql<Date>`now() - make_interval(hours => ${ABANDONED_AFTER_HOURS})`)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
