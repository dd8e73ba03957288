import { lazy, Suspense, useState } from 'react';
import { isApiError, serverMessage, type BookingDetail } from '@guestspot/shared-api';
import { uploadRecording } from '@guestspot/shared-api/recordings';
import { Alert, Button, Field, Modal, Spinner, toast } from '@guestspot/shared-ui';
import type { RecorderUploadOptions, SavedRecording } from '@guestspot/shared-ui/recorder';
import { useSendPitchRecording } from '../hooks/use-pitch';

// The recorder (and its media code) loads with this dialog, not with the page.
const Recorder = lazy(async () => ({
  default: (await import('@guestspot/shared-ui/recorder')).Recorder,
}));

/** Spec §5 and §9: the text sent with a pitch, at most 300 characters. */
export const PITCH_TEXT_MAX = 300;
/** Spec §8: a pitch that could not be saved (audio reuses the video wording). */
export const PITCH_NOT_SAVED = 'The video pitch was not saved.';
export const PRO_ONLY = 'Only PRO users have access to this feature.';

const upload = (media: Blob, options: RecorderUploadOptions) => uploadRecording(media, options);

/**
 * Record and send a video or audio pitch from the booking page with the shared recorder (the
 * booking flow's pitch step uses the same). The page opens it for PRO accounts only; the
 * server's 426 is told in the spec's words all the same.
 */
export function PitchRecordingDialog({
  booking,
  kind,
  onClose,
}: {
  booking: BookingDetail;
  kind: 'video' | 'audio';
  onClose: () => void;
}) {
  const [recording, setRecording] = useState<SavedRecording | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useSendPitchRecording(booking.id);
  const saving = send.isPending;

  const submit = async () => {
    if (!recording) return;
    setError(null);
    try {
      await send.mutateAsync({
        kind: recording.type,
        payload: { media_uuid: recording.uuid, message: text.trim() || null },
      });
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status === 426
          ? PRO_ONLY
          : serverMessage(failure, PITCH_NOT_SAVED),
      );
      return;
    }
    toast.success(`Your ${recording.type} pitch was sent.`);
    onClose();
  };

  return (
    <Modal
      open
      size="md"
      title={kind === 'video' ? 'Send a video pitch' : 'Send an audio pitch'}
      description={`${booking.counterpart.name} can play it from the booking's activity.`}
      onClose={onClose}
      closeOnEscape={!saving}
      closeOnBackdropClick={!saving}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={!recording} loading={saving}>
            Send pitch
          </Button>
        </>
      }
    >
      {error ? <Alert tone="danger">{error}</Alert> : null}
      <Suspense fallback={<Spinner label="Loading the recorder" />}>
        <Recorder
          types={[kind]}
          label={kind === 'video' ? 'Record your video pitch' : 'Record your audio pitch'}
          saveLabel="Use this recording"
          upload={upload}
          value={recording}
          onSaved={setRecording}
        />
      </Suspense>
      <Field label="Message" hint={`${text.length}/${PITCH_TEXT_MAX} characters`}>
        {(control) => (
          <textarea
            {...control}
            className="gs-control gs-booking-reason__field"
            rows={3}
            maxLength={PITCH_TEXT_MAX}
            value={text}
            disabled={saving}
            onChange={(event) => setText(event.target.value)}
          />
        )}
      </Field>
    </Modal>
  );
}
