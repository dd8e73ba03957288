import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ShowLinks, ShowProfile, ShowType, User } from '../../contract';
import { SHOW_TYPES } from '../../db/seed/data';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

async function me(client: TestClient): Promise<User> {
  return (await client.get('/api/v1/users/me')).json<{ data: User }>().data;
}

async function showTypes(): Promise<ShowType[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/show-types' });
  assert.equal(response.statusCode, 200);
  return response.json<{ data: ShowType[] }>().data;
}

describe('GET /show-types', () => {
  it('lists every show type to anyone', async () => {
    assert.deepEqual(
      (await showTypes()).map((type) => type.name),
      SHOW_TYPES,
    );
  });
});

describe('POST /shows', () => {
  it('creates a show owned by the caller; a user may own several', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const [podcast, video] = await showTypes();
    const category = await ctx.db.selectFrom('categories').select('id').executeTakeFirstOrThrow();
    const response = await client.post('/api/v1/shows', {
      name: 'Standard Time',
      description: 'A weekly show.',
      types: [podcast?.id, video?.id],
      categories: [category.id],
      platform_type: 'Spotify',
    });
    assert.equal(response.statusCode, 201, response.body);
    const show = response.json<{ data: ShowProfile }>().data;
    assert.equal(show.name, 'Standard Time');
    assert.equal(show.slug, 'standard-time');
    assert.equal(show.platform_type, 'Spotify');
    assert.deepEqual(show.types.map((type) => type.id).sort(), [podcast?.id, video?.id].sort());
    assert.deepEqual(
      show.categories.map((c) => c.id),
      [category.id],
    );

    const second = await client.post('/api/v1/shows', { name: 'Standard Time' });
    assert.equal(second.statusCode, 201, second.body);
    assert.equal(second.json<{ data: ShowProfile }>().data.slug, 'standard-time-2');
    assert.equal((await me(client)).shows.length, 2);
  });

  it('validates the fields', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const response = await client.post('/api/v1/shows', {
      name: 'x'.repeat(256),
      types: [999_999],
      categories: ['abc'],
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      name: ['The name field must not be greater than 255 characters.'],
      types: ['The selected types is invalid.'],
      categories: ['The categories field must be a list of ids.'],
    });
    const missing = await client.post('/api/v1/shows', {});
    assert.deepEqual(missing.json().errors, { name: ['The name field is required.'] });
  });

  it('needs a session and a CSRF token', async () => {
    assert.equal(
      (await new TestClient(ctx.app).post('/api/v1/shows', { name: 'X' })).statusCode,
      401,
    );
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const response = await client.request('POST', '/api/v1/shows', {
      body: { name: 'X' },
      csrf: false,
    });
    assert.equal(response.statusCode, 419);
  });
});

describe('type_urls on POST and PUT /shows', () => {
  const appleUrl = 'https://podcasts.apple.com/us/podcast/linked-show';
  const youtubeUrl = 'https://www.youtube.com/@linkedshow';

  it('stores the show’s page per type and answers it on the card and the detail', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const [podcast, video] = await showTypes();
    assert.ok(podcast && video);
    const response = await client.post('/api/v1/shows', {
      name: 'Linked Show',
      types: [podcast.id, video.id],
      type_urls: [
        { type_id: video.id, url: ` ${youtubeUrl} ` },
        { type_id: podcast.id, url: appleUrl },
      ],
    });
    assert.equal(response.statusCode, 201, response.body);
    const show = response.json<{ data: ShowProfile }>().data;
    // In the order of types (by name: Podcast, Video Podcast), trimmed.
    const expected = [
      { type_id: podcast.id, url: appleUrl },
      { type_id: video.id, url: youtubeUrl },
    ];
    assert.deepEqual(show.type_urls, expected);
    const visitor = new TestClient(ctx.app);
    const detail = (await visitor.get(`/api/v1/shows/${show.id}`)).json().data;
    assert.deepEqual(detail.type_urls, expected);
    assert.equal(detail.rephonic_id, null);
    const listed = (
      await visitor.get('/api/v1/shows?filter[show_profiles.name]=Linked Show')
    ).json<{ data: ShowProfile[] }>().data;
    assert.deepEqual(listed[0]?.type_urls, expected);
  });

  it('keeps the links of the types that stay; type_urls replaces them all', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const [podcast, video, third] = await showTypes();
    assert.ok(podcast && video && third);
    const created = await client.post('/api/v1/shows', {
      name: 'Relinked Show',
      types: [podcast.id, video.id],
      type_urls: [
        { type_id: podcast.id, url: appleUrl },
        { type_id: video.id, url: youtubeUrl },
      ],
    });
    const id = created.json<{ data: ShowProfile }>().data.id;
    const put = async (body: Record<string, unknown>) => {
      const response = await client.request('PUT', `/api/v1/shows/${id}`, { body });
      assert.equal(response.statusCode, 200, response.body);
      return response.json<{ data: ShowProfile }>().data.type_urls;
    };
    // Types change without type_urls: the podcast keeps its link, the video's goes with it.
    assert.deepEqual(await put({ types: [podcast.id, third.id] }), [
      { type_id: podcast.id, url: appleUrl },
    ]);
    // A type added in the same request can be linked; a null or empty url is no link.
    assert.deepEqual(
      await put({
        types: [podcast.id, video.id],
        type_urls: [
          { type_id: video.id, url: youtubeUrl },
          { type_id: podcast.id, url: null },
        ],
      }),
      [{ type_id: video.id, url: youtubeUrl }],
    );
    // Other fields leave the links alone; an empty list removes them all.
    assert.deepEqual(await put({ description: 'Still linked' }), [
      { type_id: video.id, url: youtubeUrl },
    ]);
    assert.deepEqual(await put({ type_urls: [] }), []);
  });

  it('answers 422 with field errors keyed type_urls.{index}.type_id / .url', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const [podcast, video, third] = await showTypes();
    assert.ok(podcast && video && third);
    const response = await client.post('/api/v1/shows', {
      name: 'Badly Linked',
      types: [podcast.id, video.id],
      type_urls: [
        { type_id: podcast.id, url: 'podcasts.apple.com/us/podcast/x' },
        { type_id: third.id, url: 'https://example.com/ok' },
        { type_id: podcast.id, url: 'https://example.com/a b' },
        { type_id: video.id, url: 'ftp://example.com/file' },
        { type_id: 'abc', url: 42 },
        { type_id: podcast.id, url: 'javascript:alert(1)//https://podcasts.apple.com' },
        { type_id: video.id, url: 'https://youtube.com@evil.test/morning' },
      ],
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      'type_urls.0.url': ['This is not a valid URL'],
      'type_urls.1.type_id': ["The type id field must be one of the show's types."],
      'type_urls.2.type_id': ['Each type can have one URL.'],
      'type_urls.2.url': ['This is not a valid URL'],
      'type_urls.3.url': ['This is not a valid URL'],
      'type_urls.4.type_id': ["The type id field must be one of the show's types."],
      'type_urls.4.url': ['This is not a valid URL'],
      'type_urls.5.type_id': ['Each type can have one URL.'],
      'type_urls.5.url': ['This is not a valid URL'],
      'type_urls.6.type_id': ['Each type can have one URL.'],
      'type_urls.6.url': ['This is not a valid URL'],
    });
    const notAList = await client.post('/api/v1/shows', { name: 'X', type_urls: 'nope' });
    assert.deepEqual(notAList.json().errors, {
      type_urls: ['The type urls field must be a list of at most 50 links.'],
    });
    // Without types in the request, PUT checks against the stored ones.
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const showId = (await me(owner)).shows[0]?.id;
    const stored = await ctx.db
      .selectFrom('show_profile_types')
      .select('show_type_id')
      .where('show_profile_id', '=', showId ?? 0)
      .execute();
    const notOwn = (await showTypes()).find(
      (type) => !stored.some((row) => row.show_type_id === type.id),
    );
    assert.ok(notOwn);
    const put = await owner.request('PUT', `/api/v1/shows/${showId}`, {
      body: { type_urls: [{ type_id: notOwn.id, url: 'https://example.com/show' }] },
    });
    assert.equal(put.statusCode, 422);
    assert.deepEqual(Object.keys(put.json().errors), ['type_urls.0.type_id']);
    // Nothing was created by the refused POSTs.
    assert.equal(
      await ctx.db
        .selectFrom('show_profiles')
        .select('id')
        .where('name', '=', 'Badly Linked')
        .executeTakeFirst(),
      undefined,
    );
  });
});

describe('POST /shows by a paused account', () => {
  it('creates the show private; resuming the account makes it public', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.terms);
    // An account that has not accepted the terms may not write at all (decision 066).
    const accepted = await client.post('/api/v1/user/terms/approve');
    assert.equal(accepted.statusCode, 200, accepted.body);
    const confirm = await client.post('/api/v1/auth/confirm-login', { password: DEMO_PASSWORD });
    assert.equal(confirm.statusCode, 200, confirm.body);
    const paused = await client.request('PATCH', '/api/v1/users/me/account/pause');
    assert.equal(paused.statusCode, 200, paused.body);

    const created = await client.post('/api/v1/shows', { name: 'Quiet While Paused' });
    assert.equal(created.statusCode, 201, created.body);
    const show = created.json<{ data: ShowProfile }>().data;
    const visitor = new TestClient(ctx.app);
    const listed = async () =>
      (await visitor.get('/api/v1/shows?filter[show_profiles.name]=Quiet While Paused'))
        .json<{ data: ShowProfile[] }>()
        .data.map((item) => item.id);
    assert.deepEqual(await listed(), []);
    assert.equal((await visitor.get(`/api/v1/shows/${show.id}`)).statusCode, 404);
    assert.equal((await visitor.get(`/api/v1/shows/${show.slug}`)).statusCode, 404);
    // The owner still sees it.
    assert.equal((await client.get(`/api/v1/shows/${show.id}`)).statusCode, 200);

    const resumed = await client.request('PATCH', '/api/v1/users/me/account/resume');
    assert.equal(resumed.statusCode, 200, resumed.body);
    assert.deepEqual(await listed(), [show.id]);
    assert.equal((await visitor.get(`/api/v1/shows/${show.id}`)).statusCode, 200);
  });
});

describe('PUT /shows/{id}', () => {
  it('lets the owner and their team edit; others get 403', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const showId = (await me(owner)).shows[0]?.id;
    assert.ok(showId);
    const [, , third] = await showTypes();
    const byOwner = await owner.request('PUT', `/api/v1/shows/${showId}`, {
      body: { description: 'New description', types: [third?.id] },
    });
    assert.equal(byOwner.statusCode, 200, byOwner.body);
    const show = byOwner.json<{ data: ShowProfile }>().data;
    assert.equal(show.description, 'New description');
    assert.deepEqual(show.types, [third]);

    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const byAgency = await agency.request('PUT', `/api/v1/shows/${showId}`, {
      body: { platform_type: 'YouTube' },
    });
    assert.equal(byAgency.statusCode, 200, byAgency.body);

    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const byOther = await other.request('PUT', `/api/v1/shows/${showId}`, {
      body: { name: 'Mine now' },
    });
    assert.equal(byOther.statusCode, 403);
    const noCsrf = await owner.request('PUT', `/api/v1/shows/${showId}`, {
      body: { name: 'X' },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });
});

describe('PUT /shows/{id}: what is sent', () => {
  it('lists every problem in one 422, in the order of the form', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const showId = (await me(owner)).shows[0]?.id;
    const response = await owner.request('PUT', `/api/v1/shows/${showId}`, {
      body: {
        tags: [{}],
        categories: [999_999],
        type_urls: [{ type_id: 'abc', url: 'not a url' }],
        types: '',
        description: 5,
        name: null,
      },
    });
    assert.equal(response.statusCode, 422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    assert.equal(body.message, 'The name field is required.');
    assert.deepEqual(body.errors, {
      name: ['The name field is required.'],
      description: ['The description field must be a string.'],
      types: ['The types field must be a list of ids.'],
      'type_urls.0.type_id': ["The type id field must be one of the show's types."],
      'type_urls.0.url': ['This is not a valid URL'],
      categories: ['The selected categories is invalid.'],
      tags: ['The tags field must be a list of tag names or ids.'],
    });
    assert.deepEqual(Object.keys(body.errors), [
      'name',
      'description',
      'types',
      'type_urls.0.type_id',
      'type_urls.0.url',
      'categories',
      'tags',
    ]);
    const blank = await owner.request('PUT', `/api/v1/shows/${showId}`, {
      body: { type_urls: '' },
    });
    assert.deepEqual(blank.json().errors, {
      type_urls: ['The type urls field must be a list of at most 50 links.'],
    });
  });

  it('clears the description and every type link when they are sent as null', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const showId = (await me(owner)).shows[0]?.id;
    const [podcast] = await showTypes();
    assert.ok(podcast);
    const linked = await owner.request('PUT', `/api/v1/shows/${showId}`, {
      body: {
        description: 'Daily.',
        types: [podcast.id],
        type_urls: [{ type_id: podcast.id, url: 'https://example.com/daily' }],
      },
    });
    assert.equal(linked.statusCode, 200, linked.body);
    assert.equal(linked.json<{ data: ShowProfile }>().data.type_urls.length, 1);
    const cleared = await owner.request('PUT', `/api/v1/shows/${showId}`, {
      body: { description: null, type_urls: null },
    });
    assert.equal(cleared.statusCode, 200, cleared.body);
    const show = cleared.json<{ data: ShowProfile }>().data;
    assert.equal(show.description, null);
    assert.deepEqual(show.type_urls, []);
    assert.deepEqual(
      show.types.map((type) => type.id),
      [podcast.id],
    );
  });
});

describe('GET/PUT /shows/{id}/links', () => {
  it('saves social links, episodes and media features with the URL rules', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const showId = (await me(owner)).shows[0]?.id;
    const invalid = await owner.request('PUT', `/api/v1/shows/${showId}/links`, {
      body: {
        social_media: { youtube: 'https://vimeo.com/x' },
        episodes: ['not a url'],
        media_features: ['https://press.example.com/a b'],
      },
    });
    assert.equal(invalid.statusCode, 422);
    assert.deepEqual(invalid.json().errors, {
      'social_media.youtube': ['This is not a valid youtube URL'],
      'episodes.0': ['This is not a valid podcast URL'],
      'media_features.0': ['This is not a valid URL'],
    });

    const saved = await owner.request('PUT', `/api/v1/shows/${showId}/links`, {
      body: {
        social_media: { youtube: 'https://www.youtube.com/@morning' },
        episodes: ['https://podcasts.example.com/morning/1'],
        media_features: [],
      },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const read = await new TestClient(ctx.app).get(`/api/v1/shows/${showId}/links`);
    const links = read.json<{ data: ShowLinks }>().data;
    assert.equal(links.social_media.youtube, 'https://www.youtube.com/@morning');
    assert.equal(links.social_media.tiktok, null);
    assert.deepEqual(links.episodes, ['https://podcasts.example.com/morning/1']);

    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const denied = await other.request('PUT', `/api/v1/shows/${showId}/links`, { body: {} });
    assert.equal(denied.statusCode, 403);
    const noCsrf = await owner.request('PUT', `/api/v1/shows/${showId}/links`, {
      body: {},
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });

  it('refuses script and look-alike links (422) and stores none of them', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const showId = (await me(owner)).shows[0]?.id;
    const stored = async () =>
      (await new TestClient(ctx.app).get(`/api/v1/shows/${showId}/links`)).json<{
        data: ShowLinks;
      }>().data;
    const before = await stored();
    const response = await owner.request('PUT', `/api/v1/shows/${showId}/links`, {
      body: {
        social_media: {
          twitter: 'javascript:alert(1)//twitter.com',
          youtube: 'https://youtube.com.evil.test/@morning',
          website: 'data:text/html,<script>alert(1)</script>',
        },
        episodes: ['https://podcasts.example.com@evil.test/1'],
        media_features: ['javascript:alert(1)//https://press.example.com'],
      },
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      'social_media.twitter': ['This is not a valid twitter URL'],
      'social_media.youtube': ['This is not a valid youtube URL'],
      'social_media.website': ['This is not a valid website URL'],
      'episodes.0': ['This is not a valid podcast URL'],
      'media_features.0': ['This is not a valid URL'],
    });
    assert.deepEqual(await stored(), before, 'nothing stored');
  });

  it('leaves out the groups named in exclude; an unknown group is a 422', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const showId = (await me(owner)).shows[0]?.id;
    const visitor = new TestClient(ctx.app);
    const full = (await visitor.get(`/api/v1/shows/${showId}/links`)).json<{ data: ShowLinks }>()
      .data;
    const some = await visitor.get(`/api/v1/shows/${showId}/links?exclude=social_media,episodes`);
    assert.equal(some.statusCode, 200, some.body);
    assert.deepEqual(some.json().data, { media_features: full.media_features });
    const one = await visitor.get(`/api/v1/shows/${showId}/links?exclude=media_features`);
    assert.deepEqual(one.json().data, { social_media: full.social_media, episodes: full.episodes });

    for (const exclude of ['podcasts', 'episodes,videos']) {
      const bad = await visitor.get(`/api/v1/shows/${showId}/links?exclude=${exclude}`);
      assert.equal(bad.statusCode, 422, exclude);
      assert.deepEqual(bad.json().errors, {
        exclude: [
          'The selected exclude is invalid. Allowed: social_media, episodes, media_features.',
        ],
      });
    }
  });

  it('answers 404 for a paused show’s links', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const showId = (await me(owner)).shows[0]?.id;
    assert.ok(showId);
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.get(`/api/v1/shows/${showId}/links`)).statusCode, 200);
    await ctx.db
      .updateTable('show_profiles')
      .set({ is_public: false })
      .where('id', '=', showId)
      .execute();
    try {
      const response = await visitor.get(`/api/v1/shows/${showId}/links`);
      assert.equal(response.statusCode, 404);
      assert.deepEqual(response.json(), { message: 'Not found.' });
    } finally {
      await ctx.db
        .updateTable('show_profiles')
        .set({ is_public: true })
        .where('id', '=', showId)
        .execute();
    }
  });
});
