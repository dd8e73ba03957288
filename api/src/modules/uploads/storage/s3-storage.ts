import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { S3Config } from '../../../config';
import { assertMediaKey, type ByteRange, MediaNotFoundError, type MediaStorage } from './storage';

/**
 * An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, ...): PUT, GET (with Range) and DELETE
 * of one object per key, signed with AWS Signature V4 by aws4fetch over Node's fetch.
 */
export class S3Storage implements MediaStorage {
  readonly name = 's3' as const;
  private readonly client: AwsClient;

  constructor(private readonly config: S3Config) {
    // aws4fetch retries 5xx and 429 itself (ten times by default): a few are enough.
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      retries: 2,
    });
  }

  private url(key: string): string {
    const object = encodeURIComponent(assertMediaKey(key));
    const { endpoint, bucket } = this.config;
    if (this.config.pathStyle) return `${endpoint}/${encodeURIComponent(bucket)}/${object}`;
    const origin = new URL(endpoint);
    return `${origin.protocol}//${bucket}.${origin.host}/${object}`;
  }

  async put(key: string, content: Buffer, contentType: string): Promise<void> {
    const response = await this.client.fetch(this.url(key), {
      method: 'PUT',
      body: new Uint8Array(content.buffer, content.byteOffset, content.length),
      headers: {
        'content-type': contentType,
        // Signed, so the store refuses bytes changed on the way (else UNSIGNED-PAYLOAD).
        'x-amz-content-sha256': createHash('sha256').update(content).digest('hex'),
      },
    });
    await expectOk(response, 'PUT', key);
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const response = await this.client.fetch(this.url(key), {
      headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
    });
    if (response.status === 404) {
      await response.body?.cancel();
      throw new MediaNotFoundError(key);
    }
    await expectOk(response, 'GET', key);
    if (!response.body) throw new Error(`S3 GET ${key}: no body`);
    return Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  }

  async remove(key: string): Promise<void> {
    const response = await this.client.fetch(this.url(key), { method: 'DELETE' });
    // S3 answers 204 whether or not the object existed; some compatible stores answer 404.
    if (response.status === 404) {
      await response.body?.cancel();
      return;
    }
    await expectOk(response, 'DELETE', key);
  }
}

async function expectOk(response: Response, method: string, key: string): Promise<void> {
  if (response.ok) return;
  const detail = (await response.text().catch(() => '')).slice(0, 300);
  throw new Error(`S3 ${method} ${key}: ${response.status} ${detail}`);
}
