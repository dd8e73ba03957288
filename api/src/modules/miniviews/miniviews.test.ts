import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Miniview, Paginated } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('GET /miniviews', () => {
  it('answers 401 to visitors', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/miniviews' });
    assert.equal(response.statusCode, 401);
  });

  it('lists the viewer’s own miniviews, newest first, with counts', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const body: Paginated<Miniview> = (await client.get('/api/v1/miniviews')).json();
    assert.equal(body.meta.pagination.total, 2);
    assert.equal(body.meta.pagination.per_page, 10);
    assert.deepEqual(
      body.data.map(({ title, questions_count, answers_count }) => ({
        title,
        questions_count,
        answers_count,
      })),
      [
        { title: 'Podcast pre-interview', questions_count: 4, answers_count: 4 },
        { title: 'Founder story questions', questions_count: 3, answers_count: 6 },
      ],
    );
    for (const miniview of body.data) {
      assert.match(miniview.uuid, /^[0-9a-f-]{36}$/);
      assert.ok(!Number.isNaN(Date.parse(miniview.created_at)));
    }
  });

  it('filters by title and pages', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const filtered = (await client.get('/api/v1/miniviews?filter[title]=founder')).json();
    assert.deepEqual(
      filtered.data.map((miniview: Miniview) => miniview.title),
      ['Founder story questions'],
    );
    const paged = (await client.get('/api/v1/miniviews?limit=1&page=2')).json();
    assert.equal(paged.data.length, 1);
    assert.equal(paged.meta.pagination.total_pages, 2);
    assert.equal((await client.get('/api/v1/miniviews?page=-1')).statusCode, 422);
  });

  it('never shows another user’s miniviews', async () => {
    for (const email of [DEMO_ACCOUNTS.standard, DEMO_ACCOUNTS.agency]) {
      const client = await signedIn(ctx.app, email);
      const body = (await client.get('/api/v1/miniviews')).json();
      assert.deepEqual(body.data, [], email);
      assert.equal(body.meta.pagination.total, 0);
    }
  });
});
