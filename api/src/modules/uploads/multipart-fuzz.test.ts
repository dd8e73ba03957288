import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RouteOptions } from 'fastify';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { routesOf } from '../../http/schema';
import { signedIn, startTestApp, type TestClient, type TestContext } from '../../test/harness';
import { multipart } from '../../test/multipart';

// Issue 28: a form the multipart parser cannot read is the sender's fault: a 4xx with the API's
// JSON message on every route that takes multipart, never a 500. The routes are found by asking
// each one, not by reading the code: a route without the multipart parser answers Fastify's 415
// before any of its own code runs.

/** The routes that take multipart/form-data; a new one must be added here (the walk checks). */
const MULTIPART_ROUTES = [
  'POST /api/v1/miniviews/upload-file',
  'POST /api/v1/uploads',
  'POST /api/v1/users/me/recordings',
  // In the uploads plugin, where the parser is registered: it takes the type and reads no body.
  'DELETE /api/v1/users/:id/media/:uuid',
];

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BOUNDARY = 'fuzz-boundary';
const FORM = `multipart/form-data; boundary=${BOUNDARY}`;

/** The file fields the upload routes read: a broken part there is read, not skipped. */
const FILE_FIELDS = ['image', 'video', 'media'];

/** Deterministic noise (a fixed-seed LCG): the same bytes on every run. */
function noise(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let index = 0; index < length; index += 1) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    bytes[index] = state >>> 16;
  }
  return bytes;
}

const partHead = (name: string, file = true) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"` +
  (file ? `; filename="take.webm"\r\nContent-Type: video/webm` : '') +
  '\r\n\r\n';

interface BadBody {
  name: string;
  contentType: string;
  body: Buffer;
}

/** `miniviewUuid`: a real one, so that a form the parser reads gets as far as it can. */
function badBodies(miniviewUuid: string): BadBody[] {
  const whole = multipart([
    { name: 'type', value: 'video' },
    { name: 'media', value: noise(64, 1), filename: 'take.webm', type: 'video/webm' },
  ]).body;
  const bodies: BadBody[] = [
    { name: 'no boundary', contentType: 'multipart/form-data', body: whole },
    { name: 'empty boundary', contentType: 'multipart/form-data; boundary=', body: whole },
    {
      name: 'blank quoted boundary',
      contentType: 'multipart/form-data; boundary="  "',
      body: whole,
    },
    { name: 'wrong boundary', contentType: FORM, body: whole },
    { name: 'empty body', contentType: FORM, body: Buffer.alloc(0) },
    { name: 'closing delimiter only', contentType: FORM, body: Buffer.from(`--${BOUNDARY}--\r\n`) },
    { name: 'garbage', contentType: FORM, body: noise(4096, 7) },
    {
      name: 'garbage after the boundary',
      contentType: FORM,
      body: Buffer.concat([Buffer.from(`--${BOUNDARY}\r\n`), noise(2048, 11)]),
    },
    {
      name: 'header cut off',
      contentType: FORM,
      body: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`),
    },
    {
      name: 'malformed part header',
      contentType: FORM,
      body: Buffer.from(`--${BOUNDARY}\r\n\u0000\u00ff: ::\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`),
    },
    {
      name: 'part without a name',
      contentType: FORM,
      body: Buffer.from(
        `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nv\r\n--${BOUNDARY}--\r\n`,
      ),
    },
    {
      name: 'field named __proto__',
      contentType: FORM,
      body: Buffer.from(`${partHead('__proto__', false)}x\r\n--${BOUNDARY}--\r\n`),
    },
    {
      name: 'field declared JSON that is not',
      contentType: FORM,
      body: Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n` +
          `Content-Type: application/json\r\n\r\n{not json\r\n--${BOUNDARY}--\r\n`,
      ),
    },
    {
      name: 'too many fields',
      contentType: FORM,
      body: Buffer.from(
        Array.from({ length: 30 }, (_, index) => `${partHead(`f${index}`, false)}v\r\n`).join('') +
          `--${BOUNDARY}--\r\n`,
      ),
    },
    {
      name: 'too many files',
      contentType: FORM,
      body: Buffer.concat([
        ...FILE_FIELDS.map((field) =>
          Buffer.concat([Buffer.from(partHead(field)), noise(16, 3), Buffer.from('\r\n')]),
        ),
        Buffer.from(`--${BOUNDARY}--\r\n`),
      ]),
    },
    {
      name: 'field value over its size',
      contentType: FORM,
      body: Buffer.from(`${partHead('type', false)}${'v'.repeat(5000)}\r\n--${BOUNDARY}--\r\n`),
    },
  ];
  for (const field of FILE_FIELDS) {
    bodies.push(
      {
        name: `${field}: header only`,
        contentType: FORM,
        body: Buffer.from(partHead(field)),
      },
      {
        name: `${field}: truncated file`,
        contentType: FORM,
        body: Buffer.concat([
          Buffer.from(
            `${partHead('miniview_uuid', false)}${miniviewUuid}\r\n` +
              `${partHead('type', false)}video\r\n${partHead('entity', false)}guest\r\n`,
          ),
          Buffer.from(partHead(field)),
          noise(3000, 5),
        ]),
      },
      {
        name: `${field}: file cut inside the closing boundary`,
        contentType: FORM,
        body: Buffer.concat([
          Buffer.from(partHead(field)),
          Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
          Buffer.from(`\r\n--${BOUNDARY.slice(0, 5)}`),
        ]),
      },
    );
  }
  return bodies;
}

const key = (method: string, url: string) => `${method} ${url}`;

/** A route's path with every parameter filled in (what it then answers is not the point). */
function fill(url: string): string {
  return url.replace(/:[A-Za-z_]+(\([^)]*\))?/g, '1').replace(/\*$/, 'x');
}

let ctx: TestContext;
let client: TestClient;
let requests = 0;

/**
 * Each request from its own address, so the per-network upload limit is not what answers; on
 * loopback, so a development surface (decision 062) answers as it would on a developer's machine.
 */
function send(method: string, url: string, contentType: string, body: Buffer) {
  requests += 1;
  return client.request(method as 'POST', url, {
    body,
    headers: { 'content-type': contentType },
    remoteAddress: `127.1.${Math.floor(requests / 250)}.${(requests % 250) + 1}`,
  });
}

before(async () => {
  ctx = await startTestApp();
  // A Pro account gets past every route's sign-in and plan check to the form itself.
  client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
});
after(() => ctx.close());

describe('multipart bodies the parser cannot read (issue 28)', () => {
  it('knows every route that takes multipart/form-data', async () => {
    const routes = routesOf(ctx.app).flatMap((route: RouteOptions) =>
      [route.method]
        .flat()
        .flatMap((method) => (BODY_METHODS.has(method) ? [[method, route.url]] : [])),
    );
    assert.ok(routes.length > 100, `only ${routes.length} routes seen`);
    const probe = multipart([{ name: 'probe', value: '1' }]);
    const taking: string[] = [];
    for (const [method = '', url = ''] of routes) {
      const response = await send(method, fill(url), probe.headers['content-type'], probe.body);
      const refused =
        response.statusCode === 415 &&
        /^Unsupported Media Type: multipart\/form-data/.test(response.json().message);
      if (!refused) taking.push(key(method, url));
    }
    assert.deepEqual(taking.sort(), [...MULTIPART_ROUTES].sort());
  });

  for (const route of MULTIPART_ROUTES) {
    it(`answers ${route} a 4xx with a JSON message for every malformed form`, async () => {
      const [method = '', url = ''] = route.split(' ');
      const miniview = await ctx.db
        .selectFrom('miniviews')
        .select('uuid')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const problems: string[] = [];
      for (const bad of badBodies(miniview.uuid)) {
        const response = await send(method, fill(url), bad.contentType, bad.body);
        const json = /^application\/json/.test(String(response.headers['content-type']))
          ? (response.json() as { message?: unknown })
          : undefined;
        const ok =
          response.statusCode >= 400 &&
          response.statusCode < 500 &&
          typeof json?.message === 'string' &&
          json.message !== '';
        if (!ok) problems.push(`${bad.name}: ${response.statusCode} ${response.body.slice(0, 99)}`);
      }
      assert.deepEqual(problems, []);
    });
  }
});
