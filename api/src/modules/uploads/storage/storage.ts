import type { Readable } from 'node:stream';

// Where uploads keep their bytes (decision 090): a folder on local disk by default, an
// S3-compatible bucket when S3_BUCKET is set. The `uploads` row says which file is whose; the
// storage only keeps bytes by key.

/** Bytes `start` to `end`, both included (as a Range header and range-parser count them). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStorage {
  readonly name: 'local' | 's3';
  /** Stores the whole file under `key`, replacing nothing half-written: all of it, or nothing. */
  put(key: string, content: Buffer, contentType: string): Promise<void>;
  /** The file, or the range of it; MediaNotFoundError when nothing is stored under `key`. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the file; nothing stored under `key` is not an error. */
  remove(key: string): Promise<void>;
}

export class MediaNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`no media stored under ${key}`);
  }
}

/**
 * A key is an upload's uuid: lowercase letters, digits and dashes, never a path. Anything else is
 * refused, so a key cannot name a file outside the folder or the bucket.
 */
const KEY = /^[0-9a-z][0-9a-z-]{0,127}$/;

export function assertMediaKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a media key: ${JSON.stringify(key)}`);
  return key;
}
