import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { GuestProfile, ShowProfile, Upload } from '../../../contract';
import { DEMO_ACCOUNTS } from '../../../db/seed/seed';
import {
  profileIdOf,
  signedIn,
  startTestApp,
  TestClient,
  type TestContext,
} from '../../../test/harness';
import { multipart } from '../../../test/multipart';

// DELETE /{guests|shows}/{id}/media/{uuid} (decision 096): who may remove a profile's picture,
// and that the reference and the upload (row and file) are gone afterwards.

let ctx: TestContext;
/** Priya's guest profile and her show (pro@; agency@ is in her team). */
let priya: number;
let founderFiles: number;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('rest-of-a-png'),
]);

before(async () => {
  ctx = await startTestApp();
  priya = await profileIdOf(ctx.db, 'guest_profiles', 'Priya Patel');
  founderFiles = await profileIdOf(ctx.db, 'show_profiles', 'The Founder Files');
});
after(() => ctx.close());

async function uploadImage(client: TestClient): Promise<Upload> {
  const { body, headers } = multipart([
    { name: 'image', value: PNG, filename: 'picture.png', type: 'image/png' },
  ]);
  const response = await client.request('POST', '/api/v1/uploads', { body, headers });
  assert.equal(response.statusCode, 201, response.body);
  return (response.json() as { uploads: Upload[] }).uploads[0] as Upload;
}

/** An upload of `client`'s set as the profile's `field` through the profile's PUT. */
async function attach(client: TestClient, path: string, field: string): Promise<string> {
  const { uuid } = await uploadImage(client);
  const response = await client.request('PUT', `/api/v1${path}`, { body: { [field]: uuid } });
  assert.equal(response.statusCode, 200, response.body);
  return uuid;
}

const remove = (client: TestClient, path: string, uuid: string) =>
  client.request('DELETE', `/api/v1${path}/media/${uuid}`);

async function uploadRow(uuid: string) {
  return ctx.db.selectFrom('uploads').select('uuid').where('uuid', '=', uuid).executeTakeFirst();
}

describe('DELETE /guests/{guest}/media/{uuid}', () => {
  it("removes the owner's picture: the profile shows none, the upload and its file are gone", async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const uuid = await attach(owner, `/guests/${priya}`, 'image_uuid');
    const before = (await owner.get(`/api/v1/guests/${priya}`)).json<{ data: GuestProfile }>();
    assert.equal(before.data.imageUuid, uuid);

    const response = await remove(owner, `/guests/${priya}`, uuid);
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json<{ data: GuestProfile }>();
    assert.equal(data.id, priya);
    assert.equal(data.imageUuid, null);
    assert.notEqual(data.imageUrl, `/api/v1/media/${uuid}`);
    assert.equal(await uploadRow(uuid), undefined);
    assert.equal((await owner.get(`/api/v1/media/${uuid}`)).statusCode, 404);
    // a second time: no longer the profile's
    assert.equal((await remove(owner, `/guests/${priya}`, uuid)).statusCode, 404);
  });

  it('lets a member of the owner’s team remove it', async () => {
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const uuid = await attach(agency, `/guests/${priya}`, 'image_uuid');
    const response = await remove(agency, `/guests/${priya}`, uuid);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(await uploadRow(uuid), undefined);
  });

  it('is 403 to another user, 401 to a visitor, and leaves the picture', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const uuid = await attach(owner, `/guests/${priya}`, 'image_uuid');

    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    assert.equal((await remove(other, `/guests/${priya}`, uuid)).statusCode, 403);
    const visitor = new TestClient(ctx.app);
    assert.equal((await remove(visitor, `/guests/${priya}`, uuid)).statusCode, 401);

    const kept = await ctx.db
      .selectFrom('guest_profiles')
      .select('image_uuid')
      .where('id', '=', priya)
      .executeTakeFirstOrThrow();
    assert.equal(kept.image_uuid, uuid);
    assert.ok(await uploadRow(uuid));
  });

  it('is 404 for an upload that is not the profile’s picture, and deletes nothing', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const unknown = await remove(owner, `/guests/${priya}`, randomUUID());
    assert.equal(unknown.statusCode, 404);
    // the owner's own upload, not shown on this profile
    const loose = await uploadImage(owner);
    assert.equal((await remove(owner, `/guests/${priya}`, loose.uuid)).statusCode, 404);
    assert.ok(await uploadRow(loose.uuid));
    // no such profile
    assert.equal((await remove(owner, '/guests/999999', loose.uuid)).statusCode, 404);
  });
});

describe('DELETE /shows/{show}/media/{uuid}', () => {
  it('removes the cover or the image, each on its own', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const image = await attach(owner, `/shows/${founderFiles}`, 'image_uuid');
    const cover = await attach(owner, `/shows/${founderFiles}`, 'cover_image_uuid');

    const response = await remove(owner, `/shows/${founderFiles}`, cover);
    assert.equal(response.statusCode, 200, response.body);
    const { data } = response.json<{ data: ShowProfile }>();
    assert.equal(data.coverImageUuid, null);
    assert.equal(data.imageUuid, image);
    assert.equal(data.imageUrl, `/api/v1/media/${image}`);
    assert.equal(await uploadRow(cover), undefined);
    assert.ok(await uploadRow(image));

    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    assert.equal((await remove(agency, `/shows/${founderFiles}`, image)).statusCode, 200);
    assert.equal(await uploadRow(image), undefined);
  });

  it('PUT /shows/{id} takes only the caller’s own upload as the image or cover', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const stranger = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const theirs = await uploadImage(stranger);
    const response = await owner.request('PUT', `/api/v1/shows/${founderFiles}`, {
      body: { cover_image_uuid: theirs.uuid },
    });
    assert.equal(response.statusCode, 422, response.body);
    assert.deepEqual(Object.keys(response.json<{ errors: object }>().errors), ['cover_image_uuid']);
  });

  it('is 403 to another user, 401 to a visitor, 404 for an unknown upload', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const uuid = await attach(owner, `/shows/${founderFiles}`, 'cover_image_uuid');
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    assert.equal((await remove(other, `/shows/${founderFiles}`, uuid)).statusCode, 403);
    assert.equal(
      (await remove(new TestClient(ctx.app), `/shows/${founderFiles}`, uuid)).statusCode,
      401,
    );
    assert.equal((await remove(owner, `/shows/${founderFiles}`, randomUUID())).statusCode, 404);
    assert.ok(await uploadRow(uuid));
  });
});
