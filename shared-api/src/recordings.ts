import type { DetailedError, HttpRequest } from 'tus-js-client';
import { API_PREFIX, CSRF_HEADER, csrfToken, refreshCsrfCookie } from '@guestspot/shared-api';
import { ApiError, apiErrorFromBody } from '@guestspot/shared-api';
import type { DataEnvelope, Recording } from './types';

export interface UploadRecordingOptions {
  type: 'audio' | 'video';
  /** An answer to this MINIVIEW (anyone may send one); without it, the signed-in Pro user's own. */
  miniviewUuid?: string;
  /** 0..1 as the bytes reach the server. */
  onProgress?: (fraction: number) => void;
  /** Stops the upload and abandons it on the server; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * The waits (ms) before each new try after a dropped connection: about a minute in all, for a
 * phone between networks. Each try asks the server how far it got (HEAD) and sends the rest.
 */
export const RECORDING_RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];

/**
 * At most this much per PATCH: a slow connection's request ends well within any proxy's
 * timeout, and progress is kept by the server chunk by chunk.
 */
const CHUNK_BYTES = 5 * 1024 * 1024;

/** A failure worth another try: no answer at all, the server's own fault, or a busy upload. */
function retryable(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

function bodyOf(response: { getBody(): string } | null): unknown {
  try {
    return response ? (JSON.parse(response.getBody()) as unknown) : null;
  } catch {
    return null;
  }
}

/** The one ApiError: the server's answer when it refused, else status 0 (never reached it). */
function apiErrorOf(error: Error | DetailedError): ApiError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return apiErrorFromBody(0, null);
  return apiErrorFromBody(response.getStatus(), bodyOf(response));
}

/**
 * Sends a recording by the resumable upload (tus, decision 086) to `/recordings/uploads`: a
 * dropped connection is retried on its own and goes on from where the server got to, so nothing
 * recorded is sent twice or lost. Resolves with what the server stored; rejects with an ApiError
 * (the server's 422/426/429/404 with its message and field errors, or status 0 when it could not
 * be reached after the retries).
 */
export async function uploadRecording(
  media: Blob,
  { type, miniviewUuid, onProgress, signal }: UploadRecordingOptions,
): Promise<Recording> {
  // Loaded only when a recording is sent: every page loads shared-api (decision 079).
  const { Upload } = await import('tus-js-client');
  signal?.throwIfAborted();
  // An expired CSRF token (419) is fetched again before the next try.
  let freshToken: Promise<void> | null = null;

  return new Promise<Recording>((resolve, reject) => {
    const origin = typeof window === 'undefined' ? '' : window.location.origin;
    const upload = new Upload(media, {
      endpoint: `${origin}${API_PREFIX}/recordings/uploads`,
      metadata: {
        type,
        filename: media instanceof File ? media.name : `${type}-recording`,
        ...(miniviewUuid ? { miniview_uuid: miniviewUuid } : {}),
      },
      chunkSize: CHUNK_BYTES,
      retryDelays: RECORDING_RETRY_DELAYS,
      // The recording lives in this page only: after a reload there is nothing to resume.
      storeFingerprintForResuming: false,
      onBeforeRequest: async (request: HttpRequest) => {
        if (request.getMethod() === 'HEAD') return;
        await freshToken;
        const token = await csrfToken();
        if (token) request.setHeader(CSRF_HEADER, token);
      },
      // Unlike tus's default, also while the browser says it is offline: the delays above are
      // there to wait for the network to come back.
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status === 419 && freshToken === null) {
          freshToken = refreshCsrfCookie();
          return true;
        }
        return retryable(status);
      },
      onProgress: (sent, total) => onProgress?.(total > 0 ? sent / total : 0),
      onSuccess: ({ lastResponse }) => {
        const body = bodyOf(lastResponse) as Partial<DataEnvelope<Recording>> | null;
        if (body?.data) resolve(body.data);
        else reject(apiErrorFromBody(lastResponse.getStatus(), body));
      },
      onError: (error) => reject(apiErrorOf(error)),
    });
    signal?.addEventListener(
      'abort',
      () => {
        // Abandoned on the server too (DELETE), so its bytes do not wait a day to be removed.
        upload.abort(true).catch(() => undefined);
        reject(signal.reason);
      },
      { once: true },
    );
    upload.start();
  });
}
