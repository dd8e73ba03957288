import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The data folder is in use by another process (pid ${pid}); lock file ${lockFile}. ` +
        'Stop that process, or point DATA_DIR at another folder. ' +
        'Two processes on one PGlite folder would corrupt it.',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

interface LockContent {
  pid: number;
  host: string;
  startedAt: string;
}

export function lockFileFor(dataDir: string): string {
  // Beside the folder, not inside it, so API_RESET can wipe the folder while holding the lock.
  return `${path.resolve(dataDir)}.lock`;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | null {
  try {
    const content = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockContent>;
    return typeof content.pid === 'number' ? content.pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes `<dataDir>.lock` for this process. A lock left by a dead process is taken over; a lock
 * held by a live one throws DataDirLockedError. Released on release() or process exit.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = lockFileFor(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const content: LockContent = {
    pid: process.pid,
    host: os.hostname(),
    startedAt: new Date().toISOString(),
  };

  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, JSON.stringify(content), { flag: 'wx' });
      return holdLock(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = readOwner(file);
    if (owner !== null && owner !== process.pid && isAlive(owner)) {
      throw new DataDirLockedError(file, owner);
    }
    // Stale (dead owner, or unreadable): remove it and try again.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock file ${file}.`);
}

function holdLock(file: string): DataDirLock {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readOwner(file) === process.pid) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, release };
}
