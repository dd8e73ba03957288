import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { after, before, beforeEach, describe, it } from 'node:test';
import { S3Storage } from './s3-storage';
import { MediaNotFoundError } from './storage';

// S3Storage against a tiny S3 stand-in on 127.0.0.1: it keeps objects in memory, checks each
// request's shape (path-style URL, SigV4 Authorization, the payload hash, Range), and records
// them. No traffic leaves the machine.

interface Seen {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=test-key\/\d{8}\/eu-test-1\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/;
const KEY = '6f1c3d2e-0a9b-4c8d-8e7f-1a2b3c4d5e6f';

const objects = new Map<string, Buffer>();
const seen: Seen[] = [];
/** Keys the stand-in fails with 503 (a store in trouble). */
const failing = new Set<string>();
let server: http.Server;
let storage: S3Storage;

async function body(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function answer(request: http.IncomingMessage, response: http.ServerResponse) {
  const path = request.url ?? '';
  seen.push({ method: request.method ?? '', path, headers: request.headers });
  const signed = AUTHORIZATION.exec(request.headers.authorization ?? '');
  const signedHeaders = signed?.[1]?.split(';') ?? [];
  if (!signed || !request.headers['x-amz-date'] || !signedHeaders.includes('host')) {
    response.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
    return;
  }
  const match = /^\/media-bucket\/([0-9a-z-]+)$/.exec(path);
  if (!match) return void response.writeHead(400).end();
  const key = match[1]!;
  if (failing.has(key)) return void response.writeHead(503).end('<Error>SlowDown</Error>');
  if (request.method === 'PUT') {
    const content = await body(request);
    const hash = createHash('sha256').update(content).digest('hex');
    if (request.headers['x-amz-content-sha256'] !== hash) {
      return void response.writeHead(400).end('<Error>XAmzContentSHA256Mismatch</Error>');
    }
    objects.set(key, content);
    return void response.writeHead(200).end();
  }
  if (request.method === 'DELETE') {
    objects.delete(key);
    return void response.writeHead(204).end();
  }
  const stored = objects.get(key);
  if (!stored) return void response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
  const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
  if (range) {
    const start = Number(range[1]);
    const end = Math.min(Number(range[2]), stored.length - 1);
    response.writeHead(206, { 'content-range': `bytes ${start}-${end}/${stored.length}` });
    return void response.end(stored.subarray(start, end + 1));
  }
  response.writeHead(200).end(stored);
}

before(async () => {
  server = http.createServer((request, response) => void answer(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  storage = new S3Storage({
    bucket: 'media-bucket',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'eu-test-1',
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    pathStyle: true,
  });
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
}

describe('S3Storage', () => {
  it('PUTs an object with its type and payload hash, signed (SigV4)', async () => {
    await storage.put(KEY, Buffer.from('0123456789'), 'video/webm');
    assert.equal(objects.get(KEY)?.toString(), '0123456789');
    const [put] = seen;
    assert.equal(put?.method, 'PUT');
    assert.equal(put?.path, `/media-bucket/${KEY}`);
    assert.equal(put?.headers['content-type'], 'video/webm');
    assert.match(String(put?.headers.authorization), AUTHORIZATION);
    // The payload's hash is signed: the store refuses bytes changed on the way.
    assert.match(String(put?.headers.authorization), /SignedHeaders=[^,]*x-amz-content-sha256/);
  });

  it('GETs the object whole, or the range asked for with a Range header', async () => {
    objects.set(KEY, Buffer.from('0123456789'));
    assert.equal(await text(await storage.read(KEY)), '0123456789');
    assert.equal(await text(await storage.read(KEY, { start: 3, end: 6 })), '3456');
    assert.deepEqual(
      seen.map(({ method, path, headers }) => [method, path, headers.range]),
      [
        ['GET', `/media-bucket/${KEY}`, undefined],
        ['GET', `/media-bucket/${KEY}`, 'bytes=3-6'],
      ],
    );
    for (const request of seen) assert.match(String(request.headers.authorization), AUTHORIZATION);
  });

  it('DELETEs the object; a missing one reads as MediaNotFoundError and removes quietly', async () => {
    objects.set(KEY, Buffer.from('bytes'));
    await storage.remove(KEY);
    assert.equal(objects.has(KEY), false);
    assert.deepEqual(
      seen.map(({ method, path }) => [method, path]),
      [['DELETE', `/media-bucket/${KEY}`]],
    );
    await assert.rejects(storage.read(KEY), MediaNotFoundError);
    await storage.remove(KEY);
  });

  it('fails when the store does (after a few retries), and refuses a key that is not a name', async () => {
    const broken = '00000000-0000-4000-8000-000000000503';
    failing.add(broken);
    await assert.rejects(storage.put(broken, Buffer.from('x'), 'image/png'), /S3 PUT .* 503/);
    assert.equal(seen.length, 3, 'the first try and two retries');
    await assert.rejects(storage.read(broken), /S3 GET .* 503/);

    seen.length = 0;
    await assert.rejects(storage.put('../other-bucket/x', Buffer.from('x'), 'image/png'));
    assert.deepEqual(seen, [], 'nothing was sent');
  });
});
