import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, TestClient, type TestContext } from '../../test/harness';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

const SEEDED = [
  'about',
  'contact',
  'privacy-policy',
  'cookie-policy',
  'faq',
  'thanks',
  'how-it-works',
  'referral-program',
];

describe('GET /pages/{slug}', () => {
  it('answers every seeded page to visitors, as structured blocks', async () => {
    const client = new TestClient(ctx.app);
    for (const slug of SEEDED) {
      const response = await client.get(`/api/v1/pages/${slug}`);
      assert.equal(response.statusCode, 200, slug);
      const { data } = response.json();
      assert.deepEqual(Object.keys(data).sort(), ['body', 'slug', 'title', 'updated_at']);
      assert.equal(data.slug, slug);
      assert.ok(data.title.length > 0);
      assert.ok(!Number.isNaN(Date.parse(data.updated_at)));
      assert.ok(Array.isArray(data.body) && data.body.length > 0, slug);
      for (const block of data.body) {
        assert.ok(['heading', 'paragraph', 'list', 'link'].includes(block.type), slug);
        if (block.type === 'link') assert.match(block.href, /^(\/|https:\/\/|mailto:)/);
      }
    }
    const about = (await client.get('/api/v1/pages/about')).json().data;
    assert.equal(about.title, 'About Us');
  });

  it('finds a page whatever the case of its slug', async () => {
    const response = await new TestClient(ctx.app).get('/api/v1/pages/About');
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().data.slug, 'about');
  });

  it('answers 404 for an unknown or malformed slug', async () => {
    const client = new TestClient(ctx.app);
    for (const slug of ['no-such-page', 'about-', '..%2Fabout', 'a'.repeat(120)]) {
      const response = await client.get(`/api/v1/pages/${slug}`);
      assert.equal(response.statusCode, 404, slug);
      assert.deepEqual(response.json(), { message: 'Not found.' });
    }
  });
});
