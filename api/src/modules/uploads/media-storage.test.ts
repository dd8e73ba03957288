import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { MiniviewDetail, Recording, Upload, User } from '../../contract';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { multipart } from '../../test/multipart';
import { removeDeletedMedia, storeUpload } from './service';

// Uploads keep their bytes in the media storage (decision 090): here the test app's own
// MEDIA_DIR. What the browser sees is what it saw when the bytes were in the database.

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a-png-kept-on-disk'),
]);
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('webm-on-disk')]);
const OGG = Buffer.from('OggS-opus-on-disk');

/** The files in the test app's MEDIA_DIR (temporary names included). */
const mediaFiles = () =>
  fs.existsSync(ctx.app.config.mediaDir) ? fs.readdirSync(ctx.app.config.mediaDir) : [];
const fileOf = (uuid: string) => path.join(ctx.app.config.mediaDir, uuid);

async function uploadImage(client: TestClient, name = 'picture.png'): Promise<Upload> {
  const { body, headers } = multipart([{ name: 'image', value: PNG, filename: name }]);
  const response = await client.request('POST', '/api/v1/uploads', { body, headers });
  assert.equal(response.statusCode, 201, response.body);
  return (response.json().uploads as Upload[])[0]!;
}

function uploadAnswer(client: TestClient, miniviewUuid: string, type: 'video' | 'audio') {
  const { body, headers } = multipart([
    { name: 'miniview_uuid', value: miniviewUuid },
    { name: 'type', value: type },
    { name: 'media', value: type === 'video' ? WEBM : OGG, filename: `answer.${type}` },
  ]);
  return client.request('POST', '/api/v1/miniviews/upload-file', { body, headers });
}

/** The row's key and whether it holds bytes itself. */
async function rowOf(uuid: string) {
  const row = await ctx.db
    .selectFrom('uploads')
    .select(['storage_key', 'content', 'size'])
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return row && { storage_key: row.storage_key, holdsBytes: row.content !== null, size: row.size };
}

async function assertStoredOnDisk(uuid: string, bytes: Buffer) {
  assert.deepEqual(await rowOf(uuid), { storage_key: uuid, holdsBytes: false, size: bytes.length });
  assert.deepEqual(fs.readFileSync(fileOf(uuid)), bytes);
}

describe('uploads in the media storage (local disk)', () => {
  it('writes an image to MEDIA_DIR, keeps only its key in the row, and serves it as before', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const { uuid, url } = await uploadImage(client, 'On disk.png');
    await assertStoredOnDisk(uuid, PNG);
    // Written under a temporary name and renamed: nothing else is left in the folder.
    assert.deepEqual(
      mediaFiles().filter((name) => name.startsWith('.')),
      [],
    );

    const visitor = new TestClient(ctx.app);
    const whole = await visitor.get(url);
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-type'], 'image/png');
    assert.equal(whole.headers['content-length'], String(PNG.length));
    assert.equal(whole.headers['accept-ranges'], 'bytes');
    assert.equal(whole.headers['x-content-type-options'], 'nosniff');
    assert.equal(whole.headers['content-security-policy'], "default-src 'none'; sandbox");
    assert.equal(whole.headers['content-disposition'], 'inline; filename="On-disk.png"');
    assert.deepEqual(whole.rawPayload, PNG);

    const head = await visitor.request('HEAD', url);
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-length'], String(PNG.length));
    assert.equal(head.rawPayload.length, 0);

    const part = await visitor.request('GET', url, { headers: { range: 'bytes=3-9' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 3-9/${PNG.length}`);
    assert.equal(part.headers['content-length'], '7');
    assert.deepEqual(part.rawPayload, PNG.subarray(3, 10));
    const tail = await visitor.request('GET', url, { headers: { range: 'bytes=-4' } });
    assert.equal(tail.statusCode, 206);
    assert.deepEqual(tail.rawPayload, PNG.subarray(PNG.length - 4));
    const past = await visitor.request('GET', url, { headers: { range: `bytes=${PNG.length}-` } });
    assert.equal(past.statusCode, 416);
    assert.equal(past.headers['content-range'], `bytes */${PNG.length}`);

    const download = await visitor.get(`/api/v1/download/media/${uuid}`);
    assert.equal(download.statusCode, 200);
    assert.equal(download.headers['content-disposition'], 'attachment; filename="On-disk.png"');
    assert.deepEqual(download.rawPayload, PNG);
  });

  it("writes recordings there too: an answer, a Pro user's own, and a resumable (tus) one", async () => {
    const miniview = await ctx.db
      .selectFrom('miniviews')
      .select('uuid')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const answer = await uploadAnswer(new TestClient(ctx.app), miniview.uuid, 'audio');
    assert.equal(answer.statusCode, 201, answer.body);
    await assertStoredOnDisk((answer.json().data as Recording).uuid, OGG);

    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const { body, headers } = multipart([
      { name: 'type', value: 'video' },
      { name: 'media', value: WEBM, filename: 'take.webm' },
    ]);
    const own = await pro.request('POST', '/api/v1/users/me/recordings', { body, headers });
    assert.equal(own.statusCode, 201, own.body);
    await assertStoredOnDisk((own.json().data as Recording).uuid, WEBM);

    const tus = { 'tus-resumable': '1.0.0' };
    const created = await pro.request('POST', '/api/v1/recordings/uploads', {
      headers: {
        ...tus,
        'upload-length': String(WEBM.length),
        'upload-metadata': `type ${Buffer.from('video').toString('base64')}`,
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const done = await pro.request('PATCH', String(created.headers.location), {
      body: WEBM,
      headers: {
        ...tus,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
    });
    assert.equal(done.statusCode, 200, done.body);
    const resumable: Recording = done.json().data;
    await assertStoredOnDisk(resumable.uuid, WEBM);
    const part = await pro.request('GET', resumable.url, { headers: { range: 'bytes=0-3' } });
    assert.equal(part.statusCode, 206);
    assert.deepEqual(part.rawPayload, WEBM.subarray(0, 4));
  });

  it('keeps serving media held in the database (older rows, the seeded demo answers)', async () => {
    const seeded = await ctx.db
      .selectFrom('uploads')
      .select(['uuid', 'content', 'mime_type'])
      .where('storage_key', 'is', null)
      .where('kind', '=', 'video')
      .executeTakeFirstOrThrow();
    assert.ok(seeded.content && seeded.content.length > 100);
    const visitor = new TestClient(ctx.app);
    const whole = await visitor.get(`/api/v1/media/${seeded.uuid}`);
    assert.equal(whole.statusCode, 200);
    assert.equal(whole.headers['content-type'], seeded.mime_type);
    assert.equal(whole.headers['content-length'], String(seeded.content.length));
    assert.deepEqual(whole.rawPayload, seeded.content);
    const part = await visitor.request('GET', `/api/v1/media/${seeded.uuid}`, {
      headers: { range: 'bytes=10-99' },
    });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 10-99/${seeded.content.length}`);
    assert.deepEqual(part.rawPayload, seeded.content.subarray(10, 100));
    const past = await visitor.request('GET', `/api/v1/media/${seeded.uuid}`, {
      headers: { range: `bytes=${seeded.content.length + 1}-` },
    });
    assert.equal(past.statusCode, 416);
  });

  it('answers a plain 404 when the file is missing under its row', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const { uuid, url } = await uploadImage(client);
    fs.rmSync(fileOf(uuid));
    const response = await client.get(url);
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { message: 'Not found.' });
  });

  it('writes no file when the row cannot be stored', async () => {
    const before = mediaFiles();
    await assert.rejects(
      storeUpload(ctx.app, {
        userId: 2_000_000_000,
        kind: 'image',
        mimeType: 'image/png',
        fileName: 'nobody.png',
        entity: null,
        content: PNG,
      }),
    );
    assert.deepEqual(mediaFiles(), before);
  });
});

describe('deleting uploads removes their files', () => {
  it('when the user removes their picture', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const me = (await client.get('/api/v1/users/me')).json().data as User;
    const { uuid } = await uploadImage(client);
    const response = await client.request('DELETE', `/api/v1/users/${me.id}/media/${uuid}`);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(fs.existsSync(fileOf(uuid)), false);
    assert.equal(await rowOf(uuid), undefined);
  });

  it("when a miniview is deleted: its answers' recordings", async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const miniview: MiniviewDetail = (
      await owner.post('/api/v1/miniviews', { title: 'Gone soon', questions: [{ body: 'Q?' }] })
    ).json().data;
    const visitor = new TestClient(ctx.app);
    const answers: Recording[] = [];
    for (const type of ['video', 'audio'] as const) {
      const response = await uploadAnswer(visitor, miniview.uuid, type);
      assert.equal(response.statusCode, 201, response.body);
      answers.push(response.json().data);
    }
    for (const { uuid } of answers) assert.ok(fs.existsSync(fileOf(uuid)));

    const deleted = await owner.request('DELETE', `/api/v1/miniviews/${miniview.uuid}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    for (const { uuid, url } of answers) {
      assert.equal(fs.existsSync(fileOf(uuid)), false, uuid);
      assert.equal((await visitor.get(url)).statusCode, 404);
    }
    const queued = await ctx.db.selectFrom('media_deletions').select('storage_key').execute();
    assert.deepEqual(queued, []);
  });

  it('when an account is deleted: its uploads', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const { uuid } = await uploadImage(client);
    await client.post('/api/v1/auth/confirm-login', { password: DEMO_PASSWORD });
    const response = await client.request('DELETE', '/api/v1/users/me/account/delete');
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(await rowOf(uuid), undefined);
    assert.equal(fs.existsSync(fileOf(uuid)), false);
  });

  it('never removes a file a row still names; a delete rolled back removes nothing', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const { uuid } = await uploadImage(client);

    // Queued by mistake while its row is there: kept.
    await ctx.db.insertInto('media_deletions').values({ storage_key: uuid }).execute();
    await removeDeletedMedia(ctx.app);
    assert.ok(fs.existsSync(fileOf(uuid)));
    await ctx.db.deleteFrom('media_deletions').where('storage_key', '=', uuid).execute();

    await assert.rejects(
      ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('uploads').where('uuid', '=', uuid).execute();
        throw new Error('changed my mind');
      }),
      /changed my mind/,
    );
    await removeDeletedMedia(ctx.app);
    assert.ok(fs.existsSync(fileOf(uuid)));
    assert.equal((await client.get(`/api/v1/media/${uuid}`)).statusCode, 200);

    // Deleted outside the API (psql, a cascade nobody followed): removed by the next sweep.
    await ctx.db.deleteFrom('uploads').where('uuid', '=', uuid).execute();
    assert.ok(fs.existsSync(fileOf(uuid)), 'the file goes after the commit, not with the row');
    await removeDeletedMedia(ctx.app);
    assert.equal(fs.existsSync(fileOf(uuid)), false);
  });
});
