import { http, HttpResponse } from 'msw';
import { isApiError, type ApiError } from './errors';
import { RECORDING_RETRY_DELAYS, uploadRecording } from './recordings';
import { server, setupMswServer } from './testing';
import type { Recording } from './types';

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-1; path=/';
});

const ENDPOINT = '*/api/v1/recordings/uploads';
const UPLOAD = '*/api/v1/recordings/uploads/f00d';
const LOCATION = '/api/v1/recordings/uploads/f00d';
const TUS = { 'Tus-Resumable': '1.0.0' };

const recording: Recording = {
  uuid: '0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d',
  url: '/api/v1/media/0b8c3a52-5c55-4b8e-9a57-4e1f1a2b3c4d',
  mime_type: 'video/webm',
  size: 16,
  type: 'video',
};
const BYTES = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, ...new TextEncoder().encode('webm-answer!')]);

/** Upload-Metadata back into its values. */
function metadataOf(header: string | null): Record<string, string> {
  return Object.fromEntries(
    (header ?? '').split(',').map((pair) => {
      const [key = '', value = ''] = pair.split(' ');
      return [key, atob(value)];
    }),
  );
}

/**
 * A tus server that keeps what it received. `dropFirstPatchAfter`: the first PATCH keeps that many
 * bytes, then the connection drops (no answer).
 */
function tusServer({ dropFirstPatchAfter }: { dropFirstPatchAfter?: number } = {}) {
  const seen = {
    created: null as null | { length: string | null; metadata: Record<string, string> },
    received: new Uint8Array(0),
    patches: [] as { offset: string | null; bytes: number; xsrf: string | null }[],
    heads: 0,
  };
  let dropped = false;
  server.use(
    http.post(ENDPOINT, ({ request }) => {
      if (request.headers.get('X-XSRF-TOKEN') !== 'token-1') {
        return HttpResponse.json({ message: 'CSRF token mismatch.' }, { status: 419 });
      }
      seen.created = {
        length: request.headers.get('Upload-Length'),
        metadata: metadataOf(request.headers.get('Upload-Metadata')),
      };
      return new HttpResponse(null, { status: 201, headers: { ...TUS, Location: LOCATION } });
    }),
    http.head(UPLOAD, () => {
      seen.heads += 1;
      return new HttpResponse(null, {
        status: 200,
        headers: {
          ...TUS,
          'Upload-Offset': String(seen.received.length),
          'Upload-Length': String(BYTES.length),
          'Cache-Control': 'no-store',
        },
      });
    }),
    http.patch(UPLOAD, async ({ request }) => {
      const chunk = new Uint8Array(await request.arrayBuffer());
      seen.patches.push({
        offset: request.headers.get('Upload-Offset'),
        bytes: chunk.length,
        xsrf: request.headers.get('X-XSRF-TOKEN'),
      });
      if (Number(request.headers.get('Upload-Offset')) !== seen.received.length) {
        return new HttpResponse(null, { status: 409, headers: TUS });
      }
      const kept =
        dropFirstPatchAfter !== undefined && !dropped
          ? chunk.subarray(0, dropFirstPatchAfter)
          : chunk;
      seen.received = new Uint8Array([...seen.received, ...kept]);
      if (kept.length < chunk.length) {
        dropped = true;
        return HttpResponse.error();
      }
      if (seen.received.length < BYTES.length) {
        return new HttpResponse(null, {
          status: 204,
          headers: { ...TUS, 'Upload-Offset': String(seen.received.length) },
        });
      }
      return HttpResponse.json(
        { data: recording },
        { status: 200, headers: { ...TUS, 'Upload-Offset': String(seen.received.length) } },
      );
    }),
  );
  return seen;
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!isApiError(error)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('uploadRecording', () => {
  it('creates the upload with its type and miniview, sends the bytes and answers the recording', async () => {
    const seen = tusServer();
    const progress: number[] = [];
    const stored = await uploadRecording(new Blob([BYTES], { type: 'video/webm' }), {
      type: 'video',
      miniviewUuid: 'c4b1e8a2-3d5f-4a6b-9c7d-8e9f0a1b2c3d',
      onProgress: (fraction) => progress.push(fraction),
    });
    expect(stored).toEqual(recording);
    expect(seen.created).toEqual({
      length: String(BYTES.length),
      metadata: {
        type: 'video',
        filename: 'video-recording',
        miniview_uuid: 'c4b1e8a2-3d5f-4a6b-9c7d-8e9f0a1b2c3d',
      },
    });
    expect(Array.from(seen.received)).toEqual(Array.from(BYTES));
    expect(seen.patches).toEqual([{ offset: '0', bytes: BYTES.length, xsrf: 'token-1' }]);
    expect(progress.at(-1)).toBe(1);
  });

  it('survives a dropped connection: asks the server how far it got and sends only the rest', async () => {
    const seen = tusServer({ dropFirstPatchAfter: 6 });
    const stored = await uploadRecording(new Blob([BYTES]), { type: 'audio' });
    expect(stored).toEqual(recording);
    // Nothing lost, nothing sent twice into the file.
    expect(Array.from(seen.received)).toEqual(Array.from(BYTES));
    expect(seen.heads).toBe(1);
    expect(seen.patches).toEqual([
      { offset: '0', bytes: BYTES.length, xsrf: 'token-1' },
      { offset: '6', bytes: BYTES.length - 6, xsrf: 'token-1' },
    ]);
    // A user's own recording: no miniview in the metadata.
    expect(seen.created?.metadata).toEqual({ type: 'audio', filename: 'audio-recording' });
  });

  it("rejects with the server's refusal as an ApiError: 426 for a standard account", async () => {
    server.use(
      http.post(ENDPOINT, () =>
        HttpResponse.json(
          { message: 'Only PRO users have access to this feature.' },
          { status: 426, headers: TUS },
        ),
      ),
    );
    const error = await rejection(uploadRecording(new Blob([BYTES]), { type: 'video' }));
    expect(error.status).toBe(426);
    expect(error.message).toBe('Only PRO users have access to this feature.');
  });

  it('gives the field errors of a 422 (a file that is not a recording)', async () => {
    const message = 'The recording must be a file of type: webm, ogg, mp4.';
    server.use(
      http.post(
        ENDPOINT,
        () => new HttpResponse(null, { status: 201, headers: { ...TUS, Location: LOCATION } }),
      ),
      http.patch(UPLOAD, () =>
        HttpResponse.json({ message, errors: { media: [message] } }, { status: 422, headers: TUS }),
      ),
    );
    const error = await rejection(uploadRecording(new Blob([BYTES]), { type: 'video' }));
    expect(error.status).toBe(422);
    expect(error.fieldErrors).toEqual({ media: [message] });
  });

  it('fetches a fresh CSRF token when the server refuses the one it had (419)', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    server.use(
      http.get('*/api/v1/sanctum/csrf-cookie', () => {
        document.cookie = 'XSRF-TOKEN=token-1; path=/';
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const seen = tusServer();
    await expect(uploadRecording(new Blob([BYTES]), { type: 'video' })).resolves.toEqual(recording);
    expect(seen.patches.map((patch) => patch.xsrf)).toEqual(['token-1']);
  });

  it('rejects with status 0 once the retries are spent on a server that never answers', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let tries = 0;
      server.use(
        http.post(ENDPOINT, () => {
          tries += 1;
          return HttpResponse.error();
        }),
      );
      const failed = rejection(uploadRecording(new Blob([BYTES]), { type: 'audio' }));
      for (let step = 0; step < 30 && tries <= RECORDING_RETRY_DELAYS.length; step += 1) {
        await jest.advanceTimersByTimeAsync(5_000);
      }
      const error = await failed;
      expect(error.status).toBe(0);
      expect(error.isNetworkError).toBe(true);
      expect(tries).toBe(RECORDING_RETRY_DELAYS.length + 1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('stops when its signal aborts, and abandons the upload on the server', async () => {
    const controller = new AbortController();
    let deleted: string | null = null;
    server.use(
      http.post(
        ENDPOINT,
        () => new HttpResponse(null, { status: 201, headers: { ...TUS, Location: LOCATION } }),
      ),
      http.patch(UPLOAD, () => {
        // The person leaves while the bytes are on their way.
        controller.abort();
        return new HttpResponse(null, { status: 204, headers: { ...TUS, 'Upload-Offset': '4' } });
      }),
      http.delete(UPLOAD, ({ request }) => {
        deleted = request.headers.get('X-XSRF-TOKEN');
        return new HttpResponse(null, { status: 204, headers: TUS });
      }),
    );
    await expect(
      uploadRecording(new Blob([BYTES]), { type: 'video', signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    for (let wait = 0; wait < 50 && deleted === null; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(deleted).toBe('token-1');
  });

  it('does not start when its signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadRecording(new Blob([BYTES]), { type: 'video', signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
