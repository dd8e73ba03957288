import { lazy, Suspense, useState } from 'react';
import { uploadRecording } from '@guestspot/shared-api/recordings';
import { Button, Spinner } from '@guestspot/shared-ui';
import type { RecorderUploadOptions, RecordingType } from '@guestspot/shared-ui/recorder';
import type { SavedRecording } from '../stores/miniview-draft-store';

// The recorder loads when a question's recording is opened, not with the questions step.
const Recorder = lazy(async () => ({
  default: (await import('@guestspot/shared-ui/recorder')).Recorder,
}));

const RECORDING_TYPES: RecordingType[] = ['video', 'audio'];
/** The spec's recording maximum (§9), for a question's recording as for an answer. */
export const QUESTION_MAX_SECONDS = 60;

/** The owner's own recording: no MINIVIEW yet (POST /users/me/recordings). */
const upload = (media: Blob, options: RecorderUploadOptions) => uploadRecording(media, options);

/**
 * A question's own video or audio: played back once saved, recorded (or recorded again) in the
 * recorder, or removed from the question. `error` is the server's word on it (422).
 */
export function QuestionRecording({
  number,
  recording,
  error,
  onChange,
}: {
  /** the question's position, 1-based, for the controls' names */
  number: number;
  recording: SavedRecording | null;
  error: string | undefined;
  onChange: (recording: SavedRecording | null) => void;
}) {
  const [recorderOpen, setRecorderOpen] = useState(false);
  const label = `question ${number}`;
  return (
    <div className="gs-miniview-create__recording">
      {recording && !recorderOpen ? <QuestionMedia recording={recording} number={number} /> : null}
      {recorderOpen ? (
        <>
          <Suspense fallback={<Spinner label="Loading the recorder" />}>
            <Recorder
              types={RECORDING_TYPES}
              maxSeconds={QUESTION_MAX_SECONDS}
              label={`Record ${label}`}
              saveLabel="Use this recording"
              upload={upload}
              value={recording}
              onSaved={(saved) => {
                onChange({ uuid: saved.uuid, url: saved.url, type: saved.type });
                setRecorderOpen(false);
              }}
            />
          </Suspense>
          <Button variant="ghost" onClick={() => setRecorderOpen(false)}>
            Close the recorder<span className="visually-hidden"> of {label}</span>
          </Button>
        </>
      ) : (
        <div className="gs-miniview-create__recording-actions">
          <Button variant="secondary" onClick={() => setRecorderOpen(true)}>
            {recording ? 'Record again' : 'Record a video or audio'}
            <span className="visually-hidden"> for {label}</span>
          </Button>
          {recording ? (
            <Button variant="ghost" onClick={() => onChange(null)}>
              Remove the recording<span className="visually-hidden"> of {label}</span>
            </Button>
          ) : null}
        </div>
      )}
      {error ? (
        <p className="gs-miniview-create__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function QuestionMedia({ recording, number }: { recording: SavedRecording; number: number }) {
  const label = `Question ${number} recording`;
  return recording.type === 'video' ? (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- recorded by the MINIVIEW's owner: no captions exist
    <video
      className="gs-miniview-create__video"
      src={recording.url}
      controls
      preload="metadata"
      aria-label={label}
    />
  ) : (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- recorded by the MINIVIEW's owner: no captions exist
    <audio
      className="gs-miniview-create__audio"
      src={recording.url}
      controls
      preload="metadata"
      aria-label={label}
    />
  );
}
