import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../../test/harness';
import { AVAILABILITY_REQUEST_MESSAGE, OWN_AVAILABILITY_MESSAGE } from './routes';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

async function profileIds() {
  const maya = await ctx.db
    .selectFrom('guest_profiles')
    .select('id')
    .where('name', '=', 'Maya Brooks')
    .executeTakeFirstOrThrow();
  const show = await ctx.db
    .selectFrom('show_profiles')
    .select('id')
    .where('name', '=', 'Morning Momentum')
    .executeTakeFirstOrThrow();
  return { guest: maya.id, show: show.id };
}

async function mails(to: string) {
  return ctx.db
    .selectFrom('outbox_emails')
    .select(['subject', 'text_body'])
    .where('to_email', '=', to)
    .orderBy('id', 'desc')
    .execute();
}

describe('POST /{guests|shows}/{id}/{guest|show}-availability-request', () => {
  it('stores the request and emails the owner once a day, however often it is asked', async () => {
    const { guest } = await profileIds();
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const path = `/api/v1/guests/${guest}/guest-availability-request`;
    const first = await client.post(path, { profileId: guest, profileType: 'guest' });
    assert.equal(first.statusCode, 201);
    assert.deepEqual(first.json(), { message: AVAILABILITY_REQUEST_MESSAGE });
    const again = await client.post(path, { profileId: guest, profileType: 'guest' });
    assert.equal(again.statusCode, 200);

    const rows = await ctx.db
      .selectFrom('availability_requests')
      .select(['profile_type', 'profile_id'])
      .execute();
    assert.deepEqual(rows, [{ profile_type: 'guest', profile_id: guest }]);
    const sent = await mails('guest@guestspot.test');
    assert.equal(sent.length, 1);
    assert.match(sent[0]?.subject ?? '', /would like to book Maya Brooks/);
    assert.match(sent[0]?.text_body ?? '', /standard@guestspot\.test/);
  });

  it('works for shows on the show path', async () => {
    const { show } = await profileIds();
    const client = await signedIn(ctx.app, 'guest@guestspot.test');
    const response = await client.post(`/api/v1/shows/${show}/show-availability-request`, {
      profileId: show,
      profileType: 'show',
    });
    assert.equal(response.statusCode, 201);
    assert.match((await mails('show@guestspot.test'))[0]?.subject ?? '', /Morning Momentum/);
  });

  it('answers 422 when the body is missing or names another profile', async () => {
    const { guest } = await profileIds();
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const path = `/api/v1/guests/${guest}/guest-availability-request`;
    const missing = await client.post(path, {});
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(Object.keys(missing.json().errors).sort(), ['profileId', 'profileType']);
    const other = await client.post(path, { profileId: guest + 1, profileType: 'show' });
    assert.equal(other.statusCode, 422);
    assert.deepEqual(Object.keys(other.json().errors).sort(), ['profileId', 'profileType']);
  });

  it('answers the old messages, the field errors and the profile checks in one 422', async () => {
    const { guest } = await profileIds();
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const path = `/api/v1/guests/${guest}/guest-availability-request`;
    const missing = await client.post(path, {});
    assert.deepEqual(missing.json(), {
      message: 'The profileId field is required.',
      errors: {
        profileId: ['The profileId field is required.'],
        profileType: ['The profileType field is required.'],
      },
    });
    const other = await client.post(path, { profileId: String(guest + 1), profileType: 'show' });
    assert.deepEqual(other.json(), {
      message: 'The profileId must be the profile of this address.',
      errors: {
        profileId: ['The profileId must be the profile of this address.'],
        profileType: ['The profileType must be guest.'],
      },
    });
    const bad = await client.post(path, { profileId: 0, profileType: 'other' });
    assert.deepEqual(bad.json().errors, {
      profileId: ['The profileId field must be at least 1.'],
      profileType: ['The selected profileType is invalid.'],
    });
    const mixed = await client.post(path, { profileId: 'x', profileType: 'show' });
    assert.deepEqual(mixed.json().errors, {
      profileId: ['The profileId field must be an integer.'],
      profileType: ['The profileType must be guest.'],
    });
    // a visitor is told to sign in first, whatever the address or the body
    const visitor = new TestClient(ctx.app);
    const unknown = await visitor.post('/api/v1/guests/abc/guest-availability-request', {});
    assert.equal(unknown.statusCode, 401);
  });

  it('needs a session and the CSRF token; refuses owners, paused and unknown profiles', async () => {
    const { guest } = await profileIds();
    const path = `/api/v1/guests/${guest}/guest-availability-request`;
    const body = { profileId: guest, profileType: 'guest' };
    assert.equal((await new TestClient(ctx.app).post(path, body)).statusCode, 401);
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    assert.equal((await client.request('POST', path, { body, csrf: false })).statusCode, 419);

    const owner = await signedIn(ctx.app, 'guest@guestspot.test');
    const own = await owner.post(path, body);
    assert.equal(own.statusCode, 403);
    assert.equal(own.json().message, OWN_AVAILABILITY_MESSAGE);

    const paused = await ctx.db
      .selectFrom('guest_profiles')
      .select('id')
      .where('is_public', '=', false)
      .executeTakeFirstOrThrow();
    const pausedPath = `/api/v1/guests/${paused.id}/guest-availability-request`;
    const hidden = await client.post(pausedPath, { profileId: paused.id, profileType: 'guest' });
    assert.equal(hidden.statusCode, 404);
    const unknown = await client.post('/api/v1/guests/abc/guest-availability-request', body);
    assert.equal(unknown.statusCode, 404);
  });
});
