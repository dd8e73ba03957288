import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { API_ROOT } from '../config';
import { acquireDataDirLock, DataDirLockedError, lockFileFor } from './lock';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-lock-'));
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

function holdLockInChild(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(API_ROOT, 'src/test/fixtures/hold-lock.ts'), dataDir],
    { cwd: API_ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited early (${code})`)));
  });
}

function release(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.stdin?.end();
  });
}

function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  return new Promise((resolve) => child.on('exit', () => resolve(child.pid ?? 999_999)));
}

describe('data folder lock', () => {
  it('refuses a second holder while the first process lives', async () => {
    const dataDir = path.join(tmp, 'held', 'pglite');
    const holder = await holdLockInChild(dataDir);
    try {
      assert.throws(
        () => acquireDataDirLock(dataDir),
        (error: unknown) =>
          error instanceof DataDirLockedError &&
          error.pid === holder.pid &&
          /in use by another process/.test(error.message),
      );
    } finally {
      await release(holder);
    }
    assert.equal(fs.existsSync(lockFileFor(dataDir)), false, 'released on exit');
    acquireDataDirLock(dataDir).release();
  });

  it('makes a second server on the same folder exit with a clear message', async () => {
    const dataDir = path.join(tmp, 'server', 'pglite');
    const holder = await holdLockInChild(dataDir);
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: '0', SEED: '0' };
      delete env.DATABASE_URL;
      const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: API_ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => server.on('exit', resolve));
      assert.equal(code, 1);
      assert.match(stderr, /data folder is in use by another process \(pid \d+\)/);
      assert.equal(
        fs.existsSync(path.join(dataDir, 'PG_VERSION')),
        false,
        'never opened the folder',
      );
    } finally {
      await release(holder);
    }
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dataDir = path.join(tmp, 'stale', 'pglite');
    const file = lockFileFor(dataDir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ pid: await deadPid(), host: os.hostname() }));

    const lock = acquireDataDirLock(dataDir);
    assert.equal(JSON.parse(fs.readFileSync(file, 'utf8')).pid, process.pid);
    lock.release();
    assert.equal(fs.existsSync(file), false);
  });
});
