import type { RecordingType } from './recorder';

/**
 * The spec's browsers that record (§5): Chrome 86+ (88 on Android phones), Samsung Internet 13+,
 * Firefox 84+, Edge 79+, Opera 71+. Their older versions had a MediaRecorder that lost audio or
 * could not record video, so they are refused by name.
 *
 * Safari is not on that list, yet the spec gives Safari users a hint about audio (§8) and the
 * issue asks for MP4 on Safari: Safari (and every browser on iOS, all WebKit) records when it has
 * MediaRecorder (14.1+), and gets the hint. A browser we cannot name is judged by what it has.
 */
const MINIMUM_VERSIONS: [name: string, pattern: RegExp, minimum: number][] = [
  ['edge', /Edg(?:e|A)?\/(\d+)/, 79],
  ['opera', /OPR\/(\d+)/, 71],
  ['samsung', /SamsungBrowser\/(\d+)/, 13],
  ['firefox', /Firefox\/(\d+)/, 84],
];

export interface BrowserSupport {
  /** May record: a browser of the list at its version, Safari, or one we cannot name. */
  supported: boolean;
  /** Safari's audio hint applies. */
  safari: boolean;
}

export function browserSupport(userAgent: string): BrowserSupport {
  // Every iOS browser is Safari's engine, whatever it calls itself (CriOS, FxiOS, EdgiOS).
  if (/iPhone|iPad|iPod/.test(userAgent)) return { supported: true, safari: true };
  for (const [, pattern, minimum] of MINIMUM_VERSIONS) {
    const match = pattern.exec(userAgent);
    if (match) return { supported: Number(match[1]) >= minimum, safari: false };
  }
  const chrome = /(?:Chrome|Chromium)\/(\d+)/.exec(userAgent);
  if (chrome) {
    const minimum = /Android/.test(userAgent) && /Mobile/.test(userAgent) ? 88 : 86;
    return { supported: Number(chrome[1]) >= minimum, safari: false };
  }
  if (/Version\/[\d.]+.*Safari\//.test(userAgent)) return { supported: true, safari: true };
  return { supported: true, safari: false };
}

/** The page can reach a camera and a MediaRecorder (not in an old browser, nor over plain http). */
export function canRecord(): boolean {
  return (
    typeof MediaRecorder === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/**
 * In order of preference, formats that every browser plays back: WebM (VP8/Opus) where it is
 * recorded (Chromium, Firefox, Safari 18.4+), else MP4 (older Safari). Opus in Ogg is Firefox's
 * audio-only fallback.
 */
const MIME_TYPES: Record<RecordingType, string[]> = {
  video: ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'],
  audio: ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'],
};

/** The first format of ours the browser records, or '' to let it choose its own. */
export function pickMimeType(type: RecordingType): string {
  return MIME_TYPES[type].find((mime) => MediaRecorder.isTypeSupported(mime)) ?? '';
}

/** `video/webm;codecs=vp8,opus` → `video/webm`: the file's type, as the server stores it. */
export function containerType(mimeType: string, type: RecordingType): string {
  return mimeType.split(';')[0]?.trim() || (type === 'video' ? 'video/webm' : 'audio/webm');
}

/** §9: ideal 1280×720, at least 640×480; the front camera of a phone. */
const VIDEO_CONSTRAINTS: MediaTrackConstraints = {
  width: { min: 640, ideal: 1280 },
  height: { min: 480, ideal: 720 },
  facingMode: 'user',
};

function isOverconstrained(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error.name === 'OverconstrainedError' || error.name === 'ConstraintNotSatisfiedError')
  );
}

/**
 * Opens the microphone, and the camera for a video. A camera that cannot give 640×480 (an old
 * laptop's, a virtual one) is asked again without the minimum: a smaller picture is better than
 * no recording at all, and the person sees it in the live preview before recording.
 */
export async function openDevices(type: RecordingType): Promise<MediaStream> {
  if (type === 'audio') return navigator.mediaDevices.getUserMedia({ audio: true });
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: VIDEO_CONSTRAINTS });
  } catch (error) {
    if (!isOverconstrained(error)) throw error;
    return navigator.mediaDevices.getUserMedia({
      audio: true,
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
    });
  }
}

export function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** 75 → '1:15'. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
