import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { API_ROOT } from './config';

// The real API process (as shell/server/site.mjs starts it) with NODE_ENV=production: it refuses
// an unsafe configuration before opening any database, and once configured it serves no
// development surface (decision 062). With DATABASE_URL (CI's PostgreSQL run) the started server
// migrates a fresh schema of that database, dropped afterwards; otherwise a fresh PGlite folder.

/** Everything in the test's own environment that would change what the server does. */
const SERVER_VARIABLES = [
  'NODE_ENV',
  'SESSION_SECRET',
  'SMTP_URL',
  'COOKIE_SECURE',
  'DEV_SURFACES',
  'OAUTH_LOCAL',
  'PAYOUT_LOCAL',
  'APP_URL',
  'HOST',
  'PORT',
  'DATA_DIR',
  'DATABASE_URL',
  'API_RESET',
  'SEED',
  'STRIPE_SECRET_KEY',
  'MEDIA_DIR',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

let tmp: string;
before(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-production-'));
});
after(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Run {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const name of SERVER_VARIABLES) delete base[name];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: { ...base, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { child, output: () => output, exited };
}

async function stop(run: Run): Promise<void> {
  if (run.child.exitCode !== null || run.child.signalCode !== null) return;
  run.child.kill('SIGTERM');
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 10_000);
  await run.exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(run: Run, base: string, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (run.child.exitCode !== null) {
      assert.fail(`the API exited with ${run.child.exitCode}:\n${run.output()}`);
    }
    try {
      if ((await fetch(`${base}/api/v1/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(`the API did not answer within ${timeoutMs} ms:\n${run.output()}`);
}

/** DATABASE_URL pointing at a fresh schema of the test database, and how to drop it. */
async function freshPostgresSchema(url: string) {
  const schema = `production_check_${process.pid}_${randomBytes(4).toString('hex')}`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await query(`create schema ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return { url: scoped.toString(), drop: () => query(`drop schema ${schema} cascade`) };
}

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_URL: 'https://guestspot.example',
  HOST: '127.0.0.1',
};

describe('the API process with NODE_ENV=production', () => {
  it('refuses to start without its secrets, naming each variable, before opening a database', async () => {
    const dataDir = path.join(tmp, 'refused');
    const run = startServer({
      ...PRODUCTION,
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
      COOKIE_SECURE: '0',
      DEV_SURFACES: '1',
      SEED: '1',
    });
    try {
      const code = await Promise.race([
        run.exited,
        new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 60_000)),
      ]);
      assert.equal(code, 1, run.output());
      const output = run.output();
      assert.match(output, /refusing to start/);
      for (const variable of [
        'SESSION_SECRET',
        'SMTP_URL',
        'COOKIE_SECURE',
        'STRIPE_SECRET_KEY',
        'MEDIA_DIR',
        'SEED',
        'DEV_SURFACES',
      ]) {
        assert.match(output, new RegExp(`\\b${variable}\\b`), variable);
      }
      assert.equal(fs.existsSync(dataDir), false, 'no PGlite folder was made');
    } finally {
      await stop(run);
    }
  });

  it('configured, starts and serves no development surface', async () => {
    const port = await freePort();
    const postgres = process.env.DATABASE_URL
      ? await freshPostgresSchema(process.env.DATABASE_URL)
      : null;
    const run = startServer({
      ...PRODUCTION,
      PORT: String(port),
      SESSION_SECRET: randomBytes(32).toString('base64'),
      // Nothing is sent at start, so an SMTP server that does not answer is fine.
      SMTP_URL: 'smtp://127.0.0.1:1',
      // The Stripe client makes no call until it is used.
      STRIPE_SECRET_KEY: 'sk_test_production_check',
      MEDIA_DIR: path.join(tmp, 'media'),
      ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: path.join(tmp, 'pglite') }),
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForHealth(run, base);
      for (const url of [
        '/api/v1/dev/outbox',
        '/api/v1/oauth/local/facebook/authorize?state=x',
        '/api/v1/payouts/local/onboarding?token=x',
        // the test clock (decision 116)
        '/api/v1/dev/clock',
      ]) {
        const response = await fetch(`${base}${url}`);
        assert.equal(response.status, 404, url);
        assert.deepEqual(await response.json(), { message: 'Not found.' });
      }
      // COOKIE_SECURE defaults to on behind an https APP_URL.
      const csrf = await fetch(`${base}/api/v1/sanctum/csrf-cookie`);
      assert.match(csrf.headers.get('set-cookie') ?? '', /XSRF-TOKEN=[^;]+;.*\bSecure\b/i);
    } finally {
      await stop(run);
      await postgres?.drop();
    }
  });
});
