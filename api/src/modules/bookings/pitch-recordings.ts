import { HttpError, ValidationError } from '../../http/errors';
import type { PitchRecordingPayload } from '../../contract';
import type { DB } from '../../db/database';
import { PRO_ONLY_MESSAGE, PRO_ONLY_STATUS, type AuthUser } from '../auth/require-user';
import type { BookingParties } from './action-rules';
import { refuse } from './actions';
import { recordActivity, type BookingActor } from './lifecycle';
import { recordingRefusal } from './pitch-rules';

// A video or audio pitch sent from the booking page (booking-management… §7 video-pitch and
// audio-pitch, decision 115): recorded with the shared recorder and uploaded first as every
// recording is (decision 086's resumable uploads), then named here by its uuid with an optional
// text of up to 300 characters. PRO only (426, the spec's message). The spec's multipart body
// and `sender` are not read: the upload has happened, and the side is the caller's.

export type RecordingKind = 'video' | 'audio';

export const RECORDING_INVALID = 'The selected recording is invalid.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Either side of a live booking sends one of its own recordings of that kind: a
 * `{kind}-pitch` timeline entry (the other side is told, migration 045).
 */
export async function sendPitchRecording(
  db: DB,
  user: AuthUser,
  booking: BookingParties,
  actor: BookingActor,
  kind: RecordingKind,
  body: PitchRecordingPayload,
  now: Date,
): Promise<void> {
  if (user.account_type !== 'pro') throw new HttpError(PRO_ONLY_STATUS, PRO_ONLY_MESSAGE);
  refuse(recordingRefusal(booking, null, now));
  const uuid = body.media_uuid.trim().toLowerCase();
  if (!UUID.test(uuid)) throw ValidationError.single('media_uuid', RECORDING_INVALID);
  const upload = await db
    .selectFrom('uploads')
    .select('kind')
    .where('uuid', '=', uuid)
    .where('user_id', '=', user.id)
    .executeTakeFirst();
  if (upload?.kind !== kind) throw ValidationError.single('media_uuid', RECORDING_INVALID);
  const message = body.message?.trim() || null;
  await recordActivity(db, booking.id, `${kind}-pitch`, actor, { media_uuid: uuid, message });
}
