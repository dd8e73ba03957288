import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Recorder, RECORDER_MESSAGES, type RecorderProps, type SavedRecording } from './index';
import {
  installFakeMedia,
  SAFARI_TYPES,
  SAFARI_USER_AGENT,
  type FakeMedia,
  type FakeMediaOptions,
} from './testing/fake-media';

const stored: SavedRecording = {
  uuid: '7d3c1e9a-2b4f-4c8e-9a1d-5e6f7a8b9c0d',
  url: '/api/v1/media/7d3c1e9a-2b4f-4c8e-9a1d-5e6f7a8b9c0d',
  type: 'video',
};

type UploadOptions = Parameters<RecorderProps['upload']>[1];

/** An upload the test settles by hand, remembering what it was given. */
function controlledUpload() {
  const calls: { media: Blob; options: UploadOptions }[] = [];
  let settle: { resolve: (value: SavedRecording) => void; reject: (error: unknown) => void };
  const upload = jest.fn(
    (media: Blob, options: UploadOptions) =>
      new Promise<SavedRecording>((resolve, reject) => {
        calls.push({ media, options });
        settle = { resolve, reject };
      }),
  );
  return {
    upload,
    calls,
    resolve: (value: SavedRecording) => act(async () => settle.resolve(value)),
    reject: (error: unknown) => act(async () => settle.reject(error)),
    progress: (fraction: number) =>
      act(() => calls[calls.length - 1]!.options.onProgress(fraction)),
  };
}

/** What shared-api's ApiError carries: the status, and the server's body. */
function apiError(status: number, body: unknown) {
  return Object.assign(new Error('Error! Something went wrong.'), { status, data: body });
}

let media: FakeMedia;
const replaceMedia = (options?: FakeMediaOptions) => {
  media.restore();
  media = installFakeMedia(options);
};

beforeEach(() => {
  jest.useFakeTimers();
  media = installFakeMedia();
});
afterEach(() => {
  jest.useRealTimers();
  media.restore();
});

const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
const recorder = () => screen.getByRole('group', { name: 'Recorder' });
const advance = (ms: number) => act(async () => jest.advanceTimersByTime(ms));

/** Lets the fake devices answer (a few promise turns). */
const settle = () => act(() => jest.advanceTimersByTimeAsync(0));

async function renderReady(props: Partial<RecorderProps> = {}) {
  const utils = render(<Recorder upload={jest.fn()} onSaved={jest.fn()} {...props} />);
  await settle();
  expect(recorder()).toHaveAttribute('data-state', 'ready');
  return utils;
}

/** The state the recorder shows once pending promises have settled. */
const untilState = (state: string) =>
  waitFor(() => expect(recorder()).toHaveAttribute('data-state', state));

/** Records `seconds` and stops; the recorder is then in preview. */
async function recordFor(seconds: number) {
  await user().click(screen.getByRole('button', { name: 'Start recording' }));
  await advance(seconds * 1000);
  await user().click(screen.getByRole('button', { name: 'Stop recording' }));
}

describe('Recorder', () => {
  it('asks for the devices, records with a countdown, stops itself at the limit, and saves once', async () => {
    const { upload, calls, resolve, progress } = controlledUpload();
    const onSaved = jest.fn();
    media.outcome = 'pending';
    render(<Recorder upload={upload} onSaved={onSaved} maxSeconds={5} />);

    expect(recorder()).toHaveAttribute('data-state', 'requesting');
    expect(screen.getByText('Turning on the camera and microphone')).toBeInTheDocument();
    expect(media.requests).toEqual([
      {
        audio: true,
        video: {
          width: { min: 640, ideal: 1280 },
          height: { min: 480, ideal: 720 },
          facingMode: 'user',
        },
      },
    ]);
    media.resolvePending();
    await settle();

    expect(recorder()).toHaveAttribute('data-state', 'ready');
    expect(screen.getByRole('radio', { name: 'Video' })).toBeChecked();
    expect(screen.getByLabelText('Camera preview')).toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: 'Start recording' }));
    expect(recorder()).toHaveAttribute('data-state', 'recording');
    expect(screen.getByRole('status')).toHaveTextContent('Recording started');
    expect(media.lastRecorder()?.mimeType).toBe('video/webm;codecs=vp8,opus');
    expect(screen.getByText('0:05 left')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Audio' })).toBeDisabled();
    // Start went away: the keyboard's place is the new main action.
    expect(screen.getByRole('button', { name: 'Stop recording' })).toHaveFocus();
    await advance(2000);
    expect(screen.getByRole('timer', { name: 'Recorded' })).toHaveTextContent('0:02');
    expect(screen.getByText('0:03 left')).toBeInTheDocument();

    // Nobody presses Stop: it stops at 5 s.
    await advance(2999);
    expect(recorder()).toHaveAttribute('data-state', 'recording');
    await advance(1);
    expect(recorder()).toHaveAttribute('data-state', 'preview');
    expect(screen.getByRole('status')).toHaveTextContent('Recording stopped');
    expect(media.liveTracks()).toHaveLength(0);
    const playback = screen.getByLabelText('Your recording');
    expect(playback.tagName).toBe('VIDEO');
    expect(playback).toHaveAttribute('src', media.objectUrls.created[0]);
    expect(playback).toHaveAttribute('controls');

    await user().click(screen.getByRole('button', { name: 'Save' }));
    expect(recorder()).toHaveAttribute('data-state', 'uploading');
    expect(calls[0]!.media.type).toBe('video/webm');
    expect(calls[0]!.options.type).toBe('video');
    const bar = screen.getByRole('progressbar', { name: 'Uploading the recording' });
    expect(bar).toHaveAttribute('aria-valuenow', '0');
    await progress(0.42);
    expect(bar).toHaveAttribute('aria-valuenow', '42');

    await resolve(stored);
    expect(recorder()).toHaveAttribute('data-state', 'saved');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    // Still played from this device: the visitor may not be allowed to read the stored URL.
    expect(screen.getByLabelText('Your recording')).toHaveAttribute(
      'src',
      media.objectUrls.created[0],
    );
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledWith(stored);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('announces the last ten seconds, and stops at the limit', async () => {
    await renderReady({ maxSeconds: 12 });
    await user().click(screen.getByRole('button', { name: 'Start recording' }));
    await advance(1000);
    expect(screen.getByRole('status')).toHaveTextContent('Recording started');
    await advance(1000);
    expect(screen.getByRole('status')).toHaveTextContent('10 seconds left');
    expect(screen.getByText('0:10 left')).toBeInTheDocument();
    await advance(10_000);
    expect(recorder()).toHaveAttribute('data-state', 'preview');
    expect(screen.getByRole('status')).toHaveTextContent('Recording stopped');
  });

  it('Redo lets the recording go and asks for the devices again', async () => {
    await renderReady();
    await recordFor(3);
    const recorded = media.objectUrls.created[0];
    media.outcome = 'pending';

    await user().click(screen.getByRole('button', { name: 'Redo' }));
    expect(recorder()).toHaveAttribute('data-state', 'requesting');
    expect(media.objectUrls.revoked).toContain(recorded);
    expect(screen.queryByLabelText('Your recording')).not.toBeInTheDocument();
    expect(media.requests).toHaveLength(2);

    media.resolvePending();
    await settle();
    expect(recorder()).toHaveAttribute('data-state', 'ready');
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  });

  it('says to allow the camera and mic when access is refused, and tries again', async () => {
    jest.useRealTimers();
    media.outcome = 'denied';
    const { container } = render(<Recorder upload={jest.fn()} onSaved={jest.fn()} />);
    await untilState('denied');
    expect(screen.getByRole('alert')).toHaveTextContent(RECORDER_MESSAGES.noAccess);
    expect(RECORDER_MESSAGES.noAccess).toBe(
      'Please allow access to your camera and mic to record pitch.',
    );
    expect(recorder()).toHaveAttribute('data-state', 'denied');
    expect(screen.queryByRole('button', { name: 'Start recording' })).not.toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    media.outcome = 'granted';
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await untilState('ready');
    expect(screen.getByRole('button', { name: 'Start recording' })).toBeEnabled();
    expect(media.requests).toHaveLength(2);
  });

  it('says recording is not supported where there is no MediaRecorder, or an old browser', async () => {
    jest.useRealTimers();
    replaceMedia({ mediaRecorder: false });
    const { container, unmount } = render(<Recorder upload={jest.fn()} onSaved={jest.fn()} />);
    expect(recorder()).toHaveAttribute('data-state', 'unsupported');
    const message = screen.getByText(
      'Recording is not supported on this browser. Try with a different browser',
    );
    const start = screen.getByRole('button', { name: 'Start recording' });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(message.textContent!);
    expect(media.requests).toHaveLength(0);
    expect(await axe(container)).toHaveNoViolations();
    unmount();

    replaceMedia({
      userAgent:
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/85.0.4183.121 Safari/537.36',
    });
    render(<Recorder upload={jest.fn()} onSaved={jest.fn()} />);
    expect(recorder()).toHaveAttribute('data-state', 'unsupported');
    expect(media.requests).toHaveLength(0);
  });

  it("shows the server's message when saving fails, and Retry sends the same recording again", async () => {
    const { upload, calls, resolve, reject } = controlledUpload();
    const onSaved = jest.fn();
    await renderReady({ upload, onSaved });
    await recordFor(4);
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await reject(apiError(413, { message: 'The media may not be greater than 100 MB.' }));

    expect(recorder()).toHaveAttribute('data-state', 'failed');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The media may not be greater than 100 MB.',
    );
    // Still there to play: nothing recorded is lost.
    expect(screen.getByLabelText('Your recording')).toHaveAttribute(
      'src',
      media.objectUrls.created[0],
    );
    expect(screen.getByRole('button', { name: 'Redo' })).toBeEnabled();

    await user().click(screen.getByRole('button', { name: 'Retry' }));
    expect(recorder()).toHaveAttribute('data-state', 'uploading');
    expect(calls).toHaveLength(2);
    expect(calls[1]!.media).toBe(calls[0]!.media);
    await resolve(stored);
    expect(recorder()).toHaveAttribute('data-state', 'saved');
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledWith(stored);
  });

  it("falls back to the type's own message when the server said nothing", async () => {
    const { upload, reject } = controlledUpload();
    await renderReady({ upload, types: ['audio'] });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(media.requests).toEqual([{ audio: true }]);
    await recordFor(2);
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await reject(apiError(0, undefined));
    expect(screen.getByRole('alert')).toHaveTextContent('The audio recording was not saved.');
  });

  it('gives the PRO message on a 426', async () => {
    const { upload, reject } = controlledUpload();
    await renderReady({ upload });
    await recordFor(2);
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await reject(apiError(426, { message: 'Upgrade Required' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only PRO users have access to this feature.',
    );
  });

  it('will not save an audio recording of 0 seconds', async () => {
    const { upload } = controlledUpload();
    await renderReady({ upload });
    await user().click(screen.getByRole('radio', { name: 'Audio' }));
    await settle();
    expect(media.requests[1]).toEqual({ audio: true });
    expect(screen.getByText('Microphone ready')).toBeInTheDocument();
    // The camera of the video request is off again.
    expect(media.streams[0]!.getTracks().every((track) => track.readyState === 'ended')).toBe(true);

    await recordFor(0.5);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByLabelText('Your recording').tagName).toBe('AUDIO');
    expect(media.lastRecorder()?.mimeType).toBe('audio/webm;codecs=opus');

    await user().click(screen.getByRole('button', { name: 'Redo' }));
    await settle();
    await recordFor(1);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('re-emits an already saved recording without uploading it again', async () => {
    const upload = jest.fn();
    const onSaved = jest.fn();
    const saved: SavedRecording = { ...stored, type: 'audio' };
    render(<Recorder upload={upload} onSaved={onSaved} value={saved} saveLabel="Next" />);
    expect(recorder()).toHaveAttribute('data-state', 'preview');
    expect(screen.getByLabelText('Your recording')).toHaveAttribute('src', saved.url);
    expect(media.requests).toHaveLength(0);

    await user().click(screen.getByRole('button', { name: 'Next' }));
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(upload).not.toHaveBeenCalled();
    expect(recorder()).toHaveAttribute('data-state', 'saved');

    await user().click(screen.getByRole('button', { name: 'Redo' }));
    await settle();
    expect(recorder()).toHaveAttribute('data-state', 'ready');
    expect(media.requests).toEqual([{ audio: true }]);
  });

  it('Cancel stops the upload and keeps the recording', async () => {
    const { upload, calls } = controlledUpload();
    await renderReady({ upload });
    await recordFor(2);
    await user().click(screen.getByRole('button', { name: 'Save' }));
    await user().click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls[0]!.options.signal.aborted).toBe(true);
    expect(recorder()).toHaveAttribute('data-state', 'preview');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('says so when the recording cannot be played', async () => {
    await renderReady();
    await recordFor(2);
    fireEvent.error(screen.getByLabelText('Your recording'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'There was an error. Press Redo to try again or refresh the page.',
    );
  });

  it('lets the recording go when the recorder goes away', async () => {
    const { unmount } = await renderReady();
    await recordFor(2);
    unmount();
    expect(media.objectUrls.created).toHaveLength(1);
    expect(media.objectUrls.revoked).toEqual(media.objectUrls.created);
  });

  it('turns the camera off when it is not needed and when the recorder goes away', async () => {
    const { unmount } = await renderReady();
    expect(media.liveTracks()).toHaveLength(2);
    await user().click(screen.getByRole('button', { name: 'Start recording' }));
    await advance(1000);
    unmount();
    expect(media.liveTracks()).toHaveLength(0);
    expect(media.lastRecorder()?.state).toBe('inactive');
  });

  it('records MP4 on Safari and gives its audio hint', async () => {
    replaceMedia({ userAgent: SAFARI_USER_AGENT, supportedTypes: SAFARI_TYPES });
    await renderReady();
    expect(
      screen.getByText('If you are having trouble with audio, try using Chrome as your browser.'),
    ).toBeInTheDocument();
    await recordFor(2);
    expect(media.lastRecorder()?.mimeType).toBe('video/mp4');
  });

  it('asks again without the minimum size when the camera cannot give 640×480', async () => {
    media.outcome = 'overconstrained';
    await renderReady();
    expect(recorder()).toHaveAttribute('data-state', 'ready');
    expect(media.requests).toHaveLength(2);
    expect(media.requests[1]).toEqual({
      audio: true,
      video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' },
    });
  });

  it('is accessible in every state', async () => {
    // axe waits on timers of its own: the real clock, and recordings of no length. jsdom never
    // loads a <video>, so axe's wait for media (10 s) is skipped.
    jest.useRealTimers();
    const { upload, progress, reject, resolve } = controlledUpload();
    const { container } = render(<Recorder upload={upload} onSaved={jest.fn()} />);
    const check = async (state: string) => {
      await untilState(state);
      expect(await axe(container, { preload: false })).toHaveNoViolations();
    };
    await check('ready');
    await userEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    await check('recording');
    await userEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    await check('preview');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await progress(0.5);
    await check('uploading');
    await reject(apiError(500, { message: 'Storage is full.' }));
    await check('failed');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await resolve(stored);
    await check('saved');
  });

  it('can be used with the keyboard alone', async () => {
    jest.useRealTimers();
    const onSaved = jest.fn();
    render(<Recorder upload={async () => stored} onSaved={onSaved} />);
    await untilState('ready');
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Video' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Audio' })).toBeChecked();
    await untilState('ready');
    expect(media.requests[1]).toEqual({ audio: true });
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Start recording' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Stop recording' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    // An audio recording of no length cannot be saved: Redo is where the keyboard lands.
    expect(screen.getByRole('button', { name: 'Redo' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('keeps what was recorded when the camera goes away mid-recording', async () => {
    await renderReady();
    await user().click(screen.getByRole('button', { name: 'Start recording' }));
    await advance(3000);
    act(() => media.streams[0]!.getVideoTracks()[0]!.end());
    expect(recorder()).toHaveAttribute('data-state', 'preview');
    expect(screen.getByLabelText('Your recording')).toBeInTheDocument();
    expect(media.liveTracks()).toHaveLength(0);
  });

  it('asks for access again when the camera goes away before recording', async () => {
    await renderReady();
    act(() => media.streams[0]!.getAudioTracks()[0]!.end());
    expect(recorder()).toHaveAttribute('data-state', 'denied');
    expect(screen.getByRole('alert')).toHaveTextContent(RECORDER_MESSAGES.noAccess);
    expect(media.liveTracks()).toHaveLength(0);
  });

  it('has nothing to play or save when the recorder handed over no data', async () => {
    replaceMedia({ recording: (mimeType) => new Blob([], { type: mimeType }) });
    const { upload } = controlledUpload();
    await renderReady({ upload });
    await recordFor(2);
    expect(screen.queryByLabelText('Your recording')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAccessibleDescription(
      'Nothing was recorded. Press Redo to record again.',
    );
    expect(upload).not.toHaveBeenCalled();
  });
});
