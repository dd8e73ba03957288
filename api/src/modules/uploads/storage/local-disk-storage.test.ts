import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { LocalDiskStorage } from './local-disk-storage';
import { MediaNotFoundError, type MediaStorage } from './storage';

let root: string;
let directory: string;
let storage: MediaStorage;
before(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-local-media-'));
  // The folder is made on the first write.
  directory = path.join(root, 'media');
  storage = new LocalDiskStorage(directory);
});
after(() => fs.rmSync(root, { recursive: true, force: true }));

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

const KEY = '0b5e6a8e-4f0c-4c59-9d6e-0f1e2d3c4b5a';

describe('LocalDiskStorage', () => {
  it('keeps a file by key and reads it whole or by range', async () => {
    await storage.put(KEY, Buffer.from('0123456789'), 'video/webm');
    assert.deepEqual(fs.readdirSync(directory), [KEY]);
    assert.equal(await text(await storage.read(KEY)), '0123456789');
    assert.equal(await text(await storage.read(KEY, { start: 2, end: 5 })), '2345');
    assert.equal(await text(await storage.read(KEY, { start: 9, end: 9 })), '9');
  });

  it('replaces a file whole, leaving no temporary file behind', async () => {
    await storage.put(KEY, Buffer.from('first version'), 'audio/ogg');
    await storage.put(KEY, Buffer.from('second'), 'audio/ogg');
    assert.equal(await text(await storage.read(KEY)), 'second');
    assert.deepEqual(fs.readdirSync(directory), [KEY]);
  });

  it('says MediaNotFoundError for a missing file, and removing one is no error', async () => {
    await storage.remove(KEY);
    await storage.remove(KEY);
    await assert.rejects(storage.read(KEY), MediaNotFoundError);
  });

  it('refuses a key that is not a plain name, before touching the disk', async () => {
    fs.writeFileSync(path.join(root, 'secret'), 'outside');
    for (const key of ['../secret', 'a/b', '.hidden', '', 'UPPER', `${KEY}/..`]) {
      await assert.rejects(storage.put(key, Buffer.from('x'), 'image/png'), /not a media key/, key);
      await assert.rejects(storage.read(key), /not a media key/, key);
      await assert.rejects(storage.remove(key), /not a media key/, key);
    }
    assert.equal(fs.readFileSync(path.join(root, 'secret'), 'utf8'), 'outside');
  });
});
