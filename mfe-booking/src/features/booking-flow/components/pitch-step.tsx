import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '@guestspot/shared-api';
import { uploadRecording } from '@guestspot/shared-api/recordings';
import { Button, Spinner, messages, openSubscribeDialog } from '@guestspot/shared-ui';
import type { RecorderUploadOptions, RecordingType } from '@guestspot/shared-ui/recorder';
import { useBookingFlow } from '../hooks/use-booking-flow';
import { BookingStep } from './booking-step';

// The recorder loads when a PRO booker opens it, not with the step.
const Recorder = lazy(async () => ({
  default: (await import('@guestspot/shared-ui/recorder')).Recorder,
}));

/** Spec §5, §9: pitch text max 300 characters with a counter. */
export const PITCH_MAX_LENGTH = 300;
const RECORDING_TYPES: RecordingType[] = ['video', 'audio'];
const upload = (media: Blob, options: RecorderUploadOptions) => uploadRecording(media, options);

/**
 * The pitch: a text of up to 300 characters, or an audio or video through the shared recorder.
 * Recording is a PRO feature: a standard account gets the Pro upgrade dialog instead, as MINIVIEW
 * creation does.
 */
export function PitchStep() {
  const flow = useBookingFlow('pitch');
  const user = useCurrentUser();
  const isPro = user?.account_type === 'pro';
  const [recorderOpen, setRecorderOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { pitchText, pitchRecording } = flow.values;
  const serverFields = flow.values.errors.pitch?.fields ?? {};
  const shownError = error ?? Object.values(serverFields)[0];

  return (
    <BookingStep
      flow={flow}
      step="pitch"
      validate={() => {
        if (pitchText.length > PITCH_MAX_LENGTH) {
          setError(messages.maxLength('Pitch', PITCH_MAX_LENGTH));
          return false;
        }
        // A pitch is what a pitch sends; in a booking the pitch step is optional.
        if (flow.isPitch && pitchText.trim() === '' && !pitchRecording) {
          setError(messages.required('Pitch'));
          return false;
        }
        return true;
      }}
    >
      <div className="gs-booking-flow__field">
        <label htmlFor="pitch-text" className="gs-booking-flow__label">
          Pitch
        </label>
        <textarea
          id="pitch-text"
          className="gs-control gs-booking-flow__textarea"
          rows={5}
          maxLength={PITCH_MAX_LENGTH}
          value={pitchText}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`pitch-counter${shownError ? ' pitch-error' : ''}`}
          onChange={(event) => {
            setError(null);
            flow.update({ pitchText: event.target.value.slice(0, PITCH_MAX_LENGTH) });
          }}
        />
        <p id="pitch-counter" className="gs-booking-flow__counter" aria-live="polite">
          {pitchText.length}/{PITCH_MAX_LENGTH}
        </p>
        {shownError ? (
          <p id="pitch-error" className="gs-booking-flow__error" role="alert">
            {shownError}
          </p>
        ) : null}
      </div>
      {pitchRecording && !recorderOpen ? (
        <div className="gs-booking-flow__recording">
          {pitchRecording.type === 'video' ? (
            // eslint-disable-next-line jsx-a11y/media-has-caption -- the booker's own recording: no captions exist
            <video
              src={pitchRecording.url}
              controls
              preload="metadata"
              aria-label="Your pitch recording"
            />
          ) : (
            // eslint-disable-next-line jsx-a11y/media-has-caption -- the booker's own recording: no captions exist
            <audio
              src={pitchRecording.url}
              controls
              preload="metadata"
              aria-label="Your pitch recording"
            />
          )}
          <Button variant="ghost" onClick={() => flow.update({ pitchRecording: null })}>
            Remove the recording
          </Button>
        </div>
      ) : null}
      {recorderOpen ? (
        <>
          <Suspense fallback={<Spinner label="Loading the recorder" />}>
            <Recorder
              types={RECORDING_TYPES}
              label="Record your pitch"
              saveLabel="Use this recording"
              upload={upload}
              value={pitchRecording}
              onSaved={(saved) => {
                flow.update({
                  pitchRecording: { uuid: saved.uuid, url: saved.url, type: saved.type },
                });
                setRecorderOpen(false);
              }}
            />
          </Suspense>
          <Button variant="ghost" onClick={() => setRecorderOpen(false)}>
            Close the recorder
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          onClick={() =>
            isPro
              ? setRecorderOpen(true)
              : openSubscribeDialog({ onSubscribed: () => setRecorderOpen(true) })
          }
        >
          {pitchRecording ? 'Record again' : 'Record an audio or video pitch'}
        </Button>
      )}
    </BookingStep>
  );
}
