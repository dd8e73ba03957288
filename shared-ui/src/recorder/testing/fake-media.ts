// @guestspot/shared-ui/recorder/testing: a fake camera, microphone and MediaRecorder for the
// recorder's tests, the screens' tests that use it (jsdom has none of them) and stories.
// No jest in here, so that Storybook can use it too: calls are recorded in plain arrays.
//
// In jsdom everything is fake (tracks, streams, recorder). In a real browser (Storybook) a
// `<video>` accepts only a real MediaStream, so a granted request gets a canvas camera and a
// quiet tone (`canvasCamera`) recorded by the browser's own MediaRecorder: previews play.

/** What the next `getUserMedia` call does. */
export type FakeDeviceOutcome =
  /** Resolves with a stream of live fake tracks. */
  | 'granted'
  /** The person (or the browser's settings) refused: NotAllowedError. */
  | 'denied'
  /** No camera or microphone: NotFoundError. */
  | 'not-found'
  /** Refuses a video request that has a `min` width or height (OverconstrainedError). */
  | 'overconstrained'
  /** Waits until `resolvePending()` or `rejectPending()`: the browser's permission prompt. */
  | 'pending';

/** A Chromium user agent the recorder supports: jsdom's own names no browser. */
export const CHROME_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
export const SAFARI_USER_AGENT =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
export const FIREFOX_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';

/** What Chromium answers to `MediaRecorder.isTypeSupported`. */
export const CHROMIUM_TYPES = [
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'audio/webm;codecs=opus',
  'audio/webm',
];
/** What Safari (before 18.4) answers. */
export const SAFARI_TYPES = ['video/mp4', 'audio/mp4'];

export interface FakeMediaOptions {
  /** What getUserMedia does (default 'granted'); change it later with `media.outcome = …`. */
  outcome?: FakeDeviceOutcome;
  /** The types MediaRecorder.isTypeSupported accepts (default CHROMIUM_TYPES). */
  supportedTypes?: string[];
  /** navigator.userAgent while installed (default CHROME_USER_AGENT). */
  userAgent?: string;
  /**
   * true: the fake recorder (the default in jsdom); false: no MediaRecorder at all (an old
   * browser); 'native': the browser's own (the default in a browser), which records real streams.
   */
  mediaRecorder?: boolean | 'native';
  /** false: no navigator.mediaDevices (an old browser, or a page not served securely). */
  mediaDevices?: boolean;
  /**
   * The recording a recorder hands over when stopped (default: a few bytes of its mime type).
   * A story can give a real, playable file here.
   */
  recording?: (mimeType: string) => Blob;
  /**
   * The stream of a granted request instead of the fake tracks (default in a browser:
   * `canvasCamera`). Such streams are not listed in `streams`.
   */
  stream?: (constraints: MediaStreamConstraints) => MediaStream;
}

/** A real browser, where a `<video>` needs a real MediaStream (not jsdom). */
const inBrowser = () =>
  typeof MediaStream === 'function' &&
  typeof HTMLCanvasElement === 'function' &&
  'captureStream' in HTMLCanvasElement.prototype;

/**
 * A camera without a camera, for a real browser: a canvas drawing a moving gradient and the
 * time, and a quiet 440 Hz tone for the microphone. Real MediaStreams: the browser's own
 * MediaRecorder records them into a file that plays back.
 */
export function canvasCamera(constraints: MediaStreamConstraints): MediaStream {
  const stream = new MediaStream();
  if (constraints.video) {
    const canvas = Object.assign(document.createElement('canvas'), { width: 1280, height: 720 });
    const context = canvas.getContext('2d');
    const [track] = canvas.captureStream(30).getVideoTracks();
    const draw = (time: number) => {
      if (!context || !track || track.readyState === 'ended') return;
      const hue = (time / 40) % 360;
      const gradient = context.createLinearGradient(0, 0, 1280, 720);
      gradient.addColorStop(0, `hsl(${hue} 60% 45%)`);
      gradient.addColorStop(1, `hsl(${(hue + 90) % 360} 60% 30%)`);
      context.fillStyle = gradient;
      context.fillRect(0, 0, 1280, 720);
      context.fillStyle = '#fff';
      context.font = '600 64px system-ui, sans-serif';
      context.fillText(`Fake camera ${(time / 1000).toFixed(1)} s`, 80, 380);
      requestAnimationFrame(draw);
    };
    requestAnimationFrame(draw);
    if (track) stream.addTrack(track);
  }
  if (constraints.audio && typeof AudioContext === 'function') {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    const output = audio.createMediaStreamDestination();
    volume.gain.value = 0.05;
    tone.connect(volume).connect(output);
    tone.start();
    const [track] = output.stream.getAudioTracks();
    if (track) stream.addTrack(track);
    // track.stop() fires no event: the tone's context is closed once its track has been stopped.
    const watch = window.setInterval(() => {
      if (track && track.readyState !== 'ended') return;
      window.clearInterval(watch);
      void audio.close();
    }, 1000);
  }
  return stream;
}

type Listener = (event: Event) => void;

/** A track that knows whether it was stopped: the recorder must leave none live. */
export class FakeMediaStreamTrack extends EventTarget {
  readonly id = `track-${Math.random().toString(36).slice(2)}`;
  readyState: MediaStreamTrackState = 'live';
  enabled = true;
  constructor(readonly kind: 'audio' | 'video') {
    super();
  }
  get label() {
    return this.kind === 'video' ? 'Fake camera' : 'Fake microphone';
  }
  /** Stopped by the page: no 'ended' event, as in a browser. */
  stop() {
    this.readyState = 'ended';
  }
  /** Ended from outside the page (camera unplugged, access withdrawn): fires 'ended'. */
  end() {
    this.readyState = 'ended';
    this.dispatchEvent(new Event('ended'));
  }
  getSettings(): MediaTrackSettings {
    return this.kind === 'video' ? { width: 1280, height: 720 } : {};
  }
}

export class FakeMediaStream extends EventTarget {
  readonly id = `stream-${Math.random().toString(36).slice(2)}`;
  constructor(private readonly tracks: FakeMediaStreamTrack[]) {
    super();
  }
  get active() {
    return this.tracks.some((track) => track.readyState === 'live');
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((track) => track.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((track) => track.kind === 'video');
  }
}

function domError(name: string, message: string): Error {
  // jsdom has DOMException; the name is what the recorder reads.
  return typeof DOMException === 'function'
    ? new DOMException(message, name)
    : Object.assign(new Error(message), { name });
}

function hasMinimum(constraints: MediaStreamConstraints): boolean {
  const video = constraints.video;
  if (typeof video !== 'object' || video === null) return false;
  const dimension = (value: unknown) =>
    typeof value === 'object' && value !== null && 'min' in value;
  return dimension(video.width) || dimension(video.height);
}

/** Everything the fake saw, and the switches a test turns. */
export interface FakeMedia {
  outcome: FakeDeviceOutcome;
  /** Every getUserMedia call's constraints, in order. */
  readonly requests: MediaStreamConstraints[];
  /** Every stream handed out (fake ones; a `stream` option's streams are not tracked). */
  readonly streams: FakeMediaStream[];
  /** Every fake MediaRecorder made, in order. */
  readonly recorders: FakeMediaRecorderInstance[];
  /** Object URLs made with URL.createObjectURL, and those revoked. */
  readonly objectUrls: { created: string[]; revoked: string[] };
  /** The tracks handed out that are still live (camera light on). */
  liveTracks(): FakeMediaStreamTrack[];
  /** The latest recorder, if any. */
  lastRecorder(): FakeMediaRecorderInstance | undefined;
  /** Settles a 'pending' request: granted. */
  resolvePending(): void;
  /** Settles a 'pending' request: refused (NotAllowedError by default). */
  rejectPending(name?: string): void;
  /** Puts the browser's own objects back. */
  restore(): void;
}

/** The part of a fake recorder a test looks at. */
export interface FakeMediaRecorderInstance {
  readonly stream: MediaStream;
  readonly mimeType: string;
  readonly state: RecordingState;
  /** The timeslice given to start(), if any. */
  readonly timeslice: number | undefined;
  /** Makes the recorder fail, as when the camera is unplugged mid-recording. */
  fail(): void;
}

/**
 * Replaces `MediaRecorder`, `navigator.mediaDevices.getUserMedia`, `navigator.userAgent` and
 * `URL.createObjectURL`/`revokeObjectURL` (jsdom has none of the first and no object URLs);
 * `restore()` puts them back. In tests: `const media = installFakeMedia()` in `beforeEach` and
 * `media.restore()` in `afterEach`.
 */
export function installFakeMedia(options: FakeMediaOptions = {}): FakeMedia {
  const {
    supportedTypes = CHROMIUM_TYPES,
    userAgent = CHROME_USER_AGENT,
    mediaRecorder = inBrowser() && typeof MediaRecorder === 'function' ? 'native' : true,
    mediaDevices = true,
    recording = (mimeType: string) => new Blob(['fake media'], { type: mimeType }),
  } = options;
  const requests: MediaStreamConstraints[] = [];
  const streams: FakeMediaStream[] = [];
  const recorders: FakeMediaRecorderInstance[] = [];
  const objectUrls = { created: [] as string[], revoked: [] as string[] };
  let pending: { resolve: () => void; reject: (name?: string) => void } | null = null;

  const realStream = options.stream ?? (inBrowser() ? canvasCamera : undefined);
  const grant = (constraints: MediaStreamConstraints): MediaStream => {
    if (realStream) return realStream(constraints);
    const tracks = [
      ...(constraints.audio ? [new FakeMediaStreamTrack('audio')] : []),
      ...(constraints.video ? [new FakeMediaStreamTrack('video')] : []),
    ];
    const stream = new FakeMediaStream(tracks);
    streams.push(stream);
    return stream as unknown as MediaStream;
  };

  const media: FakeMedia = {
    outcome: options.outcome ?? 'granted',
    requests,
    streams,
    recorders,
    objectUrls,
    liveTracks: () =>
      streams.flatMap((stream) => stream.getTracks()).filter((t) => t.readyState === 'live'),
    lastRecorder: () => recorders[recorders.length - 1],
    resolvePending: () => pending?.resolve(),
    rejectPending: (name) => pending?.reject(name),
    restore: () => undefined,
  };

  const getUserMedia = (constraints: MediaStreamConstraints): Promise<MediaStream> => {
    requests.push(constraints);
    switch (media.outcome) {
      case 'denied':
        return Promise.reject(domError('NotAllowedError', 'Permission denied'));
      case 'not-found':
        return Promise.reject(domError('NotFoundError', 'Requested device not found'));
      case 'overconstrained':
        return hasMinimum(constraints)
          ? Promise.reject(domError('OverconstrainedError', 'Constraints could not be satisfied'))
          : Promise.resolve(grant(constraints));
      case 'pending':
        return new Promise((resolve, reject) => {
          pending = {
            resolve: () => {
              pending = null;
              resolve(grant(constraints));
            },
            reject: (name = 'NotAllowedError') => {
              pending = null;
              reject(domError(name, 'Permission denied'));
            },
          };
        });
      default:
        return Promise.resolve(grant(constraints));
    }
  };

  class FakeMediaRecorder extends EventTarget implements FakeMediaRecorderInstance {
    static isTypeSupported(type: string) {
      return supportedTypes.includes(type);
    }
    readonly mimeType: string;
    state: RecordingState = 'inactive';
    timeslice: number | undefined;
    ondataavailable: Listener | null = null;
    onstart: Listener | null = null;
    onstop: Listener | null = null;
    onerror: Listener | null = null;
    constructor(
      readonly stream: MediaStream,
      recorderOptions: MediaRecorderOptions = {},
    ) {
      super();
      // As a browser does: a type it cannot record is refused; none asked for, it picks its own.
      if (recorderOptions.mimeType && !supportedTypes.includes(recorderOptions.mimeType)) {
        throw domError('NotSupportedError', `${recorderOptions.mimeType} is not supported`);
      }
      this.mimeType = recorderOptions.mimeType || (supportedTypes[0] ?? '');
      recorders.push(this);
    }
    private emit(type: string, extra: Record<string, unknown> = {}) {
      const event = Object.assign(new Event(type), extra);
      this.dispatchEvent(event);
      const handler = this[`on${type}` as 'onstart'];
      if (typeof handler === 'function') handler.call(this, event);
    }
    start(timeslice?: number) {
      if (this.state !== 'inactive') throw domError('InvalidStateError', 'Already recording');
      this.state = 'recording';
      this.timeslice = timeslice;
      this.emit('start');
    }
    stop() {
      if (this.state === 'inactive') return;
      this.state = 'inactive';
      this.emit('dataavailable', { data: recording(this.mimeType) });
      this.emit('stop');
    }
    pause() {
      this.state = 'paused';
    }
    resume() {
      this.state = 'recording';
    }
    requestData() {
      this.emit('dataavailable', { data: recording(this.mimeType) });
    }
    fail() {
      this.state = 'inactive';
      this.emit('error', { error: domError('UnknownError', 'The recording failed') });
      this.emit('stop');
    }
  }

  // What is put back on restore().
  const scope = globalThis as unknown as Record<string, unknown>;
  const hadRecorder = Object.prototype.hasOwnProperty.call(scope, 'MediaRecorder');
  const previousRecorder = scope.MediaRecorder;
  const navigatorOwn = {
    mediaDevices: Object.getOwnPropertyDescriptor(navigator, 'mediaDevices'),
    userAgent: Object.getOwnPropertyDescriptor(navigator, 'userAgent'),
  };
  const { createObjectURL, revokeObjectURL } = URL;

  if (mediaRecorder === true) scope.MediaRecorder = FakeMediaRecorder;
  else if (!mediaRecorder) delete scope.MediaRecorder;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: mediaDevices ? { getUserMedia } : undefined,
  });
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent });
  let counter = 0;
  URL.createObjectURL = (object: Blob | MediaSource) => {
    // A real browser's URL plays in a story; jsdom has none, so a made-up one.
    const url =
      typeof createObjectURL === 'function'
        ? createObjectURL.call(URL, object)
        : `blob:fake-media/${++counter}`;
    objectUrls.created.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => {
    objectUrls.revoked.push(url);
    if (typeof revokeObjectURL === 'function') revokeObjectURL.call(URL, url);
  };

  media.restore = () => {
    if (hadRecorder) scope.MediaRecorder = previousRecorder;
    else delete scope.MediaRecorder;
    for (const [name, descriptor] of Object.entries(navigatorOwn)) {
      if (descriptor) Object.defineProperty(navigator, name, descriptor);
      else delete (navigator as unknown as Record<string, unknown>)[name];
    }
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  };
  return media;
}
