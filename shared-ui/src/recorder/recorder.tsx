import { useCallback, useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
// The root entry by its name, like image-upload: one copy of each component (decision 079).
import { Alert, Button, cx, IconCheckCircle } from '@guestspot/shared-ui';
import {
  browserSupport,
  canRecord,
  containerType,
  formatSeconds,
  openDevices,
  pickMimeType,
  stopStream,
} from './media-support';
import { useAudioLevel } from './use-audio-level';
import './recorder.css';

export type RecordingType = 'audio' | 'video';

/** What the server stored. */
export interface SavedRecording {
  uuid: string;
  url: string;
  type: RecordingType;
}

export interface RecorderUploadOptions {
  type: RecordingType;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

export interface RecorderProps {
  /** Which kinds the person may choose; the first is selected first. Default ['video', 'audio']. */
  types?: RecordingType[];
  /**
   * Sends the recording; resolves with what was stored; rejects with an error carrying `status`
   * and the server's body (shared-api's ApiError). The screens pass shared-api's
   * `uploadRecording`, stories a fake: the design system makes no API call of its own.
   */
  upload: (media: Blob, options: RecorderUploadOptions) => Promise<SavedRecording>;
  /** Called once the recording is saved (or, for an already saved one, re-emitted without uploading again). */
  onSaved: (recording: SavedRecording) => void;
  /**
   * An already saved recording (e.g. going back to a question): shown in preview; Save re-emits it,
   * Redo starts over. Read when the recorder mounts: give each question's recorder its own `key`.
   */
  value?: SavedRecording | null;
  /** Max seconds, default 60. */
  maxSeconds?: number;
  /** Label of the save button, default 'Save'. */
  saveLabel?: string;
  /** Names the recorder for assistive technology, default 'Recorder' (e.g. 'Record your answer'). */
  label?: string;
  className?: string;
}

export type RecorderState =
  | 'unsupported'
  | 'requesting'
  | 'denied'
  | 'ready'
  | 'recording'
  | 'preview'
  | 'uploading'
  | 'failed'
  | 'saved';

/** The spec's texts (§5, §8), quoted exactly, and the recorder's own. */
export const RECORDER_MESSAGES = {
  unsupported: 'Recording is not supported on this browser. Try with a different browser',
  noAccess: 'Please allow access to your camera and mic to record pitch.',
  safariHint: 'If you are having trouble with audio, try using Chrome as your browser.',
  notSaved: {
    video: 'The video recording was not saved.',
    audio: 'The audio recording was not saved.',
  },
  proOnly: 'Only PRO users have access to this feature.',
  playback: 'There was an error. Press Redo to try again or refresh the page.',
  empty: 'Nothing was recorded. Press Redo to record again.',
} as const;

export const RECORDER_DEFAULTS = {
  types: ['video', 'audio'] as RecordingType[],
  maxSeconds: 60,
  saveLabel: 'Save',
  label: 'Recorder',
} as const;

const TYPE_LABELS: Record<RecordingType, string> = { video: 'Video', audio: 'Audio' };
const WARNING_SECONDS = 10;

/**
 * The spec's "server message, else {fallback}" for a failed save, with 426 (not PRO) giving the
 * PRO message. Read the way shared-api's `serverMessage` reads an ApiError (its body's message),
 * without importing shared-api: the recorder only knows its `upload` prop.
 */
export function recordingErrorMessage(error: unknown, type: RecordingType): string {
  if (typeof error !== 'object' || error === null) return RECORDER_MESSAGES.notSaved[type];
  if ('status' in error && error.status === 426) return RECORDER_MESSAGES.proOnly;
  const data = 'data' in error ? error.data : undefined;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return RECORDER_MESSAGES.notSaved[type];
}

/**
 * A MediaRecorder of our format, else of the browser's own choosing (a browser may claim a type it
 * then refuses), else none: recording is not possible here after all.
 */
function createRecorder(stream: MediaStream, mimeType: string): MediaRecorder | null {
  try {
    return new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  } catch {
    try {
      return new MediaRecorder(stream);
    } catch {
      return null;
    }
  }
}

/** What was recorded and not yet saved: kept until Redo, so that a failed upload loses nothing. */
interface Take {
  media: Blob;
  url: string;
  seconds: number;
  type: RecordingType;
}

function initialState(value: SavedRecording | null | undefined): RecorderState {
  if (!canRecord() || !browserSupport(navigator.userAgent).supported) {
    // A saved recording can still be played and kept where nothing can be recorded.
    return value ? 'preview' : 'unsupported';
  }
  return value ? 'preview' : 'requesting';
}

/**
 * Records a video or audio answer of at most `maxSeconds`: asks for the camera/microphone, shows
 * the live picture, records with a countdown (stopping by itself at the limit), lets the person
 * play it back, redo it or save it (upload with progress, Cancel, and Retry that sends the same
 * recording again). Its state is `data-state` on the root.
 */
export function Recorder({
  types = RECORDER_DEFAULTS.types,
  upload,
  onSaved,
  value = null,
  maxSeconds = RECORDER_DEFAULTS.maxSeconds,
  saveLabel = RECORDER_DEFAULTS.saveLabel,
  label = RECORDER_DEFAULTS.label,
  className,
}: RecorderProps) {
  const id = useId();
  const [state, setState] = useState<RecorderState>(() => initialState(value));
  const [type, setType] = useState<RecordingType>(value?.type ?? types[0] ?? 'video');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [take, setTake] = useState<Take | null>(null);
  const [saved, setSaved] = useState<SavedRecording | null>(value);
  const [elapsed, setElapsed] = useState(0);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [playbackFailed, setPlaybackFailed] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const recorderRef = useRef<MediaRecorder | null>(null);
  const startedAtRef = useRef(0);
  const uploadRef = useRef<AbortController | null>(null);
  const [safari] = useState(() => browserSupport(navigator.userAgent).safari);
  const level = useAudioLevel(type === 'audio' ? stream : null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const actedRef = useRef(false);

  // Each state has its own buttons: when the one pressed goes away (Start becomes Stop), focus
  // goes to the new state's main action instead of the page's start. Never taken from elsewhere.
  useEffect(() => {
    if (!actedRef.current) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const buttons =
      actionsRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)');
    buttons?.[buttons.length - 1]?.focus();
  }, [state]);

  // Ask for the devices whenever the state says so (first render, Redo, Try again, a new type).
  useEffect(() => {
    if (state !== 'requesting') return undefined;
    let current = true;
    openDevices(type).then(
      (opened) => {
        if (!current) return stopStream(opened);
        setStream(opened);
        setState('ready');
      },
      () => {
        if (current) setState('denied');
      },
    );
    return () => {
      current = false;
    };
  }, [state, type]);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  // The camera light goes off as soon as the stream is let go of, and on unmount.
  useEffect(() => {
    if (!stream) return undefined;
    const tracks = stream.getTracks();
    // Unplugged, or access withdrawn in the browser's settings: keep what was recorded.
    const lost = () => {
      if (recorderRef.current) {
        stop();
      } else {
        setStream(null);
        setState('denied');
      }
    };
    for (const track of tracks) track.addEventListener('ended', lost);
    return () => {
      for (const track of tracks) track.removeEventListener('ended', lost);
      stopStream(stream);
    };
  }, [stream, stop]);

  useEffect(() => {
    if (!take) return undefined;
    return () => URL.revokeObjectURL(take.url);
  }, [take]);

  // Leaving the page: no upload keeps running, no recorder keeps recording.
  useEffect(
    () => () => {
      uploadRef.current?.abort();
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') {
        recorder.onstop = null;
        recorder.stop();
      }
    },
    [],
  );

  // The clock, and the stop at the limit.
  useEffect(() => {
    if (state !== 'recording') return undefined;
    const tick = window.setInterval(() => {
      const seconds = Math.floor((Date.now() - startedAtRef.current) / 1000);
      setElapsed(seconds);
      // The visible countdown is not read out every second; its last ten seconds are announced.
      if (maxSeconds > WARNING_SECONDS && seconds === maxSeconds - WARNING_SECONDS) {
        setAnnouncement(`${WARNING_SECONDS} seconds left`);
      }
    }, 250);
    const limit = window.setTimeout(stop, maxSeconds * 1000 - (Date.now() - startedAtRef.current));
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(limit);
    };
  }, [state, maxSeconds, stop]);

  const record = () => {
    if (!stream) return;
    const mimeType = pickMimeType(type);
    const recorder = createRecorder(stream, mimeType);
    if (!recorder) {
      setStream(null);
      setState('unsupported');
      return;
    }
    const chunks: Blob[] = [];
    const recordedType = type;
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstop = () => {
      recorderRef.current = null;
      const seconds = Math.min(maxSeconds, Math.floor((Date.now() - startedAtRef.current) / 1000));
      const media = new Blob(chunks, {
        type: containerType(recorder.mimeType || mimeType, recordedType),
      });
      setTake({ media, url: URL.createObjectURL(media), seconds, type: recordedType });
      setElapsed(seconds);
      setStream(null);
      setSaved(null);
      setPlaybackFailed(false);
      setState('preview');
      setAnnouncement('Recording stopped');
    };
    recorderRef.current = recorder;
    startedAtRef.current = Date.now();
    // Data every second: a recording cut short (camera unplugged) keeps what came before.
    try {
      recorder.start(1000);
    } catch {
      recorderRef.current = null;
      setStream(null);
      setState('unsupported');
      return;
    }
    setElapsed(0);
    setState('recording');
    setAnnouncement('Recording started');
  };

  const redo = () => {
    uploadRef.current?.abort();
    setTake(null);
    setSaved(null);
    setError(null);
    setPlaybackFailed(false);
    setElapsed(0);
    setAnnouncement('');
    setState('requesting');
  };

  const chooseType = (next: RecordingType) => {
    if (next === type) return;
    setStream(null);
    setType(next);
    setState('requesting');
  };

  const send = async (media: Blob, recordedType: RecordingType) => {
    const controller = new AbortController();
    uploadRef.current = controller;
    setError(null);
    setProgress(0);
    setState('uploading');
    setAnnouncement('Uploading');
    try {
      const stored = await upload(media, {
        type: recordedType,
        signal: controller.signal,
        onProgress: (fraction) => {
          if (!controller.signal.aborted) setProgress(Math.min(1, Math.max(0, fraction)));
        },
      });
      if (controller.signal.aborted) return;
      setSaved(stored);
      setState('saved');
      setAnnouncement('Saved');
      onSaved(stored);
    } catch (caught) {
      // Cancel (or leaving) aborted it: back to the recording, nothing to say.
      if (controller.signal.aborted) return;
      setError(recordingErrorMessage(caught, recordedType));
      setState('failed');
      setAnnouncement('');
    } finally {
      if (uploadRef.current === controller) uploadRef.current = null;
    }
  };

  const save = () => {
    if (take) {
      void send(take.media, take.type);
    } else if (saved) {
      // Already on the server: nothing to send again.
      setState('saved');
      setAnnouncement('Saved');
      onSaved(saved);
    }
  };

  const cancelUpload = () => {
    uploadRef.current?.abort();
    setState('preview');
    setAnnouncement('Upload cancelled');
  };

  const acted = () => {
    actedRef.current = true;
  };

  const shownType = take?.type ?? saved?.type ?? type;
  // What was just recorded plays from this device, before and after saving (the same file, and
  // no request to a media URL the visitor may not be allowed to read); else the saved one.
  const playbackUrl = take?.url ?? saved?.url ?? null;
  // No data at all (stopped at once): nothing to play or send. Audio also needs a second (§5).
  const noData = take !== null && take.media.size === 0 && state !== 'saved';
  const empty = noData || (take !== null && take.type === 'audio' && take.seconds < 1);
  const live = state === 'ready' || state === 'recording';
  // Open while asking for devices too: arrowing past a type must not lose the keyboard's place.
  const chooserDisabled = state !== 'ready' && state !== 'requesting' && state !== 'denied';
  const hintId = `${id}-hint`;

  return (
    <div
      className={cx('gs-recorder', className)}
      data-state={state}
      data-type={shownType}
      role="group"
      aria-label={label}
    >
      <p className="gs-recorder__announcer visually-hidden" role="status">
        {announcement}
      </p>

      {types.length > 1 && state !== 'unsupported' && !playbackUrl ? (
        <fieldset className="gs-recorder__types" disabled={chooserDisabled}>
          <legend className="visually-hidden">Record with</legend>
          {types.map((option) => (
            <label key={option} className="gs-recorder__type">
              <input
                type="radio"
                name={`${id}-type`}
                value={option}
                checked={type === option}
                onChange={() => chooseType(option)}
              />
              <span>{TYPE_LABELS[option]}</span>
            </label>
          ))}
        </fieldset>
      ) : null}

      <div className="gs-recorder__stage" data-kind={shownType}>
        {live && shownType === 'video' && stream ? (
          <LiveVideo stream={stream} />
        ) : live && shownType === 'audio' ? (
          <p className="gs-recorder__placeholder">
            <span className="gs-recorder__mic" aria-hidden="true" />
            {state === 'recording' ? 'Recording audio' : 'Microphone ready'}
            <span className="gs-recorder__level" aria-hidden="true">
              <span style={{ transform: `scaleX(${level})` }} />
            </span>
          </p>
        ) : playbackUrl && state !== 'uploading' && !noData ? (
          <Playback type={shownType} url={playbackUrl} onError={() => setPlaybackFailed(true)} />
        ) : state === 'uploading' ? (
          <p className="gs-recorder__placeholder">Saving your recording</p>
        ) : state === 'requesting' ? (
          <p className="gs-recorder__placeholder">
            {type === 'video'
              ? 'Turning on the camera and microphone'
              : 'Turning on the microphone'}
          </p>
        ) : (
          <p className="gs-recorder__placeholder" aria-hidden="true">
            {type === 'video' ? 'Camera off' : 'Microphone off'}
          </p>
        )}
        {state === 'recording' ? (
          <p className="gs-recorder__clock">
            <span className="gs-recorder__dot" aria-hidden="true" />
            <span role="timer" aria-label="Recorded">
              {formatSeconds(elapsed)}
            </span>
            <span className="gs-recorder__left">{`${formatSeconds(maxSeconds - elapsed)} left`}</span>
          </p>
        ) : null}
      </div>

      {state === 'unsupported' ? (
        <p id={hintId} className="gs-recorder__message" role="note">
          {RECORDER_MESSAGES.unsupported}
        </p>
      ) : null}
      {state === 'denied' ? <Alert tone="danger">{RECORDER_MESSAGES.noAccess}</Alert> : null}
      {state === 'failed' && error ? <Alert tone="danger">{error}</Alert> : null}
      {playbackFailed &&
      !noData &&
      (state === 'preview' || state === 'failed' || state === 'saved') ? (
        <Alert tone="danger">{RECORDER_MESSAGES.playback}</Alert>
      ) : null}
      {state === 'uploading' ? <UploadProgress fraction={progress} /> : null}
      {state === 'saved' ? (
        <p className="gs-recorder__message" data-tone="success">
          <IconCheckCircle />
          Saved
        </p>
      ) : null}

      <div className="gs-recorder__actions" ref={actionsRef} onClickCapture={acted}>
        {state === 'unsupported' ? (
          <Button disabled aria-describedby={hintId}>
            Start recording
          </Button>
        ) : null}
        {state === 'requesting' ? (
          <Button loading disabled>
            Start recording
          </Button>
        ) : null}
        {state === 'denied' ? (
          <Button variant="secondary" onClick={() => setState('requesting')}>
            Try again
          </Button>
        ) : null}
        {state === 'ready' ? <Button onClick={record}>Start recording</Button> : null}
        {state === 'recording' ? (
          <Button variant="danger" onClick={stop}>
            Stop recording
          </Button>
        ) : null}
        {state === 'preview' || state === 'failed' || state === 'saved' ? (
          <Button variant="secondary" onClick={redo} disabled={!canRecord()}>
            Redo
          </Button>
        ) : null}
        {state === 'preview' ? (
          <Button
            onClick={save}
            disabled={empty}
            aria-describedby={empty ? `${id}-empty` : undefined}
          >
            {saveLabel}
          </Button>
        ) : null}
        {state === 'failed' ? <Button onClick={save}>Retry</Button> : null}
        {state === 'uploading' ? (
          <Button variant="secondary" onClick={cancelUpload}>
            Cancel
          </Button>
        ) : null}
      </div>
      {state === 'preview' && empty ? (
        <p id={`${id}-empty`} className="gs-recorder__hint">
          {RECORDER_MESSAGES.empty}
        </p>
      ) : null}
      {safari && state !== 'unsupported' ? (
        <p className="gs-recorder__hint">{RECORDER_MESSAGES.safariHint}</p>
      ) : null}
    </div>
  );
}

/** The camera's picture, mirrored like a mirror, muted so that the speaker does not echo. */
function LiveVideo({ stream }: { stream: MediaStream }) {
  const ref = useCallback(
    (video: HTMLVideoElement | null) => {
      if (video) video.srcObject = stream;
    },
    [stream],
  );
  return (
    <video
      ref={ref}
      className="gs-recorder__video gs-recorder__video--live"
      aria-label="Camera preview"
      autoPlay
      muted
      playsInline
    />
  );
}

/**
 * Chrome's recorded WebM has no duration in its header, so its player cannot seek until it has
 * read to the end: jumping far ahead once makes it find the end, then it comes back to 0.
 */
function findDuration(event: SyntheticEvent<HTMLMediaElement>) {
  const media = event.currentTarget;
  if (Number.isFinite(media.duration)) return;
  media.addEventListener(
    'timeupdate',
    () => {
      media.currentTime = 0;
    },
    { once: true },
  );
  media.currentTime = Number.MAX_SAFE_INTEGER;
}

function Playback({
  type,
  url,
  onError,
}: {
  type: RecordingType;
  url: string;
  onError: () => void;
}) {
  return type === 'video' ? (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- the person's own recording: nothing to caption
    <video
      className="gs-recorder__video"
      src={url}
      controls
      playsInline
      preload="metadata"
      aria-label="Your recording"
      onLoadedMetadata={findDuration}
      onError={onError}
    />
  ) : (
    // eslint-disable-next-line jsx-a11y/media-has-caption -- the person's own recording: nothing to caption
    <audio
      className="gs-recorder__audio"
      src={url}
      controls
      preload="metadata"
      aria-label="Your recording"
      onLoadedMetadata={findDuration}
      onError={onError}
    />
  );
}

function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <div className="gs-recorder__progress">
      <div
        className="gs-recorder__bar"
        role="progressbar"
        aria-label="Uploading the recording"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span className="gs-recorder__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="gs-recorder__percent" aria-hidden="true">
        {`${percent}%`}
      </span>
    </div>
  );
}
