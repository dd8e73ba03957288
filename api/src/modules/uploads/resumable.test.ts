import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { Recording } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { UPLOADER_COOKIE } from './resumable-routes';
import { RECORDING_UPLOADS_PER_IP } from './routes';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const URL = '/api/v1/recordings/uploads';
const TUS = { 'tus-resumable': '1.0.0' };
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
  Buffer.from('a-webm-recording-from-the-recorder'),
]);

/** Upload-Metadata: each value base64. */
function metadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

function create(
  client: TestClient,
  values: Record<string, string>,
  length: number,
  remoteAddress?: string,
) {
  return client.request('POST', URL, {
    headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': metadata(values) },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function patch(client: TestClient, location: string, offset: number, bytes: Buffer) {
  return client.request('PATCH', location, {
    body: bytes,
    headers: {
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
  });
}

function head(client: TestClient, location: string) {
  return client.request('HEAD', location, { headers: TUS });
}

async function firstMiniviewUuid(): Promise<string> {
  const row = await ctx.db
    .selectFrom('miniviews')
    .select('uuid')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return row.uuid;
}

const uploadFiles = () => fs.readdirSync(ctx.app.config.recordingUploadDir);

describe('POST /recordings/uploads (creating a resumable upload)', () => {
  it("creates a Pro user's own upload: 201 with its Location, and nothing stored yet", async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await create(pro, { type: 'video', filename: 'take.webm' }, WEBM.length);
    assert.equal(response.statusCode, 201, response.body);
    assert.match(
      String(response.headers.location),
      /^\/api\/v1\/recordings\/uploads\/[0-9a-f]{32}$/,
    );
    assert.equal(response.headers['tus-resumable'], '1.0.0');
    // The site's security headers, as on every answer.
    assert.equal(response.headers['x-content-type-options'], 'nosniff');
    assert.match(String(response.headers['content-security-policy']), /default-src 'none'/);
    // A signed-in user is known by the session: no visitor cookie.
    assert.equal(pro.cookies.has(UPLOADER_COOKIE), false);
  });

  it('answers 426 to a standard account and 401 to a visitor, for their own recording', async () => {
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const refused = await create(standard, { type: 'video' }, WEBM.length);
    assert.equal(refused.statusCode, 426);
    assert.deepEqual(refused.json(), { message: 'Only PRO users have access to this feature.' });
    const visitor = await create(new TestClient(ctx.app), { type: 'audio' }, WEBM.length);
    assert.equal(visitor.statusCode, 401);
    assert.deepEqual(visitor.json(), { message: 'Unauthenticated.' });
  });

  it('keeps a Pro account with an unverified email to answers, as the guard does (decision 066)', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    await ctx.db
      .updateTable('users')
      .set({ status: 'pending' })
      .where('email', '=', DEMO_ACCOUNTS.pro)
      .execute();
    try {
      const own = await create(pro, { type: 'video' }, WEBM.length);
      assert.equal(own.statusCode, 403);
      assert.deepEqual(own.json(), { message: 'Verify your email address first.' });
      const miniview_uuid = await firstMiniviewUuid();
      const answer = await create(pro, { type: 'video', miniview_uuid }, WEBM.length);
      assert.equal(answer.statusCode, 201, answer.body);
    } finally {
      await ctx.db
        .updateTable('users')
        .set({ status: 'active' })
        .where('email', '=', DEMO_ACCOUNTS.pro)
        .execute();
    }
  });

  it('lets a visitor start an answer to a miniview, and 404 for an unknown one', async () => {
    const visitor = new TestClient(ctx.app);
    const miniviewUuid = await firstMiniviewUuid();
    const response = await create(visitor, { type: 'audio', miniview_uuid: miniviewUuid }, 10);
    assert.equal(response.statusCode, 201, response.body);
    assert.ok(visitor.cookies.get(UPLOADER_COOKIE));

    for (const unknown of [randomUUID(), 'not-a-uuid']) {
      const missing = await create(visitor, { type: 'audio', miniview_uuid: unknown }, 10);
      assert.equal(missing.statusCode, 404, unknown);
      assert.deepEqual(missing.json(), { message: 'Not found.' });
    }
  });

  it('refuses an unknown type and a declared length over the type’s limit (422)', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const cases: [Record<string, string>, number, Record<string, string[]>][] = [
      [{ type: 'photo' }, 10, { type: ['The selected type is invalid.'] }],
      [{}, 10, { type: ['The selected type is invalid.'] }],
      [
        { type: 'audio' },
        10 * 1024 * 1024 + 1,
        { media: ['The audio recording may not be greater than 10 MB.'] },
      ],
      [
        { type: 'video' },
        50 * 1024 * 1024 + 1,
        { media: ['The video recording may not be greater than 50 MB.'] },
      ],
    ];
    const rowsBefore = await ctx.db.selectFrom('recording_uploads').select('id').execute();
    for (const [values, length, errors] of cases) {
      const response = await create(pro, values, length);
      assert.equal(response.statusCode, 422, JSON.stringify(values));
      assert.deepEqual(response.json(), { message: Object.values(errors)[0]?.[0], errors });
    }
    const rowsAfter = await ctx.db.selectFrom('recording_uploads').select('id').execute();
    assert.equal(rowsAfter.length, rowsBefore.length);
  });

  it('needs the CSRF token like every write', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const response = await pro.request('POST', URL, {
      csrf: false,
      headers: { ...TUS, 'upload-length': '10', 'upload-metadata': metadata({ type: 'video' }) },
    });
    assert.equal(response.statusCode, 419);
  });

  it('limits the answers one network starts in an hour, with the multipart uploads (429)', async () => {
    const visitor = new TestClient(ctx.app);
    const miniviewUuid = await firstMiniviewUuid();
    const remoteAddress = '203.0.113.140';
    // The counter is shared with POST /miniviews/upload-file.
    await visitor.request('POST', '/api/v1/miniviews/upload-file', { body: {}, remoteAddress });
    for (let started = 1; started < RECORDING_UPLOADS_PER_IP.max; started += 1) {
      const response = await create(
        visitor,
        { type: 'audio', miniview_uuid: miniviewUuid },
        10,
        remoteAddress,
      );
      assert.equal(response.statusCode, 201);
    }
    const limited = await create(
      visitor,
      { type: 'audio', miniview_uuid: miniviewUuid },
      10,
      remoteAddress,
    );
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.match(limited.json().message, /^Too many recordings were uploaded from your network\./);
  });
});

describe('PATCH and HEAD /recordings/uploads/{id} (sending, resuming, completing)', () => {
  it('resumes from the offset HEAD gives and answers the stored recording at the end', async () => {
    const visitor = new TestClient(ctx.app);
    const miniviewUuid = await firstMiniviewUuid();
    const created = await create(
      visitor,
      { type: 'video', miniview_uuid: miniviewUuid, filename: 'My answer!.webm' },
      WEBM.length,
    );
    const location = String(created.headers.location);

    const first = await patch(visitor, location, 0, WEBM.subarray(0, 10));
    assert.equal(first.statusCode, 204, first.body);
    assert.equal(first.headers['upload-offset'], '10');

    // The connection dropped: the recorder asks where to go on.
    const resumed = await head(visitor, location);
    assert.equal(resumed.statusCode, 200);
    assert.equal(resumed.headers['upload-offset'], '10');
    assert.equal(resumed.headers['upload-length'], String(WEBM.length));
    // Sending from the wrong offset changes nothing (tus: 409).
    assert.equal((await patch(visitor, location, 0, WEBM)).statusCode, 409);

    const last = await patch(visitor, location, 10, WEBM.subarray(10));
    assert.equal(last.statusCode, 200, last.body);
    assert.match(String(last.headers['content-type']), /^application\/json/);
    const { data }: { data: Recording } = last.json();
    assert.equal(data.type, 'video');
    assert.equal(data.mime_type, 'video/webm');
    assert.equal(data.size, WEBM.length);
    assert.equal(data.url, `/api/v1/media/${data.uuid}`);

    // Stored as the multipart answer is: the miniview's, served with ranges.
    const stored = await ctx.db
      .selectFrom('uploads')
      .innerJoin('miniviews', 'miniviews.id', 'uploads.miniview_id')
      .select(['uploads.user_id', 'uploads.entity', 'uploads.file_name', 'miniviews.uuid'])
      .where('uploads.uuid', '=', data.uuid)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, {
      user_id: null,
      entity: 'miniview-answer',
      file_name: 'My-answer.webm',
      uuid: miniviewUuid,
    });
    const whole = await visitor.get(data.url);
    assert.deepEqual(whole.rawPayload, WEBM);
    const part = await visitor.request('GET', data.url, { headers: { range: 'bytes=4-7' } });
    assert.equal(part.statusCode, 206);
    assert.deepEqual(part.rawPayload, WEBM.subarray(4, 8));

    // The upload is gone: its bytes, its row, its URL.
    assert.deepEqual(
      uploadFiles().filter((name) => location.endsWith(name)),
      [],
    );
    assert.equal((await head(visitor, location)).statusCode, 404);
  });

  it('takes the whole recording in the creating POST (creation-with-upload): 201, Location, Upload-Offset', async () => {
    const visitor = new TestClient(ctx.app);
    const miniviewUuid = await firstMiniviewUuid();
    const created = await visitor.request('POST', URL, {
      body: WEBM,
      headers: {
        ...TUS,
        'upload-length': String(WEBM.length),
        'upload-metadata': metadata({
          type: 'video',
          miniview_uuid: miniviewUuid,
          filename: 'In one go.webm',
        }),
        'content-type': 'application/offset+octet-stream',
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const location = String(created.headers.location);
    assert.match(location, /^\/api\/v1\/recordings\/uploads\/[0-9a-f]{32}$/);
    assert.equal(created.headers['upload-offset'], String(WEBM.length));
    assert.equal(created.headers['tus-resumable'], '1.0.0');
    assert.match(String(created.headers['content-type']), /^application\/json/);
    const { data }: { data: Recording } = created.json();
    assert.equal(data.type, 'video');
    assert.equal(data.mime_type, 'video/webm');
    assert.equal(data.size, WEBM.length);

    // Stored as the PATCH path stores it: the miniview's answer, served with ranges.
    const stored = await ctx.db
      .selectFrom('uploads')
      .innerJoin('miniviews', 'miniviews.id', 'uploads.miniview_id')
      .select(['uploads.user_id', 'uploads.entity', 'uploads.file_name', 'miniviews.uuid'])
      .where('uploads.uuid', '=', data.uuid)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, {
      user_id: null,
      entity: 'miniview-answer',
      file_name: 'In-one-go.webm',
      uuid: miniviewUuid,
    });
    assert.deepEqual((await visitor.get(data.url)).rawPayload, WEBM);
    const part = await visitor.request('GET', data.url, { headers: { range: 'bytes=4-7' } });
    assert.equal(part.statusCode, 206);
    assert.deepEqual(part.rawPayload, WEBM.subarray(4, 8));

    // The answer can be sent with it, like any uploaded answer.
    const miniview = await ctx.db
      .selectFrom('miniview_questions')
      .innerJoin('miniviews', 'miniviews.id', 'miniview_questions.miniview_id')
      .select('miniview_questions.id')
      .where('miniviews.uuid', '=', miniviewUuid)
      .execute();
    const sent = await visitor.post(`/api/v1/miniviews/public/${miniviewUuid}/answers`, {
      name: 'Ada',
      answers: miniview.map((question) => ({ question_id: question.id, media_uuid: data.uuid })),
    });
    assert.equal(sent.statusCode, 201, sent.body);

    // Finished: its bytes, its row and its URL are gone, as after the last PATCH.
    assert.deepEqual(
      uploadFiles().filter((name) => location.endsWith(name)),
      [],
    );
    assert.equal((await head(visitor, location)).statusCode, 404);
    const row = await ctx.db
      .selectFrom('recording_uploads')
      .select('id')
      .where('id', '=', path.basename(location))
      .executeTakeFirst();
    assert.equal(row, undefined);
  });

  it('goes on by PATCH from a creating POST that carried only the first bytes', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const created = await pro.request('POST', URL, {
      body: WEBM.subarray(0, 10),
      headers: {
        ...TUS,
        'upload-length': String(WEBM.length),
        'upload-metadata': metadata({ type: 'audio' }),
        'content-type': 'application/offset+octet-stream',
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    assert.equal(created.headers['upload-offset'], '10');
    const location = String(created.headers.location);
    const done = await patch(pro, location, 10, WEBM.subarray(10));
    assert.equal(done.statusCode, 200, done.body);
    const { data }: { data: Recording } = done.json();
    assert.equal(data.size, WEBM.length);
    assert.deepEqual((await pro.get(data.url)).rawPayload, WEBM);
  });

  it("stores a Pro user's own recording as theirs", async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const created = await create(pro, { type: 'audio' }, WEBM.length);
    const done = await patch(pro, String(created.headers.location), 0, WEBM);
    assert.equal(done.statusCode, 200, done.body);
    const { data }: { data: Recording } = done.json();
    assert.equal(data.type, 'audio');
    assert.equal(data.mime_type, 'audio/webm');
    const stored = await ctx.db
      .selectFrom('uploads')
      .innerJoin('users', 'users.id', 'uploads.user_id')
      .select(['users.email', 'uploads.entity', 'uploads.miniview_id'])
      .where('uploads.uuid', '=', data.uuid)
      .executeTakeFirstOrThrow();
    assert.deepEqual(stored, {
      email: DEMO_ACCOUNTS.pro,
      entity: 'recording',
      miniview_id: null,
    });
  });

  it('refuses content that is not a recording (422) and stores nothing', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const count = async () =>
      (
        await ctx.db
          .selectFrom('uploads')
          .select(ctx.db.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const bytes = Buffer.from('MZ-an-executable');
    const created = await create(pro, { type: 'video' }, bytes.length);
    const location = String(created.headers.location);
    const done = await patch(pro, location, 0, bytes);
    assert.equal(done.statusCode, 422);
    const message = 'The recording must be a file of type: webm, ogg, mp4.';
    assert.deepEqual(done.json(), { message, errors: { media: [message] } });
    assert.equal(await count(), before);
    assert.equal((await head(pro, location)).statusCode, 404);
  });

  it('refuses bytes past the declared length', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const created = await create(pro, { type: 'video' }, 10);
    const response = await patch(pro, String(created.headers.location), 0, WEBM);
    assert.equal(response.statusCode, 413);
  });

  it('lets only whoever started an upload continue it', async () => {
    const miniviewUuid = await firstMiniviewUuid();
    const starter = new TestClient(ctx.app);
    const created = await create(starter, { type: 'video', miniview_uuid: miniviewUuid }, 40);
    const location = String(created.headers.location);
    assert.equal((await patch(starter, location, 0, WEBM.subarray(0, 4))).statusCode, 204);

    const otherVisitor = new TestClient(ctx.app);
    await create(otherVisitor, { type: 'audio', miniview_uuid: miniviewUuid }, 10);
    assert.ok(otherVisitor.cookies.get(UPLOADER_COOKIE));
    const signedInUser = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    for (const intruder of [otherVisitor, signedInUser, new TestClient(ctx.app)]) {
      assert.equal((await patch(intruder, location, 4, WEBM.subarray(4))).statusCode, 404);
      assert.equal((await head(intruder, location)).statusCode, 404);
      assert.equal((await intruder.request('DELETE', location, { headers: TUS })).statusCode, 404);
    }
    // A Pro user's own upload is theirs alone too.
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const own = String((await create(pro, { type: 'video' }, 40)).headers.location);
    assert.equal((await head(signedInUser, own)).statusCode, 404);
    assert.equal((await head(pro, own)).statusCode, 200);

    // Nothing the intruders sent landed: the starter goes on from 4.
    assert.equal((await head(starter, location)).headers['upload-offset'], '4');
    // A PATCH needs the CSRF token.
    const noToken = await starter.request('PATCH', location, {
      csrf: false,
      body: WEBM.subarray(4),
      headers: { ...TUS, 'upload-offset': '4', 'content-type': 'application/offset+octet-stream' },
    });
    assert.equal(noToken.statusCode, 419);
  });

  it('lets the starter abandon an upload (DELETE)', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const location = String((await create(pro, { type: 'audio' }, 20)).headers.location);
    const deleted = await pro.request('DELETE', location, { headers: TUS });
    assert.equal(deleted.statusCode, 204);
    assert.equal((await head(pro, location)).statusCode, 404);
    assert.deepEqual(
      uploadFiles().filter((name) => location.endsWith(name)),
      [],
    );
  });

  it('removes uploads not finished within 24 hours, at start and when another begins', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const location = String((await create(pro, { type: 'audio' }, 20)).headers.location);
    await patch(pro, location, 0, WEBM.subarray(0, 5));
    const id = path.basename(location);
    assert.ok(uploadFiles().includes(id));
    await ctx.db
      .updateTable('recording_uploads')
      .set({ created_at: sql<Date>`now() - interval '25 hours'` })
      .where('id', '=', id)
      .execute();
    assert.equal((await head(pro, location)).statusCode, 404);
    await create(pro, { type: 'audio' }, 20);
    assert.equal(uploadFiles().includes(id), false);
    const row = await ctx.db
      .selectFrom('recording_uploads')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    assert.equal(row, undefined);
  });
});
