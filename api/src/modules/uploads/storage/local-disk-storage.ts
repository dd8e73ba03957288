import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertMediaKey, type ByteRange, MediaNotFoundError, type MediaStorage } from './storage';

/**
 * Files in one folder (MEDIA_DIR), named by key. Written to a temporary name and renamed, so a
 * reader (or a crash) never sees half a file; temporary names start with a dot and are no key.
 */
export class LocalDiskStorage implements MediaStorage {
  readonly name = 'local' as const;

  constructor(readonly directory: string) {}

  private file(key: string): string {
    return path.join(this.directory, assertMediaKey(key));
  }

  async put(key: string, content: Buffer): Promise<void> {
    const file = this.file(key);
    await fs.promises.mkdir(this.directory, { recursive: true });
    const temporary = path.join(this.directory, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await fs.promises.open(temporary, 'wx');
      try {
        await handle.writeFile(content);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.promises.rename(temporary, file);
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.file(key), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new MediaNotFoundError(key);
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.file(key), { force: true });
  }
}
