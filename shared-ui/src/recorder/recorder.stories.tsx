import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn, userEvent, waitFor, within } from 'storybook/test';
import { Recorder, type RecorderUploadOptions, type SavedRecording } from './recorder';
import {
  installFakeMedia,
  SAFARI_TYPES,
  SAFARI_USER_AGENT,
  type FakeMediaOptions,
} from './testing/fake-media';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One second of a 440 Hz tone as a WAV file: a saved recording that plays anywhere. */
function toneWav(): string {
  const rate = 8000;
  const samples = rate;
  const buffer = new DataView(new ArrayBuffer(44 + samples * 2));
  const text = (offset: number, value: string) =>
    [...value].forEach((char, i) => buffer.setUint8(offset + i, char.charCodeAt(0)));
  text(0, 'RIFF');
  buffer.setUint32(4, 36 + samples * 2, true);
  text(8, 'WAVEfmt ');
  buffer.setUint32(16, 16, true);
  buffer.setUint16(20, 1, true);
  buffer.setUint16(22, 1, true);
  buffer.setUint32(24, rate, true);
  buffer.setUint32(28, rate * 2, true);
  buffer.setUint16(32, 2, true);
  buffer.setUint16(34, 16, true);
  text(36, 'data');
  buffer.setUint32(40, samples * 2, true);
  for (let i = 0; i < samples; i += 1) {
    buffer.setInt16(44 + i * 2, Math.sin((2 * Math.PI * 440 * i) / rate) * 3000, true);
  }
  return URL.createObjectURL(new Blob([buffer], { type: 'audio/wav' }));
}

/**
 * The browser's camera and microphone replaced while the story is shown (its beforeEach): a
 * canvas camera recorded by the browser's own MediaRecorder, so that previews play.
 */
const withMedia = (options: FakeMediaOptions = {}) =>
  function installMedia() {
    const media = installFakeMedia(options);
    return () => media.restore();
  };

/** Stands in for shared-api's uploadRecording: progress in steps, then the stored recording. */
async function fakeUpload(
  media: Blob,
  { type, onProgress, signal }: RecorderUploadOptions,
): Promise<SavedRecording> {
  for (let step = 1; step <= 5; step += 1) {
    await wait(400);
    if (signal.aborted) throw new DOMException('Cancelled', 'AbortError');
    onProgress(step / 5);
  }
  return { uuid: crypto.randomUUID(), url: URL.createObjectURL(media), type };
}

/** An upload that never ends, stopped at 40%. */
const stalledUpload = (_media: Blob, { onProgress, signal }: RecorderUploadOptions) =>
  new Promise<SavedRecording>((_resolve, reject) => {
    onProgress(0.4);
    signal.addEventListener('abort', () => reject(new DOMException('Cancelled', 'AbortError')));
  });

const failingUpload = (status: number, message?: string) => async () => {
  await wait(600);
  throw Object.assign(new Error(message ?? 'Error! Something went wrong.'), {
    status,
    data: message ? { message } : undefined,
  });
};

type PlayContext = { canvasElement: HTMLElement };

function expectState(canvasElement: HTMLElement, state: string) {
  const root = canvasElement.querySelector('.gs-recorder');
  if (root?.getAttribute('data-state') !== state) throw new Error(`Not ${state} yet`);
}

const ready = async ({ canvasElement }: PlayContext) => {
  await waitFor(() => expectState(canvasElement, 'ready'));
  return within(canvasElement);
};

/** Records for `seconds`, then stops: the recorder is in preview. */
const recordFor = (seconds: number) => async (context: PlayContext) => {
  const canvas = await ready(context);
  await userEvent.click(canvas.getByRole('button', { name: 'Start recording' }));
  await wait(seconds * 1000);
  await userEvent.click(canvas.getByRole('button', { name: 'Stop recording' }));
  await waitFor(() => expectState(context.canvasElement, 'preview'));
  return canvas;
};

/** Records, presses Save, and waits for the upload to end in `state`. */
const recordAndSave = (state: 'uploading' | 'failed' | 'saved') => async (context: PlayContext) => {
  const canvas = await recordFor(2)(context);
  await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
  await waitFor(() => expectState(context.canvasElement, state), { timeout: 5000 });
};

const meta = {
  title: 'Media/Recorder',
  component: Recorder,
  tags: ['autodocs'],
  beforeEach: withMedia(),
  args: { upload: fakeUpload, onSaved: fn(), maxSeconds: 60 },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Recorder>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The camera's live picture; Video or Audio; Start recording. */
export const Ready: Story = {};

/** Audio chosen first: a placeholder where the picture would be. */
export const ReadyAudio: Story = { args: { types: ['audio', 'video'] } };

/** Waiting for the browser's permission prompt to be answered. */
export const Requesting: Story = { beforeEach: withMedia({ outcome: 'pending' }) };

/** Access refused: 'Please allow access to your camera and mic to record pitch.' and Try again. */
export const Denied: Story = { beforeEach: withMedia({ outcome: 'denied' }) };

/** No MediaRecorder (or a browser off the spec's list): the spec's text, Start disabled. */
export const Unsupported: Story = { beforeEach: withMedia({ mediaRecorder: false }) };

/** Safari: the audio hint under the recorder. */
export const Safari: Story = {
  beforeEach: withMedia({
    userAgent: SAFARI_USER_AGENT,
    supportedTypes: SAFARI_TYPES,
    mediaRecorder: true,
  }),
};

/** Recording: elapsed time and the seconds left; it stops by itself at `maxSeconds` (here 15). */
export const Recording: Story = {
  args: { maxSeconds: 15 },
  play: async (context) => {
    const canvas = await ready(context);
    await userEvent.click(canvas.getByRole('button', { name: 'Start recording' }));
  },
};

/** The recording plays back (play, seek); Redo or Save. */
export const Preview: Story = {
  play: async (context) => {
    await recordFor(3)(context);
  },
};

/** An audio recording stopped before one second cannot be saved. */
export const PreviewEmptyAudio: Story = {
  args: { types: ['audio'] },
  play: async (context) => {
    await recordFor(0)(context);
  },
};

/** Saving: a progress bar and Cancel (this upload stays at 40%). */
export const Uploading: Story = {
  args: { upload: stalledUpload },
  play: recordAndSave('uploading'),
};

/** The server's message; Retry sends the same recording again, Redo starts over. */
export const Failed: Story = {
  args: { upload: failingUpload(413, 'The media may not be greater than 100 MB.') },
  play: recordAndSave('failed'),
};

/** No message from the server: 'The video recording was not saved.' */
export const FailedWithoutMessage: Story = {
  args: { upload: failingUpload(0) },
  play: recordAndSave('failed'),
};

/** Not PRO (426): 'Only PRO users have access to this feature.' */
export const FailedNotPro: Story = {
  args: { upload: failingUpload(426, 'Upgrade Required') },
  play: recordAndSave('failed'),
};

/** Saved: the stored recording plays; Redo records another. */
export const Saved: Story = { play: recordAndSave('saved') };

/** Going back to a question already answered: Save re-emits it without uploading again. */
export const AlreadySaved: Story = {
  args: {
    saveLabel: 'Next',
    value: { uuid: '7d3c1e9a-2b4f-4c8e-9a1d-5e6f7a8b9c0d', url: toneWav(), type: 'audio' },
  },
};

/** The saved recording cannot be played: 'There was an error. Press Redo to try again or refresh the page.' */
export const PlaybackFailed: Story = {
  args: {
    value: {
      uuid: '7d3c1e9a-2b4f-4c8e-9a1d-5e6f7a8b9c0d',
      url: 'data:video/webm;base64,AAAA',
      type: 'video',
    },
  },
};
