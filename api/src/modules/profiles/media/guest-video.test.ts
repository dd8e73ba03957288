import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GuestProfile, Upload } from '../../../contract';
import { DEMO_ACCOUNTS } from '../../../db/seed/seed';
import { signedIn, startTestApp, type TestClient, type TestContext } from '../../../test/harness';
import { multipart, type Part } from '../../../test/multipart';
import { UPLOAD_MESSAGES } from '../../uploads/service';

// A guest profile's video (issue 16, decision 096): uploaded with POST /uploads (entity guest),
// attached by the guest PUT's video_uuid, shown as videoUrl, removed by the media delete.

let ctx: TestContext;
/** Priya's guest profile (pro@; agency@ is in her team). */
let priya: number;

const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom-movie-data')]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest-of-a-png'),
]);

before(async () => {
  ctx = await startTestApp();
  const row = await ctx.db
    .selectFrom('guest_profiles')
    .select('id')
    .where('name', '=', 'Priya Patel')
    .executeTakeFirstOrThrow();
  priya = row.id;
});
after(() => ctx.close());

async function upload(client: TestClient, parts: Part[]): Promise<Upload> {
  const { body, headers } = multipart(parts);
  const response = await client.request('POST', '/api/v1/uploads', { body, headers });
  assert.equal(response.statusCode, 201, response.body);
  return (response.json() as { uploads: Upload[] }).uploads[0] as Upload;
}

const uploadVideo = (client: TestClient) =>
  upload(client, [
    { name: 'entity', value: 'guest' },
    { name: 'video', value: MP4, filename: 'intro.mp4', type: 'video/mp4' },
  ]);

const putVideo = (client: TestClient, videoUuid: string | null) =>
  client.request('PUT', `/api/v1/guests/${priya}`, { body: { video_uuid: videoUuid } });

async function shown(client: TestClient): Promise<GuestProfile> {
  const response = await client.get(`/api/v1/guests/${priya}`);
  assert.equal(response.statusCode, 200, response.body);
  return response.json<{ data: GuestProfile }>().data;
}

async function storedVideo(): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('guest_profiles')
    .select('video_uuid')
    .where('id', '=', priya)
    .executeTakeFirstOrThrow();
  return row.video_uuid;
}

describe("a guest profile's video", () => {
  it('is attached by the PUT, shown by GET /guests/{id}, and removed by the media delete', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    assert.equal((await shown(owner)).videoUuid, null);
    assert.equal((await shown(owner)).videoUrl, null);

    const { uuid } = await uploadVideo(owner);
    const put = await putVideo(owner, uuid);
    assert.equal(put.statusCode, 200, put.body);
    assert.equal(put.json<{ data: GuestProfile }>().data.videoUuid, uuid);

    const visitor = await shown(owner);
    assert.equal(visitor.videoUuid, uuid);
    assert.equal(visitor.videoUrl, `/api/v1/media/${uuid}`);
    const media = await owner.get(`/api/v1/media/${uuid}`);
    assert.equal(media.statusCode, 200);
    assert.equal(media.headers['content-type'], 'video/mp4');

    const removed = await owner.request('DELETE', `/api/v1/guests/${priya}/media/${uuid}`);
    assert.equal(removed.statusCode, 200, removed.body);
    const { data } = removed.json<{ data: GuestProfile }>();
    assert.equal(data.videoUuid, null);
    assert.equal(data.videoUrl, null);
    assert.equal(await storedVideo(), null);
    assert.equal((await owner.get(`/api/v1/media/${uuid}`)).statusCode, 404);
  });

  it('is removed by a PUT of null, and kept when the PUT leaves it out', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const { uuid } = await uploadVideo(owner);
    assert.equal((await putVideo(owner, uuid)).statusCode, 200);

    const details = await owner.request('PUT', `/api/v1/guests/${priya}`, {
      body: { title: 'Founder' },
    });
    assert.equal(details.statusCode, 200, details.body);
    assert.equal(await storedVideo(), uuid);

    assert.equal((await putVideo(owner, null)).statusCode, 200);
    assert.equal(await storedVideo(), null);
    assert.equal((await shown(owner)).videoUrl, null);
  });

  it("takes a team member's own video upload, as the picture does", async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const { uuid } = await uploadVideo(agency);
    const put = await putVideo(agency, uuid);
    assert.equal(put.statusCode, 200, put.body);
    assert.equal(await storedVideo(), uuid);
    assert.equal((await putVideo(agency, null)).statusCode, 200);
  });

  it("is 422 on video_uuid for an image, another user's video or an unknown uuid", async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const image = await upload(owner, [
      { name: 'image', value: PNG, filename: 'picture.png', type: 'image/png' },
    ]);
    const other = await uploadVideo(await signedIn(ctx.app, DEMO_ACCOUNTS.guest));

    for (const value of [image.uuid, other.uuid, 'not-a-uuid']) {
      const response = await putVideo(owner, value);
      assert.equal(response.statusCode, 422, value);
      assert.deepEqual(response.json().errors, { video_uuid: [UPLOAD_MESSAGES.notOwnVideo] });
    }
    assert.equal(await storedVideo(), null);
  });

  it('goes from the profile when its upload is deleted another way', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const { uuid } = await uploadVideo(owner);
    assert.equal((await putVideo(owner, uuid)).statusCode, 200);
    await ctx.db.deleteFrom('uploads').where('uuid', '=', uuid).execute();
    assert.equal(await storedVideo(), null);
  });
});
