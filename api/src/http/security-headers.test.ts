import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApp, TestClient, type TestContext } from '../test/harness';

// Decision 068: every API answer says nosniff, may not be framed, leaks no referrer and runs
// nothing; its HTML pages keep their own CSP (inline styles, their form targets).

const API_CSP = "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'";

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

function assertCommonHeaders(response: LightMyRequestResponse, what: string) {
  assert.equal(response.headers['x-content-type-options'], 'nosniff', what);
  assert.equal(response.headers['x-frame-options'], 'DENY', what);
  assert.equal(response.headers['strict-transport-security'], undefined, `${what}: plain http`);
  // The social sign-in popup needs window.opener across the provider's pages.
  assert.equal(response.headers['cross-origin-opener-policy'], undefined, what);
  assert.equal(response.headers['cross-origin-embedder-policy'], undefined, what);
}

describe('security headers of the API', () => {
  it('sends a CSP that loads and runs nothing on JSON answers, errors included', async () => {
    for (const [url, status] of [
      ['/api/v1/health', 200],
      ['/api/v1/categories', 200],
      ['/api/v1/nothing-here', 404],
      ['/api/v1/users/me', 401],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, status, url);
      assert.match(String(response.headers['content-type']), /^application\/json/, url);
      assert.equal(response.headers['content-security-policy'], API_CSP, url);
      assert.equal(response.headers['referrer-policy'], 'no-referrer', url);
      assert.equal(response.headers['cross-origin-resource-policy'], 'same-origin', url);
      assertCommonHeaders(response, url);
    }
  });

  it('serves generated SVG pictures under the same CSP: no script, no framing', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/images/guests/1.svg' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /^image\/svg\+xml/);
    assert.equal(response.headers['content-security-policy'], API_CSP);
    // Drawn with presentation attributes only: nothing the CSP would block (no <style>, no style="").
    assert.doesNotMatch(response.body, /<style|style=|<script/i);
    assertCommonHeaders(response, 'svg');
  });

  it('keeps an HTML page its own CSP (inline styles, its form target) and denies framing', async () => {
    const client = new TestClient(ctx.app);
    const start = await client.get('/api/v1/auth/login/facebook');
    const consentUrl = new URL(String(start.headers.location), 'http://127.0.0.1');
    const page = await client.get(`${consentUrl.pathname}${consentUrl.search}`);
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-type']), /^text\/html/);
    assert.match(page.body, /<style>/);
    // One policy, the page's: a second one would be enforced too and block its <style>.
    const csp = page.headers['content-security-policy'];
    assert.equal(typeof csp, 'string');
    assert.match(String(csp), /^default-src 'none'; style-src 'unsafe-inline'; form-action 'self'/);
    assert.match(String(csp), /frame-ancestors 'none'/);
    assert.equal(page.headers['referrer-policy'], 'same-origin');
    assertCommonHeaders(page, 'consent page');
  });
});

describe('security headers of the API behind https', () => {
  let secure: TestContext;
  before(async () => {
    secure = await startTestApp({
      config: { appUrl: 'https://guestspot.example', cookieSecure: true },
    });
  });
  after(() => secure.close());

  it('adds HSTS for a year', async () => {
    const response = await secure.app.inject({ method: 'GET', url: '/api/v1/health' });
    assert.equal(
      response.headers['strict-transport-security'],
      'max-age=31536000; includeSubDomains',
    );
    assert.equal(response.headers['content-security-policy'], API_CSP);
  });
});
