import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Integration } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { encryptToken } from '../oauth/connections';
import { ICLOUD_CONNECTION_ERROR, ICLOUD_REFUSED } from './routes';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const APP_PASSWORD = 'abcd-efgh-ijkl-mnop';
const LIST = '/api/v1/integrations?filter[slug]=icloud-calendar,google-calendar,office365-calendar';

type Body = { data: Integration };

const put = (client: TestClient, url: string, body: unknown) =>
  client.request('PUT', url, { body });
const del = (client: TestClient, url: string) => client.request('DELETE', url);
type Errors = { message: string; errors?: Record<string, string[]> };

function connectICloud(client: TestClient, credentials: Record<string, unknown>, extra = {}) {
  return client.post('/api/v1/integrations', {
    name: 'iCloud Calendar',
    slug: 'icloud-calendar',
    credentials,
    ...extra,
  });
}

async function list(client: TestClient): Promise<Integration[]> {
  const response = await client.get(LIST);
  assert.equal(response.statusCode, 200);
  return response.json<{ data: Integration[] }>().data;
}

/** Connects Google or Microsoft as a person would: redirect, local consent (Allow), complete. */
async function connectOAuth(client: TestClient, provider: 'google' | 'microsoft', email: string) {
  const redirect = await client.get(
    `/api/v1/oauth/${provider}/redirect?return_to=${encodeURIComponent('/settings#calendars')}`,
  );
  assert.equal(redirect.statusCode, 200);
  const authorize = new URL(redirect.json<{ url: string }>().url, 'http://x');
  assert.equal(authorize.pathname, `/api/v1/oauth/local/${provider}/authorize`);
  const state = authorize.searchParams.get('state') ?? '';
  const decided = await client.get(
    `/api/v1/oauth/local/${provider}/decide?${new URLSearchParams({ state, email, decision: 'allow' }).toString()}`,
  );
  assert.equal(decided.statusCode, 302);
  const back = new URL(String(decided.headers.location), 'http://x');
  assert.equal(back.pathname, `/${provider}/authorization`);
  const complete = await client.post(`/api/v1/oauth/${provider}/complete`, {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  assert.equal(complete.statusCode, 200);
  return authorize;
}

describe('connecting iCloud (POST /integrations)', () => {
  it('validates every field with the server’s messages', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const empty = await client.post('/api/v1/integrations', {});
    assert.equal(empty.statusCode, 422);
    assert.deepEqual(empty.json<Errors>().errors, {
      slug: ['The slug field is required.'],
      'credentials.email': ['The credentials.email field is required.'],
      'credentials.password': ['The credentials.password field is required.'],
    });

    const long = `${'a'.repeat(250)}@x.test`;
    const invalid = await connectICloud(client, {
      email: 'not-an-email',
      password: 'x'.repeat(256),
    });
    assert.deepEqual(invalid.json<Errors>().errors, {
      'credentials.email': ['The credentials.email field must be a valid email address.'],
      'credentials.password': [
        'The credentials.password field must not be greater than 255 characters.',
      ],
    });
    const tooLong = await connectICloud(client, { email: long, password: APP_PASSWORD });
    assert.deepEqual(tooLong.json<Errors>().errors, {
      'credentials.email': ['The credentials.email field must not be greater than 255 characters.'],
    });

    // Google and Office 365 connect through OAuth, not here.
    const google = await client.post('/api/v1/integrations', {
      slug: 'google-calendar',
      credentials: { email: 'a@b.test', password: APP_PASSWORD },
    });
    assert.deepEqual(google.json<Errors>().errors, { slug: ['The selected slug is invalid.'] });
    assert.deepEqual(await list(client), []);
  });

  it('answers "iCloud connection error" when iCloud refuses the password', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const response = await connectICloud(client, { email: 'sam@icloud.test', password: 'wrong' });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: ICLOUD_CONNECTION_ERROR,
      errors: { 'credentials.password': [ICLOUD_REFUSED] },
    });
    assert.deepEqual(await list(client), []);
  });

  it('connects with an app-specific password, lists the calendars, never returns the password', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const response = await connectICloud(client, {
      email: 'maya@icloud.test',
      password: APP_PASSWORD,
    });
    assert.equal(response.statusCode, 201);
    const integration = response.json<Body>().data;
    assert.equal(integration.slug, 'icloud-calendar');
    assert.equal(integration.name, 'iCloud Calendar');
    assert.equal(integration.account, 'maya@icloud.test');
    assert.equal(integration.status, 'active');
    assert.deepEqual(integration.credentials, { email: 'maya@icloud.test' });
    assert.deepEqual(
      integration.data.available_calendars.map((calendar) => calendar.name),
      ['Home', 'Work', 'Family'],
    );
    assert.deepEqual(integration.params, { events_calendar: null, conflict_calendars: [] });
    assert.doesNotMatch(response.body, new RegExp(APP_PASSWORD));

    const row = await ctx.db
      .selectFrom('integrations')
      .select('credentials')
      .where('id', '=', integration.id)
      .executeTakeFirstOrThrow();
    assert.ok(row.credentials?.startsWith('v1.'), 'encrypted');
    assert.doesNotMatch(row.credentials ?? '', new RegExp(APP_PASSWORD));

    const listed = await list(client);
    assert.deepEqual(
      listed.map((item) => item.id),
      [integration.id],
    );
    assert.doesNotMatch(JSON.stringify(listed), new RegExp(APP_PASSWORD));

    // Connecting again refreshes the same integration.
    const again = await connectICloud(client, {
      email: 'maya@icloud.test',
      password: 'qrst-uvwx-yzab-cdef',
    });
    assert.equal(again.json<Body>().data.id, integration.id);
  });
});

describe('listing (GET /integrations)', () => {
  it('lists only the caller’s integrations, filtered by slug', async () => {
    const pro = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const seeded = await list(pro);
    assert.deepEqual(
      seeded.map((item) => [item.slug, item.account]),
      [['google-calendar', DEMO_ACCOUNTS.pro]],
    );
    assert.equal(seeded[0]!.credentials, null);
    const icloudOnly = await pro.get('/api/v1/integrations?filter[slug]=icloud-calendar');
    assert.deepEqual(icloudOnly.json<{ data: unknown[] }>().data, []);

    const bad = await pro.get('/api/v1/integrations?filter[slug]=dropbox');
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json<Errors>().errors, {
      'filter.slug': ['The selected filter.slug is invalid.'],
    });
    assert.equal((await new TestClient(ctx.app).get(LIST)).statusCode, 401);
  });
});

describe('one integration (GET, check, PUT, DELETE /integrations/{id})', () => {
  async function icloudFor(email: string) {
    const client = await signedIn(ctx.app, email);
    const created = await connectICloud(client, {
      email: 'me@icloud.test',
      password: APP_PASSWORD,
    });
    assert.equal(created.statusCode, 201);
    return { client, integration: created.json<Body>().data };
  }

  it('checks: active while iCloud accepts the password, inactive once it does not', async () => {
    const { client, integration } = await icloudFor(DEMO_ACCOUNTS.show);
    const check = await client.get(`/api/v1/integrations/${integration.id}/check`);
    assert.equal(check.statusCode, 200);
    assert.equal(check.json<Body>().data.status, 'active');
    assert.ok(check.json<Body>().data.checked_at);

    // The app password was revoked: what the server holds is no longer accepted.
    await ctx.db
      .updateTable('integrations')
      .set({
        credentials: encryptToken(
          'test-secret',
          JSON.stringify({ email: 'me@icloud.test', password: 'revoked' }),
        ),
      })
      .where('id', '=', integration.id)
      .execute();
    const failed = await client.get(`/api/v1/integrations/${integration.id}/check`);
    assert.equal(failed.statusCode, 200);
    assert.equal(failed.json<Body>().data.status, 'inactive');
    assert.equal(failed.json<Body>().data.data.available_calendars.length, 3, 'last list kept');
    const shown = await client.get(`/api/v1/integrations/${integration.id}`);
    assert.equal(shown.json<Body>().data.status, 'inactive');
  });

  it('saves the events calendar and conflict calendars chosen among the available ones', async () => {
    const { client, integration } = await icloudFor(DEMO_ACCOUNTS.agency);
    const url = `/api/v1/integrations/${integration.id}`;
    const saved = await put(client, url, {
      ...integration,
      params: {
        events_calendar: 'local-icloud-work',
        conflict_calendars: ['local-icloud-work', 'local-icloud-family'],
      },
    });
    assert.equal(saved.statusCode, 200);
    const expected = {
      events_calendar: 'local-icloud-work',
      conflict_calendars: ['local-icloud-work', 'local-icloud-family'],
    };
    assert.deepEqual(saved.json<Body>().data.params, expected);
    const shown = await client.get(url);
    assert.deepEqual(shown.json<Body>().data.params, expected);
    assert.deepEqual(
      shown.json<Body>().data.data.available_calendars.map((calendar) => calendar.id),
      ['local-icloud-home', 'local-icloud-work', 'local-icloud-family'],
    );

    const unknown = await put(client, url, {
      params: { events_calendar: 'someone-elses', conflict_calendars: ['nope'] },
    });
    assert.equal(unknown.statusCode, 422);
    assert.deepEqual(unknown.json<Errors>().errors, {
      'params.events_calendar': ['The selected params.events calendar is invalid.'],
      'params.conflict_calendars': ['The selected params.conflict calendars is invalid.'],
    });
    const notArray = await put(client, url, {
      params: { events_calendar: null, conflict_calendars: 'local-icloud-home' },
    });
    assert.deepEqual(notArray.json<Errors>().errors, {
      'params.conflict_calendars': ['The params.conflict calendars field must be an array.'],
    });
    const missing = await put(client, url, {});
    assert.deepEqual(missing.json<Errors>().errors, {
      params: ['The params field is required.'],
    });
    assert.deepEqual((await client.get(url)).json<Body>().data.params, expected, 'unchanged');

    // No events calendar and no conflicts is a valid choice.
    const cleared = await put(client, url, {
      params: { events_calendar: null, conflict_calendars: [] },
    });
    assert.deepEqual(cleared.json<Body>().data.params, {
      events_calendar: null,
      conflict_calendars: [],
    });
  });

  it('answers each 422 with the messages, fields and order it always had', async () => {
    const { client, integration } = await icloudFor(DEMO_ACCOUNTS.show);
    const url = `/api/v1/integrations/${integration.id}`;
    // the body as sent, key order included
    const answers = (response: { statusCode: number; body: string }, body: object) => {
      assert.equal(response.statusCode, 422);
      assert.equal(response.body, JSON.stringify(body));
    };
    answers(await client.get('/api/v1/integrations?filter[x]=1&filter[slug]=bad'), {
      message: 'The filter.x filter is not allowed.',
      errors: {
        filter: ['The filter.x filter is not allowed.'],
        'filter.slug': ['The selected filter.slug is invalid.'],
      },
    });
    // credentials that are no object leave their fields missing too
    answers(
      await client.post('/api/v1/integrations', { slug: 'icloud-calendar', credentials: 'x' }),
      {
        message: 'The credentials field must be an object.',
        errors: {
          credentials: ['The credentials field must be an object.'],
          'credentials.email': ['The credentials.email field is required.'],
          'credentials.password': ['The credentials.password field is required.'],
        },
      },
    );
    answers(
      await client.post('/api/v1/integrations', {
        slug: 'x',
        credentials: { x: 1, email: 'bad', password: 'p'.repeat(256) },
        name: 5,
      }),
      {
        message: 'The selected slug is invalid.',
        errors: {
          slug: ['The selected slug is invalid.'],
          name: ['The name field must be a string.'],
          credentials: ['The credentials.x filter is not allowed.'],
          'credentials.email': ['The credentials.email field must be a valid email address.'],
          'credentials.password': [
            'The credentials.password field must not be greater than 255 characters.',
          ],
        },
      },
    );
    // the calendars are checked beside the params' own errors
    answers(await put(client, url, { params: { events_calendar: 'bad', foo: 1 } }), {
      message: 'The params.foo filter is not allowed.',
      errors: {
        params: ['The params.foo filter is not allowed.'],
        'params.events_calendar': ['The selected params.events calendar is invalid.'],
      },
    });
    answers(await put(client, url, { params: { events_calendar: 5, conflict_calendars: 'x' } }), {
      message: 'The params.events calendar field must be a string.',
      errors: {
        'params.events_calendar': ['The params.events calendar field must be a string.'],
        'params.conflict_calendars': ['The params.conflict calendars field must be an array.'],
      },
    });
    answers(await put(client, url, { params: { conflict_calendars: '' } }), {
      message: 'The params.conflict calendars field must be an array.',
      errors: {
        'params.conflict_calendars': ['The params.conflict calendars field must be an array.'],
      },
    });
  });

  it('keeps another user’s integration out of reach (404), visitors out (401), and wants CSRF', async () => {
    const { client: owner, integration } = await icloudFor(DEMO_ACCOUNTS.admin);
    const url = `/api/v1/integrations/${integration.id}`;
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    assert.equal((await other.get(url)).statusCode, 404);
    assert.equal((await other.get(`${url}/check`)).statusCode, 404);
    assert.equal(
      (await put(other, url, { params: { events_calendar: null, conflict_calendars: [] } }))
        .statusCode,
      404,
    );
    assert.equal((await del(other, url)).statusCode, 404);
    assert.equal((await other.get('/api/v1/integrations/abc')).statusCode, 404);

    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.get(url)).statusCode, 401);
    assert.equal((await del(visitor, url)).statusCode, 401);

    for (const [method, path] of [
      ['POST', '/api/v1/integrations'],
      ['PUT', url],
      ['DELETE', url],
    ] as const) {
      const response = await owner.request(method, path, { body: {}, csrf: false });
      assert.equal(response.statusCode, 419, `${method} ${path}`);
    }
    assert.equal((await owner.get(url)).statusCode, 200, 'still there');
  });

  it('disables (DELETE) the integration', async () => {
    // An account that has not accepted the terms may not write at all (decision 066).
    const accepted = await (
      await signedIn(ctx.app, DEMO_ACCOUNTS.terms)
    ).post('/api/v1/user/terms/approve');
    assert.equal(accepted.statusCode, 200, accepted.body);
    const { client, integration } = await icloudFor(DEMO_ACCOUNTS.terms);
    const response = await del(client, `/api/v1/integrations/${integration.id}`);
    assert.equal(response.statusCode, 204);
    assert.equal((await client.get(`/api/v1/integrations/${integration.id}`)).statusCode, 404);
    assert.deepEqual(await list(client), []);
  });
});

describe('Google and Office 365 through OAuth', () => {
  it('asks for offline access and calendar read/write scopes', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    for (const [provider, scope] of [
      ['google', 'https://www.googleapis.com/auth/calendar'],
      ['microsoft', 'Calendars.ReadWrite'],
    ] as const) {
      const redirect = await client.get(`/api/v1/oauth/${provider}/redirect`);
      const scopes = new URL(redirect.json<{ url: string }>().url, 'http://x').searchParams
        .get('scope')
        ?.split(' ');
      assert.ok(scopes?.includes(scope), `${provider}: ${scope}`);
      if (provider === 'microsoft') assert.ok(scopes?.includes('offline_access'));
    }
  });

  it('creates the google-calendar integration once the connection finishes, then disables it', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    await connectOAuth(client, 'google', 'sam.google@example.test');
    const [google] = (await list(client)).filter((item) => item.slug === 'google-calendar');
    assert.ok(google, 'a google-calendar integration');
    assert.equal(google.account, 'sam.google@example.test');
    assert.equal(google.status, 'active');
    assert.equal(google.credentials, null);
    assert.deepEqual(google.data.available_calendars[0], {
      id: 'sam.google@example.test',
      name: 'sam.google@example.test',
    });
    assert.equal(
      (await client.get(`/api/v1/integrations/${google.id}/check`)).json<Body>().data.status,
      'active',
    );

    // Connecting again (same account) keeps the integration and the choices.
    await put(client, `/api/v1/integrations/${google.id}`, {
      params: { events_calendar: 'local-google-work', conflict_calendars: [] },
    });
    await connectOAuth(client, 'google', 'sam.google@example.test');
    const again = (await list(client)).filter((item) => item.slug === 'google-calendar');
    assert.deepEqual(
      again.map((item) => [item.id, item.params.events_calendar]),
      [[google.id, 'local-google-work']],
    );

    assert.equal((await del(client, `/api/v1/integrations/${google.id}`)).statusCode, 204);
    const connection = await ctx.db
      .selectFrom('oauth_connections')
      .innerJoin('users', 'users.id', 'oauth_connections.user_id')
      .select('oauth_connections.id')
      .where('users.email', '=', DEMO_ACCOUNTS.standard)
      .where('provider', '=', 'google')
      .executeTakeFirst();
    assert.equal(connection, undefined, 'the tokens are forgotten too');
  });

  it('creates the office365-calendar integration from a Microsoft connection', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    await connectOAuth(client, 'microsoft', 'sofia@outlook.test');
    const [office] = (await list(client)).filter((item) => item.slug === 'office365-calendar');
    assert.ok(office);
    assert.equal(office.name, 'Office 365 Calendar');
    assert.equal(office.account, 'sofia@outlook.test');
    assert.equal(office.status, 'active');
    assert.deepEqual(
      office.data.available_calendars.map((calendar) => calendar.name),
      ['Calendar', 'Birthdays', 'United States holidays'],
    );
  });
});
