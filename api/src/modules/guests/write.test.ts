import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GuestLinks, GuestProfile, GuestProfileDetail, User } from '../../contract';
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

async function categoryIds(): Promise<number[]> {
  const rows = await ctx.db.selectFrom('categories').select('id').orderBy('id').limit(2).execute();
  return rows.map((row) => row.id);
}

describe('POST /guests', () => {
  it('creates the signed-in user’s guest profile with categories and tags', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const [first, second] = await categoryIds();
    const response = await client.post('/api/v1/guests', {
      name: 'Sam Standard',
      title: 'Growth advisor',
      bio: 'Twenty years in <b>marketing</b>.',
      pronunciation: 'sam STAN-dard',
      categories: [first, second],
      tags: ['Brand New Topic', 'brand new topic'],
    });
    assert.equal(response.statusCode, 201, response.body);
    const profile = response.json<{ data: GuestProfile }>().data;
    assert.equal(profile.name, 'Sam Standard');
    assert.equal(profile.slug, 'sam-standard');
    assert.equal(profile.title, 'Growth advisor');
    assert.equal(profile.bio, 'Twenty years in <b>marketing</b>.');
    assert.equal(profile.color, '#4f46e5');
    assert.deepEqual(
      profile.categories.map((category) => category.id).sort(),
      [first, second].sort(),
    );
    assert.deepEqual(
      profile.tags.map((tag) => tag.slug),
      ['brand-new-topic'],
    );
    assert.equal((await me(client)).guest?.id, profile.id);

    const again = await client.post('/api/v1/guests', { name: 'Second profile' });
    assert.equal(again.statusCode, 422);
    assert.deepEqual(again.json().errors, { name: ['You already have a guest profile.'] });
  });

  it('gives unique slugs for the same name', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const response = await client.post('/api/v1/guests', { name: 'Sam Standard' });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json<{ data: GuestProfile }>().data.slug, 'sam-standard-2');
  });

  it('validates fields with field errors', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.admin);
    const response = await client.post('/api/v1/guests', {
      name: '',
      title: 'x'.repeat(256),
      categories: [999_999],
      tags: [{}],
      color: 'red',
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      name: ['The name field is required.'],
      title: ['The title field must not be greater than 255 characters.'],
      color: ['The color field must be a hex colour like #4f46e5.'],
      categories: ['The selected categories is invalid.'],
      tags: ['The tags field must be a list of tag names or ids.'],
    });
  });

  it('needs a session and a CSRF token', async () => {
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.post('/api/v1/guests', { name: 'X' })).statusCode, 401);
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const response = await client.request('POST', '/api/v1/guests', {
      body: { name: 'X' },
      csrf: false,
    });
    assert.equal(response.statusCode, 419);
  });
});

describe('POST /guests by a paused account', () => {
  it('creates the profile private; resuming the account makes it public', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.terms);
    // An account that has not accepted the terms may not write at all (decision 066).
    const accepted = await client.post('/api/v1/user/terms/approve');
    assert.equal(accepted.statusCode, 200, accepted.body);
    const confirm = await client.post('/api/v1/auth/confirm-login', { password: DEMO_PASSWORD });
    assert.equal(confirm.statusCode, 200, confirm.body);
    const paused = await client.request('PATCH', '/api/v1/users/me/account/pause');
    assert.equal(paused.statusCode, 200, paused.body);

    const created = await client.post('/api/v1/guests', { name: 'Quiet While Paused' });
    assert.equal(created.statusCode, 201, created.body);
    const guest = created.json<{ data: GuestProfile }>().data;
    const visitor = new TestClient(ctx.app);
    const listed = async () =>
      (await visitor.get('/api/v1/guests?filter[guest_profiles.name]=Quiet While Paused'))
        .json<{ data: GuestProfile[] }>()
        .data.map((item) => item.id);
    assert.deepEqual(await listed(), []);
    assert.equal((await visitor.get(`/api/v1/guests/${guest.id}`)).statusCode, 404);
    assert.equal((await client.get(`/api/v1/guests/${guest.id}`)).statusCode, 200);

    const resumed = await client.request('PATCH', '/api/v1/users/me/account/resume');
    assert.equal(resumed.statusCode, 200, resumed.body);
    assert.deepEqual(await listed(), [guest.id]);
    assert.equal((await visitor.get(`/api/v1/guests/${guest.id}`)).statusCode, 200);
  });
});

describe('PUT /guests/{id}', () => {
  it('lets the owner edit, keeping what was not sent', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    assert.ok(guestId);
    const before = (await client.get(`/api/v1/guests/${guestId}`)).json<{ data: GuestProfile }>()
      .data;
    const response = await client.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { title: 'Keynote speaker', tags: [before.tags[0]?.id ?? 1] },
    });
    assert.equal(response.statusCode, 200, response.body);
    const after = response.json<{ data: GuestProfile }>().data;
    assert.equal(after.title, 'Keynote speaker');
    assert.equal(after.name, before.name);
    assert.equal(after.slug, before.slug);
    assert.deepEqual(after.categories, before.categories);
    assert.equal(after.tags.length, 1);
  });

  it('replaces experience, topics and the guest’s own questions, tidied, and keeps them when not sent', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    assert.ok(guestId);
    const url = `/api/v1/guests/${guestId}`;
    const response = await client.request('PUT', url, {
      body: {
        experience: [
          { title: '  Head of Research ', organization: 'Habit Lab', years: '2019–2024' },
          { title: 'Lecturer', organization: '', years: null },
          { title: '   ' },
        ],
        topics: [' Habits ', 'Sleep', '', 'Habits'],
        questions: ['How often do you publish?', '  ', 'Video or audio only?'],
      },
    });
    assert.equal(response.statusCode, 200, response.body);
    const detail = async () => (await client.get(url)).json<{ data: GuestProfileDetail }>().data;
    const saved = await detail();
    assert.deepEqual(saved.experience, [
      { title: 'Head of Research', organization: 'Habit Lab', years: '2019–2024' },
      { title: 'Lecturer', organization: null, years: null },
    ]);
    assert.deepEqual(saved.topics, ['Habits', 'Sleep']);
    assert.deepEqual(saved.questions, ['How often do you publish?', 'Video or audio only?']);

    const untouched = await client.request('PUT', url, { body: { title: 'Researcher' } });
    assert.equal(untouched.statusCode, 200, untouched.body);
    assert.deepEqual((await detail()).topics, ['Habits', 'Sleep']);

    const tooMany = await client.request('PUT', url, {
      body: {
        questions: Array.from({ length: 11 }, (_, index) => `Question ${index}?`),
        topics: ['x'.repeat(61)],
        experience: [{ organization: 'No title' }],
      },
    });
    assert.equal(tooMany.statusCode, 422, tooMany.body);
    const errors = tooMany.json<{ errors: Record<string, string[]> }>().errors;
    assert.ok(errors.questions, 'at most 10 questions');
    assert.ok(errors['topics.0'], 'a topic of at most 60 characters');
    assert.ok(errors['experience.0.title'], 'a role needs a title');
  });

  it('lets a member of the owner’s team edit; others get 403, unknown ids 404', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const guestId = (await me(owner)).guest?.id;
    assert.ok(guestId);
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const byAgency = await agency.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { name: 'Priya Patel, PhD' },
    });
    assert.equal(byAgency.statusCode, 200, byAgency.body);
    assert.equal(byAgency.json<{ data: GuestProfile }>().data.slug, 'priya-patel-phd');

    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const byOther = await other.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { name: 'Hijacked' },
    });
    assert.equal(byOther.statusCode, 403);
    const missing = await other.request('PUT', '/api/v1/guests/99999999', { body: { name: 'X' } });
    assert.equal(missing.statusCode, 404);
  });

  it('refuses an empty name and a missing CSRF token', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    const response = await client.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { name: '   ' },
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, { name: ['The name field is required.'] });
    const noCsrf = await client.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { title: 'x' },
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });
});

describe('PUT /guests/{id}: what is sent', () => {
  it('reads a sent null as "clear" or "required", and lists every problem in one 422', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    const response = await client.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { name: null, color: '#abc', categories: '', tags: '', title: 5 },
    });
    assert.equal(response.statusCode, 422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    assert.equal(body.message, 'The name field is required.');
    assert.deepEqual(body.errors, {
      name: ['The name field is required.'],
      title: ['The title field must be a string.'],
      color: ['The color field must be a hex colour like #4f46e5.'],
      categories: ['The categories field must be a list of ids.'],
      tags: ['The tags field must be a list of tag names or ids.'],
    });
    assert.deepEqual(Object.keys(body.errors), ['name', 'title', 'color', 'categories', 'tags']);

    const set = await client.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { title: 'Speaker', bio: 'A bio.', color: '#123456' },
    });
    assert.equal(set.statusCode, 200, set.body);
    const cleared = await client.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { title: null, bio: '', color: null, categories: null },
    });
    assert.equal(cleared.statusCode, 200, cleared.body);
    const after = cleared.json<{ data: GuestProfile }>().data;
    assert.equal(after.title, null);
    assert.equal(after.bio, null);
    // a blank colour or category list leaves them as they are
    assert.equal(after.color, '#123456');
    assert.deepEqual(after.categories, set.json<{ data: GuestProfile }>().data.categories);
  });

  it('answers who may edit before what was sent: 401, 404, 403, then 422', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(owner)).guest?.id;
    const bad = { body: { name: '' } };
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.request('PUT', '/api/v1/guests/abc', bad)).statusCode, 401);
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    assert.equal((await other.request('PUT', '/api/v1/guests/abc', bad)).statusCode, 404);
    assert.equal((await other.request('PUT', '/api/v1/guests/99999999', bad)).statusCode, 404);
    assert.equal((await other.request('PUT', `/api/v1/guests/${guestId}`, bad)).statusCode, 403);
    assert.equal((await owner.request('PUT', `/api/v1/guests/${guestId}`, bad)).statusCode, 422);
  });
});

describe('GET/PUT /guests/{id}/links', () => {
  it('answers empty links until saved, then what was saved (public read)', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    const empty = await new TestClient(ctx.app).get(`/api/v1/guests/${guestId}/links`);
    assert.equal(empty.statusCode, 200);
    assert.deepEqual(empty.json<{ data: GuestLinks }>().data, {
      social_media: {
        linkedin: null,
        twitter: null,
        instagram: null,
        youtube: null,
        facebook: null,
        wikipedia: null,
        website: null,
        tiktok: null,
      },
      podcasts: [],
      videos: [],
      articles: [],
    });

    const saved = await client.request('PUT', `/api/v1/guests/${guestId}/links`, {
      body: {
        social_media: {
          instagram: 'https://instagram.com/maya',
          website: 'mayabrooks.co',
          linkedin: '',
        },
        podcasts: ['https://podcasts.example.com/ep/1', ''],
        videos: ['http://youtube.com/watch?v=1'],
        articles: ['https://news.example.org/maya'],
      },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const links = saved.json<{ data: GuestLinks }>().data;
    assert.equal(links.social_media.instagram, 'https://instagram.com/maya');
    // A bare domain is stored as an https:// link (every stored link is http(s)).
    assert.equal(links.social_media.website, 'https://mayabrooks.co');
    assert.equal(links.social_media.linkedin, null);
    assert.deepEqual(links.podcasts, ['https://podcasts.example.com/ep/1']);
    const read = await new TestClient(ctx.app).get(`/api/v1/guests/${guestId}/links`);
    assert.deepEqual(read.json<{ data: GuestLinks }>().data, links);
  });

  it('leaves out the groups named in exclude; an unknown group is a 422', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    const visitor = new TestClient(ctx.app);
    const full = (await visitor.get(`/api/v1/guests/${guestId}/links`)).json<{
      data: GuestLinks;
    }>().data;
    const some = await visitor.get(`/api/v1/guests/${guestId}/links?exclude=podcasts,videos`);
    assert.equal(some.statusCode, 200, some.body);
    assert.deepEqual(some.json().data, {
      social_media: full.social_media,
      articles: full.articles,
    });
    const all = await visitor.get(
      `/api/v1/guests/${guestId}/links?exclude=social_media,podcasts,videos,articles`,
    );
    assert.deepEqual(all.json().data, {});
    const blank = await visitor.get(`/api/v1/guests/${guestId}/links?exclude=,`);
    assert.deepEqual(blank.json().data, full);

    for (const exclude of ['episodes', 'podcasts,bogus', 'Podcasts']) {
      const bad = await visitor.get(`/api/v1/guests/${guestId}/links?exclude=${exclude}`);
      assert.equal(bad.statusCode, 422, exclude);
      assert.deepEqual(bad.json().errors, {
        exclude: [
          'The selected exclude is invalid. Allowed: social_media, podcasts, videos, articles.',
        ],
      });
    }
  });

  it('answers 422 for groups that are not lists, and for too many groups in exclude', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    const response = await client.request('PUT', `/api/v1/guests/${guestId}/links`, {
      body: {
        social_media: '',
        podcasts: 'https://podcasts.example.com/ep/1',
        videos: Array.from({ length: 51 }, () => 'https://video.example.com/a'),
        articles: [5, '', 'https://news.example.org/ok'],
      },
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json(), {
      message: 'The social media field must be an object.',
      errors: {
        social_media: ['The social media field must be an object.'],
        podcasts: ['The podcasts field must be a list.'],
        videos: ['The videos field must not have more than 50 items.'],
        'articles.0': ['This is not a valid URL'],
      },
    });
    const excluded = await new TestClient(ctx.app).get(
      `/api/v1/guests/${guestId}/links?exclude=a,b,c,d,e,f,g,h,i`,
    );
    assert.equal(excluded.statusCode, 422);
    assert.deepEqual(excluded.json(), {
      message: 'The exclude field must not have more than 8 items.',
      errors: { exclude: ['The exclude field must not have more than 8 items.'] },
    });
  });

  it('answers 404 for a paused profile’s links (its owner still reads them)', async () => {
    const paused = await ctx.db
      .selectFrom('guest_profiles')
      .innerJoin('users', 'users.id', 'guest_profiles.user_id')
      .select(['guest_profiles.id', 'users.email'])
      .where('guest_profiles.is_public', '=', false)
      .where('users.status', '=', 'paused')
      .executeTakeFirstOrThrow();
    for (const query of ['', '?exclude=videos']) {
      const response = await new TestClient(ctx.app).get(
        `/api/v1/guests/${paused.id}/links${query}`,
      );
      assert.equal(response.statusCode, 404, query);
      assert.deepEqual(response.json(), { message: 'Not found.' });
    }
    const owner = await signedIn(ctx.app, paused.email);
    assert.equal((await owner.get(`/api/v1/guests/${paused.id}/links`)).statusCode, 200);
  });

  it('rejects links that break the URL rules with the spec’s messages', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    const response = await client.request('PUT', `/api/v1/guests/${guestId}/links`, {
      body: {
        social_media: {
          instagram: 'https://facebook.com/maya',
          website: 'not a site',
          myspace: 'https://myspace.com/x',
        },
        podcasts: ['podcasts.example.com/ep/1'],
        videos: ['https://video.example.com/a b'],
        articles: ['ftp://example.com/file'],
      },
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      'social_media.instagram': ['This is not a valid instagram URL'],
      'social_media.website': ['This is not a valid website URL'],
      'social_media.myspace': ['The myspace network is not supported.'],
      'podcasts.0': ['This is not a valid podcast URL'],
      'videos.0': ['This is not a valid video URL'],
      'articles.0': ['This is not a valid URL'],
    });
  });

  it('refuses script, data and look-alike links (422) and stores none of them', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    const stored = async () =>
      (await new TestClient(ctx.app).get(`/api/v1/guests/${guestId}/links`)).json<{
        data: GuestLinks;
      }>().data;
    const before = await stored();
    const response = await client.request('PUT', `/api/v1/guests/${guestId}/links`, {
      body: {
        social_media: {
          twitter: 'javascript:alert(1)//twitter.com',
          instagram: 'data:text/html,<script>alert(1)</script>//instagram.com',
          linkedin: 'https://linkedin.com.evil.test/in/maya',
          youtube: 'https://evil-youtube.com/@maya',
          facebook: 'https://facebook.com@evil.test/maya',
          tiktok: '//tiktok.com/@maya',
          wikipedia: 'https://wikipedia.org:8443/wiki/Maya',
          website: 'javascript:alert(1)//mayabrooks.co',
        },
        podcasts: ['javascript://podcasts.example.com/%0aalert(1)'],
        videos: ['https://user:pass@video.example.com/a'],
        articles: ['data:text/html,hi'],
      },
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      'social_media.twitter': ['This is not a valid twitter URL'],
      'social_media.instagram': ['This is not a valid instagram URL'],
      'social_media.linkedin': ['This is not a valid linkedin URL'],
      'social_media.youtube': ['This is not a valid youtube URL'],
      'social_media.facebook': ['This is not a valid facebook URL'],
      'social_media.tiktok': ['This is not a valid tiktok URL'],
      'social_media.wikipedia': ['This is not a valid wikipedia URL'],
      'social_media.website': ['This is not a valid website URL'],
      'podcasts.0': ['This is not a valid podcast URL'],
      'videos.0': ['This is not a valid video URL'],
      'articles.0': ['This is not a valid URL'],
    });
    assert.deepEqual(await stored(), before, 'nothing stored');

    // The same networks on their own hosts (and subdomains) are kept.
    const good = await client.request('PUT', `/api/v1/guests/${guestId}/links`, {
      body: {
        social_media: {
          twitter: 'https://x.com/maya',
          youtube: 'https://m.youtube.com/@maya',
          linkedin: 'www.linkedin.com/in/maya',
        },
      },
    });
    assert.equal(good.statusCode, 200, good.body);
    const links = (await stored()).social_media;
    assert.equal(links.twitter, 'https://x.com/maya');
    assert.equal(links.youtube, 'https://m.youtube.com/@maya');
    assert.equal(links.linkedin, 'https://www.linkedin.com/in/maya');
  });

  it('lets only the owner and their team change links', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const guestId = (await me(owner)).guest?.id;
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const ok = await agency.request('PUT', `/api/v1/guests/${guestId}/links`, {
      body: { articles: ['https://example.com/a'] },
    });
    assert.equal(ok.statusCode, 200, ok.body);
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const denied = await other.request('PUT', `/api/v1/guests/${guestId}/links`, {
      body: { articles: [] },
    });
    assert.equal(denied.statusCode, 403);
    const noCsrf = await owner.request('PUT', `/api/v1/guests/${guestId}/links`, {
      body: {},
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
    const visitor = await new TestClient(ctx.app).request(
      'PUT',
      `/api/v1/guests/${guestId}/links`,
      {
        body: {},
      },
    );
    assert.equal(visitor.statusCode, 401);
  });
});

describe('the guest profile image', () => {
  it('takes an image the caller uploaded, refuses anyone else’s, and null removes it', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const owner = await me(client);
    const guestId = owner.guest?.id;
    const other = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_ACCOUNTS.show)
      .executeTakeFirstOrThrow();
    const upload = (userId: number, uuid: string) =>
      ctx.db
        .insertInto('uploads')
        .values({
          uuid,
          user_id: userId,
          kind: 'image',
          mime_type: 'image/jpeg',
          file_name: 'me.jpg',
          size: 3,
          content: Buffer.from([1, 2, 3]),
        })
        .execute();
    const mine = '0b0e3d1c-6a3f-4e59-9a55-6f4b1c2d3e4f';
    const theirs = '1c1e3d1c-6a3f-4e59-9a55-6f4b1c2d3e4f';
    await upload(owner.id, mine);
    await upload(other.id, theirs);

    const refused = await client.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { image_uuid: theirs },
    });
    assert.equal(refused.statusCode, 422);
    assert.deepEqual(refused.json().errors, { image_uuid: ['The selected image is invalid.'] });

    const saved = await client.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { image_uuid: mine },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.match(saved.json<{ data: GuestProfile }>().data.imageUrl ?? '', new RegExp(mine));

    const removed = await client.request('PUT', `/api/v1/guests/${guestId}`, {
      body: { image_uuid: null },
    });
    assert.equal(
      removed.json<{ data: GuestProfile }>().data.imageUrl,
      `/api/v1/images/guests/${guestId}.svg`,
    );
  });
});
