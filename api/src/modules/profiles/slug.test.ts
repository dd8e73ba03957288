import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GuestProfile, ShowProfile, User } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { isReservedPathSegment, RESERVED_PATH_SEGMENTS } from '../../reserved-paths';
import { signedIn, startTestApp, type TestContext } from '../../test/harness';
import { availableSlug, slugify } from './slug';

// A profile slug is also a path: mfe-marketplace's catch-all serves /{guest slug}. A name that
// slugs to one of the site's own first segments gets a suffix, like a name already taken
// (decision 108).

describe('availableSlug', () => {
  it('suffixes a slug that is taken or is a page of the site, and keeps any other', () => {
    assert.equal(availableSlug('jane-doe', new Set()), 'jane-doe');
    assert.equal(availableSlug('jane-doe', new Set(['jane-doe'])), 'jane-doe-2');
    assert.equal(availableSlug('messages', new Set()), 'messages-2');
    assert.equal(availableSlug('payments', new Set(['payments-2'])), 'payments-3');
    assert.equal(availableSlug('messages-board', new Set()), 'messages-board');
  });

  it('knows a reserved segment whatever its case', () => {
    assert.equal(isReservedPathSegment('Messages'), true);
    assert.equal(isReservedPathSegment('dashboard'), true);
    assert.equal(isReservedPathSegment('jane-doe'), false);
  });

  it('lists only segments a name can slug to, so that each one is ever refused', () => {
    for (const segment of RESERVED_PATH_SEGMENTS) assert.equal(slugify(segment), segment);
    assert.equal(new Set(RESERVED_PATH_SEGMENTS).size, RESERVED_PATH_SEGMENTS.length);
  });
});

describe('profile slugs through the API', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestApp();
  });
  after(() => ctx.close());

  it('gives a guest named like a page of the site a suffixed slug, on create and on rename', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const created = await client.post('/api/v1/guests', { name: 'Messages' });
    assert.equal(created.statusCode, 201, created.body);
    const guest = created.json<{ data: GuestProfile }>().data;
    assert.equal(guest.slug, 'messages-2');
    assert.equal((await client.get('/api/v1/guests/messages-2')).statusCode, 200);

    const renamed = await client.request('PUT', `/api/v1/guests/${guest.id}`, {
      body: { name: 'Payments' },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.equal(renamed.json<{ data: GuestProfile }>().data.slug, 'payments-2');

    const ordinary = await client.request('PUT', `/api/v1/guests/${guest.id}`, {
      body: { name: 'Payments Expert' },
    });
    assert.equal(ordinary.json<{ data: GuestProfile }>().data.slug, 'payments-expert');
  });

  it('does the same for a show', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const response = await client.post('/api/v1/shows', { name: 'Dashboard' });
    assert.equal(response.statusCode, 201, response.body);
    assert.equal(response.json<{ data: ShowProfile }>().data.slug, 'dashboard-2');
    const me = (await client.get('/api/v1/users/me')).json<{ data: User }>().data;
    assert.ok(me.shows.some((show) => show.slug === 'dashboard-2'));
  });
});
