import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Recording, Upload, User } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { ValidationError } from '../../http/errors';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { multipart, type Part } from '../../test/multipart';
import { assertOwnUpload, UPLOAD_MESSAGES } from './service';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest-of-a-png'),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('jfif')]);
const GIF = Buffer.from('GIF89a-pixels');
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom-movie-data')]);
const OGG = Buffer.from('OggS-theora-data');

function upload(client: TestClient, parts: Part[], csrf = true) {
  const { body, headers } = multipart(parts);
  return client.request('POST', '/api/v1/uploads', { body, headers, csrf });
}

const image = (value: Buffer, filename = 'picture.png', type = 'image/png'): Part => ({
  name: 'image',
  value,
  filename,
  type,
});

describe('POST /uploads', () => {
  it('stores a PNG, JPEG (a cropped image) or GIF and serves it at its url', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    for (const [bytes, name, mime] of [
      [PNG, 'Me at the mic!.png', 'image/png'],
      [JPEG, 'cropped.jpg', 'image/jpeg'],
      [GIF, 'wave.gif', 'image/gif'],
    ] as const) {
      const response = await upload(client, [image(bytes, name, 'application/octet-stream')]);
      assert.equal(response.statusCode, 201, response.body);
      const [stored] = response.json().uploads as Upload[];
      assert.ok(stored);
      assert.match(stored.uuid, /^[0-9a-f-]{36}$/);
      assert.equal(stored.url, `/api/v1/media/${stored.uuid}`);
      assert.equal(stored.mime_type, mime);
      assert.equal(stored.size, bytes.length);

      const served = await new TestClient(ctx.app).get(stored.url);
      assert.equal(served.statusCode, 200);
      assert.equal(served.headers['content-type'], mime);
      assert.equal(served.headers['x-content-type-options'], 'nosniff');
      assert.deepEqual(served.rawPayload, bytes);
    }
  });

  it('offers the file as a download at /download/media/{uuid}', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const { uuid } = (await upload(client, [image(PNG, 'Me at the mic!! (final).png')])).json()
      .uploads[0] as Upload;
    const response = await client.get(`/api/v1/download/media/${uuid}`);
    assert.equal(response.statusCode, 200);
    assert.equal(
      response.headers['content-disposition'],
      'attachment; filename="Me-at-the-mic-final.png"',
    );
    assert.equal((await client.get('/api/v1/media/not-a-uuid')).statusCode, 404);
    assert.equal(
      (await client.get('/api/v1/media/00000000-0000-4000-8000-000000000000')).statusCode,
      404,
    );
  });

  it('serves a byte range, so that a recording can seek (206, 416 past the end)', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const { url } = (await upload(client, [image(PNG, 'range.png')])).json().uploads[0] as Upload;
    const visitor = new TestClient(ctx.app);
    const whole = await visitor.get(url);
    assert.equal(whole.headers['accept-ranges'], 'bytes');

    const part = await visitor.request('GET', url, { headers: { range: 'bytes=2-5' } });
    assert.equal(part.statusCode, 206);
    assert.equal(part.headers['content-range'], `bytes 2-5/${PNG.length}`);
    assert.deepEqual(part.rawPayload, PNG.subarray(2, 6));

    const tail = await visitor.request('GET', url, { headers: { range: 'bytes=-3' } });
    assert.equal(tail.statusCode, 206);
    assert.deepEqual(tail.rawPayload, PNG.subarray(PNG.length - 3));

    const past = await visitor.request('GET', url, {
      headers: { range: `bytes=${PNG.length + 10}-` },
    });
    assert.equal(past.statusCode, 416);
    assert.equal(past.headers['content-range'], `bytes */${PNG.length}`);

    // Not a byte range, or several ranges: the whole file.
    for (const range of ['items=0-1', 'bytes=0-1,3-4']) {
      const answer = await visitor.request('GET', url, { headers: { range } });
      assert.equal(answer.statusCode, 200, range);
      assert.deepEqual(answer.rawPayload, PNG);
    }
  });

  it('refuses a file that is not a PNG, JPG or GIF, whatever it is called', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const response = await upload(client, [image(Buffer.from('<svg></svg>'), 'fake.png')]);
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      uploads: null,
      message: 'The image must be a file of type: png, jpg, gif.',
      errors: { image: ['The image must be a file of type: png, jpg, gif.'] },
    });
  });

  it('refuses an image over 20 MB and keeps nothing of it', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const count = async () =>
      (
        await ctx.db
          .selectFrom('uploads')
          .select(ctx.db.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const big = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024)]);
    const response = await upload(client, [image(big)]);
    assert.equal(response.statusCode, 422);
    assert.equal(response.json().message, 'The image may not be greater than 20 MB.');
    assert.equal(response.json().uploads, null);
    assert.equal(await count(), before);

    const atLimit = Buffer.concat([PNG, Buffer.alloc(20 * 1024 * 1024 - PNG.length)]);
    assert.equal((await upload(client, [image(atLimit)])).statusCode, 201);
  });

  it('takes a video only for a guest profile', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const video = (value: Buffer, filename: string): Part => ({
      name: 'video',
      value,
      filename,
      type: 'video/mp4',
    });

    for (const entity of [undefined, 'show', 'user']) {
      const parts = entity ? [{ name: 'entity', value: entity }] : [];
      const response = await upload(client, [...parts, video(MP4, 'intro.mp4')]);
      assert.equal(response.statusCode, 422, `entity ${entity}`);
      assert.equal(response.json().message, 'Video only available for Guest profile');
      assert.deepEqual(response.json().errors, { video: [UPLOAD_MESSAGES.videoEntity] });
    }

    const mp4 = await upload(client, [{ name: 'entity', value: 'guest' }, video(MP4, 'intro.mp4')]);
    assert.equal(mp4.statusCode, 201, mp4.body);
    assert.equal(mp4.json().uploads[0].mime_type, 'video/mp4');
    // entity after the file works too
    const ogg = await upload(client, [
      video(OGG, 'intro.ogg'),
      { name: 'entity', value: 'new-guest' },
    ]);
    assert.equal(ogg.statusCode, 201, ogg.body);
    assert.equal(ogg.json().uploads[0].mime_type, 'video/ogg');

    const notVideo = await upload(client, [
      { name: 'entity', value: 'guest' },
      video(PNG, 'x.mp4'),
    ]);
    assert.equal(notVideo.statusCode, 422);
    assert.equal(notVideo.json().message, 'The video must be a file of type: mp4, ogg, mov, qt.');
  });

  it('asks for a file when none was sent', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const response = await upload(client, [{ name: 'entity', value: 'user' }]);
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, { image: ['The image field is required.'] });
    const json = await client.post('/api/v1/uploads', { image: 'nope' });
    assert.equal(json.statusCode, 422);
  });

  it('needs a session and the CSRF token', async () => {
    const visitor = await upload(new TestClient(ctx.app), [image(PNG)]);
    assert.equal(visitor.statusCode, 401);
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    assert.equal((await upload(client, [image(PNG)], false)).statusCode, 419);
  });
});

describe('PUT /users/{id} with image_uuid', () => {
  it("sets the user's own upload as their picture, refuses anyone else's, and null removes it", async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const me = (await owner.get('/api/v1/users/me')).json().data as User;
    const mine = (await upload(owner, [image(PNG)])).json().uploads[0] as Upload;
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const theirs = (await upload(other, [image(PNG)])).json().uploads[0] as Upload;

    const refused = await owner.request('PUT', `/api/v1/users/${me.id}`, {
      body: { image_uuid: theirs.uuid },
    });
    assert.equal(refused.statusCode, 422);
    assert.deepEqual(Object.keys(refused.json().errors), ['image_uuid']);

    const set = await owner.request('PUT', `/api/v1/users/${me.id}`, {
      body: { image_uuid: mine.uuid },
    });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal((set.json().data as User).imageUrl, mine.url);

    const removed = await owner.request('PUT', `/api/v1/users/${me.id}`, {
      body: { image_uuid: null },
    });
    assert.equal((removed.json().data as User).imageUuid, null);
  });
});

describe('DELETE /users/{id}/media/{uuid}', () => {
  async function withImage(email: string) {
    const client = await signedIn(ctx.app, email);
    const me = (await client.get('/api/v1/users/me')).json().data as User;
    const { uuid, url } = (await upload(client, [image(PNG)])).json().uploads[0] as Upload;
    await ctx.db.updateTable('users').set({ image_uuid: uuid }).where('id', '=', me.id).execute();
    return { client, me, uuid, url };
  }

  it("clears the owner's image: imageUrl goes back to the generated picture", async () => {
    const { client, me, uuid, url } = await withImage(DEMO_ACCOUNTS.show);
    const current = (await client.get('/api/v1/users/me')).json().data as User;
    assert.equal(current.imageUrl, url);
    assert.equal(current.imageUuid, uuid);

    const response = await client.request('DELETE', `/api/v1/users/${me.id}/media/${uuid}`);
    assert.equal(response.statusCode, 200, response.body);
    const user = response.json().data as User;
    assert.equal(user.imageUuid, null);
    assert.equal(user.imageUrl, `/api/v1/images/users/${me.id}.svg`);
    assert.equal((await client.get(url)).statusCode, 404);
    const again = await client.request('DELETE', `/api/v1/users/${me.id}/media/${uuid}`);
    assert.equal(again.statusCode, 404);
  });

  it('lets an admin remove it, not another user', async () => {
    const { me, uuid } = await withImage(DEMO_ACCOUNTS.agency);
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const refused = await other.request('DELETE', `/api/v1/users/${me.id}/media/${uuid}`);
    assert.equal(refused.statusCode, 403);
    const admin = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const response = await admin.request('DELETE', `/api/v1/users/${me.id}/media/${uuid}`);
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().data.imageUuid, null);
  });

  it('needs a session and the CSRF token', async () => {
    const { client, me, uuid } = await withImage(DEMO_ACCOUNTS.pro);
    const url = `/api/v1/users/${me.id}/media/${uuid}`;
    assert.equal((await new TestClient(ctx.app).request('DELETE', url)).statusCode, 401);
    assert.equal((await client.request('DELETE', url, { csrf: false })).statusCode, 419);
    assert.equal(
      (await client.request('DELETE', `/api/v1/users/${me.id}/media/x`)).statusCode,
      404,
    );
  });
});

describe('assertOwnUpload', () => {
  it("accepts the user's own image and refuses anyone else's or a bad uuid", async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const ownerId = ((await owner.get('/api/v1/users/me')).json().data as User).id;
    const { uuid } = (await upload(owner, [image(PNG)])).json().uploads[0] as Upload;
    assert.equal(await assertOwnUpload(ctx.db, ownerId, uuid), uuid);
    await assert.rejects(assertOwnUpload(ctx.db, ownerId + 1, uuid), ValidationError);
    await assert.rejects(assertOwnUpload(ctx.db, ownerId, 'nope'), (error: ValidationError) => {
      assert.deepEqual(error.errors, { image_uuid: ['The selected image is invalid.'] });
      return true;
    });
  });
});

describe('POST /users/me/recordings', () => {
  const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('webm-video')]);
  const M4A = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypM4A -audio')]);
  function record(client: TestClient, type: string, media: Buffer, name = 'take.webm') {
    const { body, headers } = multipart([
      { name: 'type', value: type },
      { name: 'media', value: media, filename: name },
    ]);
    return client.request('POST', '/api/v1/users/me/recordings', { body, headers });
  }

  it("stores a Pro user's video or audio recording and serves it with its type", async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    for (const [type, bytes, mime] of [
      ['video', WEBM, 'video/webm'],
      ['audio', M4A, 'audio/mp4'],
      ['audio', OGG, 'audio/ogg'],
    ] as const) {
      const response = await record(client, type, bytes);
      assert.equal(response.statusCode, 201, response.body);
      const { data }: { data: Recording } = response.json();
      assert.equal(data.type, type);
      assert.equal(data.mime_type, mime);
      assert.equal(data.url, `/api/v1/media/${data.uuid}`);
      const served = await client.get(data.url);
      assert.equal(served.headers['content-type'], mime);
      assert.deepEqual(served.rawPayload, bytes);
    }
  });

  it('answers 426 to a standard account and 401 to a visitor', async () => {
    const standard = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const refused = await record(standard, 'video', WEBM);
    assert.equal(refused.statusCode, 426);
    assert.equal(refused.json().message, 'Only PRO users have access to this feature.');
    assert.equal((await record(new TestClient(ctx.app), 'video', WEBM)).statusCode, 401);
  });

  it('says what is wrong with the type or the file', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const cases: [string, Buffer, Record<string, string[]>][] = [
      ['photo', WEBM, { type: ['The selected type is invalid.'] }],
      ['video', PNG, { media: ['The recording must be a file of type: webm, ogg, mp4.'] }],
      [
        'audio',
        Buffer.alloc(10 * 1024 * 1024 + 1, 0x1a),
        {
          media: ['The audio recording may not be greater than 10 MB.'],
        },
      ],
    ];
    for (const [type, bytes, errors] of cases) {
      const response = await record(client, type, bytes);
      assert.equal(response.statusCode, 422, type);
      assert.deepEqual(response.json().errors, errors);
    }
  });
});

describe('a form the multipart parser cannot read (issue 28)', () => {
  const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.from('webm-video')]);
  const boundary = 'cut-short';
  const cutShort = (field: string, bytes: Buffer) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nvideo\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; ` +
          `filename="take.webm"\r\nContent-Type: video/webm\r\n\r\n`,
      ),
      bytes,
    ]);
  const uploadCount = async () =>
    (
      await ctx.db
        .selectFrom('uploads')
        .select(ctx.db.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('answers 415 to multipart/form-data without a boundary, on every upload route', async () => {
    const { body } = multipart([{ name: 'media', value: WEBM, filename: 'take.webm' }]);
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    // The miniview answer needs no sign-in: a visitor meets the same answer.
    for (const [client, url] of [
      [new TestClient(ctx.app), '/api/v1/miniviews/upload-file'],
      [pro, '/api/v1/uploads'],
      [pro, '/api/v1/users/me/recordings'],
    ] as const) {
      const response = await client.request('POST', url, {
        body,
        headers: { 'content-type': 'multipart/form-data' },
      });
      assert.equal(response.statusCode, 415, url);
      assert.deepEqual(response.json(), {
        message: 'The request must be multipart/form-data with a boundary.',
      });
    }
  });

  it('answers 422 on the file when its part is cut short, and stores nothing', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const before = await uploadCount();
    for (const [url, field] of [
      ['/api/v1/users/me/recordings', 'media'],
      ['/api/v1/uploads', 'image'],
    ] as const) {
      const response = await pro.request('POST', url, {
        body: cutShort(field, WEBM),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      assert.equal(response.statusCode, 422, url);
      const message = `The ${field} failed to upload.`;
      assert.deepEqual(response.json(), { message, errors: { [field]: [message] } });
    }
    assert.equal(await uploadCount(), before);
  });

  it('answers 422 on the form’s file to a form over the parser’s limits, saying which', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const fields = multipart(
      Array.from({ length: 11 }, (_, index) => ({ name: `field_${index}`, value: 'x' })),
    );
    const tooManyFields = await pro.request('POST', '/api/v1/users/me/recordings', fields);
    assert.equal(tooManyFields.statusCode, 422);
    const fieldsMessage = 'The form may not have more than 10 fields.';
    assert.deepEqual(tooManyFields.json(), {
      message: fieldsMessage,
      errors: { media: [fieldsMessage] },
    });
    const files = multipart(
      ['image', 'other', 'third'].map((name) => ({ name, value: PNG, filename: 'me.png' })),
    );
    const tooManyFiles = await pro.request('POST', '/api/v1/uploads', files);
    assert.equal(tooManyFiles.statusCode, 422);
    const filesMessage = 'The form may not have more than 2 files.';
    assert.deepEqual(tooManyFiles.json(), {
      message: filesMessage,
      errors: { image: [filesMessage] },
    });
  });

  it('refuses a video over the largest file the parser reads with the video’s own message', async () => {
    const guest = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const response = await upload(guest, [
      { name: 'entity', value: 'guest' },
      { name: 'video', value: Buffer.alloc(100 * 1024 * 1024 + 2), filename: 'long.mp4' },
    ]);
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, { video: [UPLOAD_MESSAGES.videoSize] });
  });
});
