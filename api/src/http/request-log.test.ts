import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp, SLOW_REQUEST_MS } from '../app';
import { openTestDatabase } from '../test/test-db';
import type { OpenDatabase } from '../db/database';

// The request log (issue 14): a server error and a slow answer are logged, nothing else at info.

const lines: { level: number; msg: string; url?: string; statusCode?: number }[] = [];
let database: OpenDatabase;
let app: FastifyInstance;

before(async () => {
  database = await openTestDatabase({ seeded: false });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({
    db: database.db,
    config: { sessionSecret: 'test-secret' },
    logger: { level: 'info', stream },
  });
  app.get('/test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  app.get('/test/broken', async () => {
    throw new Error('broken on purpose');
  });
  await app.ready();
});
after(async () => {
  await app.close();
  await database.close();
});

const requestLines = (url: string) => lines.filter((line) => line.url === url);

describe('the request log', () => {
  it('says nothing at info about a quick answer, a 404 or a 422', async () => {
    await app.inject({ method: 'GET', url: '/api/v1/sanctum/csrf-cookie' });
    await app.inject({ method: 'GET', url: '/api/v1/nowhere' });
    await app.inject({ method: 'GET', url: '/api/v1/categories?exclude=everything' });
    assert.deepEqual(
      lines.filter((line) => line.msg === 'request completed' || line.msg === 'incoming request'),
      [],
    );
    assert.deepEqual(requestLines('/api/v1/nowhere'), []);
  });

  it('logs a slow answer as a warning and a server error as an error', async () => {
    await app.inject({ method: 'GET', url: '/test/slow' });
    await app.inject({ method: 'GET', url: '/test/broken' });
    const slow = requestLines('/test/slow');
    assert.equal(slow.length, 1);
    assert.equal(slow[0]!.msg, 'slow request');
    assert.equal(slow[0]!.level, 40);
    const broken = requestLines('/test/broken').find((line) => line.msg === 'request failed');
    assert.equal(broken?.level, 50);
    assert.equal(broken?.statusCode, 500);
  });
});
