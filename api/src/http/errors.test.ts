import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startTestApp, TestClient, type TestContext } from '../test/harness';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('errors are JSON', () => {
  it('answers 404 {message: Not found.} to unknown routes and methods', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nothing-here'],
      ['GET', '/somewhere/else'],
      ['DELETE', '/api/v1/categories'],
    ] as const) {
      const client = new TestClient(ctx.app);
      const response = await client.request(method, url);
      assert.equal(response.statusCode, 404, `${method} ${url}`);
      assert.match(String(response.headers['content-type']), /^application\/json/);
      assert.deepEqual(response.json(), { message: 'Not found.' });
    }
  });

  it('answers 415 JSON, not 500, to an unsupported body type', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.request('POST', '/api/v1/auth/login', {
      body: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    assert.equal(response.statusCode, 415);
    assert.equal(typeof response.json().message, 'string');
  });

  it('answers 400 JSON to a malformed URL', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/guests/%E0%A4%A' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(Object.keys(response.json()), ['message']);
  });

  it('answers the health check', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/health' });
    assert.deepEqual(response.json(), { status: 'ok' });
  });
});

describe('every 422 names its field', () => {
  // Issue 12: the browser maps `errors` onto its forms; a 422 with a bare message (an
  // HttpError(422, ...)) reaches no field. Throw ValidationError.single(field, message) instead.
  it('has no HttpError(422, ...) in the modules', () => {
    const root = path.join(import.meta.dirname, '..', 'modules');
    const offenders = (readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) =>
        /new HttpError\(\s*422\b/.test(readFileSync(path.join(root, file), 'utf8')),
      );
    assert.deepEqual(offenders, []);
  });
});
