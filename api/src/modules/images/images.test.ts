import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestContext } from '../../test/harness';
import { initials, drawPicture } from './svg';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('GET /images/:kind/:id.svg', () => {
  it('serves a cacheable SVG for every kind', async () => {
    for (const kind of ['guests', 'shows', 'show-covers', 'users', 'categories']) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/images/${kind}/1.svg` });
      assert.equal(response.statusCode, 200, kind);
      assert.match(String(response.headers['content-type']), /^image\/svg\+xml/);
      assert.match(String(response.headers['cache-control']), /max-age=\d+/);
      assert.match(response.body, /^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);

      const again = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/images/${kind}/1.svg`,
        headers: { 'if-none-match': String(response.headers.etag) },
      });
      assert.equal(again.statusCode, 304);
    }
  });

  it('answers 404 JSON for unknown kinds and ids', async () => {
    for (const url of [
      '/api/v1/images/planets/1.svg',
      '/api/v1/images/guests/999999.svg',
      '/api/v1/images/guests/1.png',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
      assert.deepEqual(response.json(), { message: 'Not found.' });
    }
  });
});

describe('drawPicture', () => {
  it('escapes the name and draws the initials', () => {
    const svg = drawPicture({
      style: 'portrait',
      id: 3,
      name: 'Tom & <Jerry>',
      color: '#123456',
    });
    assert.ok(svg.includes('Tom &#38; &#60;Jerry&#62;'));
    assert.ok(!svg.includes('<Jerry>'));
    assert.equal(initials('The Growth Table'), 'GT');
    assert.equal(initials("Liam O'Neill"), 'LO');
  });
});
