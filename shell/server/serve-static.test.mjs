// `node --test shell/server/` (part of `npm run test:unit`): the static servers' security headers
// (decision 068), over real HTTP on 127.0.0.1.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { serveDir } from './serve-static.mjs';

const REMOTE_A = 'http://127.0.0.1:3801';
const REMOTE_B = 'https://cdn.example.net';
const remotesConfig = {
  remotes: {
    mfe_marketplace: `${REMOTE_A}/mf-manifest.json`,
    mfe_booking: `${REMOTE_B}/booking/mf-manifest.json`,
    mfe_account: '/account/mf-manifest.json',
  },
};

let dir;
let upstream;
const servers = [];

/** Starts serveDir on a free port; returns its base URL. */
async function serve(options) {
  const app = await serveDir({ dir, port: 0, spa: true, https: false, ...options });
  servers.push(app);
  return `http://127.0.0.1:${app.server.address().port}`;
}

/** The directives of a CSP header, by name. */
function directives(header) {
  assert.equal(typeof header, 'string', 'one Content-Security-Policy header');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'guestspot-serve-'));
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script defer src="/main.js"></script></head><body></body></html>',
  );
  await writeFile(path.join(dir, 'main.js'), 'console.log(1);');
  await writeFile(path.join(dir, 'remotes.json'), JSON.stringify(remotesConfig));
  // A stand-in API with headers of its own, to see that the proxy passes them on untouched.
  upstream = http.createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-security-policy': "default-src 'none'",
    });
    response.end('{"ok":true}');
  });
  await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
});

after(async () => {
  await Promise.all(servers.map((app) => app.close()));
  await new Promise((resolve) => upstream.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe("the shell's server", () => {
  it('lets scripts come only from itself, the configured remotes and Stripe', async () => {
    const base = await serve({ remotesConfig });
    for (const url of [`${base}/`, `${base}/bookings/12/activity`]) {
      const response = await fetch(url);
      assert.equal(response.status, 200, url);
      assert.match(response.headers.get('content-type'), /^text\/html/, url);
      const csp = directives(response.headers.get('content-security-policy'));
      assert.deepEqual(csp.get('script-src'), [
        "'self'",
        REMOTE_A,
        REMOTE_B,
        'https://js.stripe.com',
        'https://*.js.stripe.com',
      ]);
      assert.deepEqual(csp.get('connect-src'), [
        "'self'",
        REMOTE_A,
        REMOTE_B,
        'https://api.stripe.com',
      ]);
      assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
      assert.deepEqual(csp.get('object-src'), ["'none'"]);
      assert.deepEqual(csp.get('base-uri'), ["'self'"]);
      assert.deepEqual(csp.get('form-action'), ["'self'"]);
      // A remote's pages bring their stylesheets from its origin (decision 075).
      assert.deepEqual(csp.get('style-src'), ["'self'", REMOTE_A, REMOTE_B, "'unsafe-inline'"]);
      assert.ok(!csp.has('upgrade-insecure-requests'), 'plain http: nothing to upgrade to');
      assert.equal(response.headers.get('x-frame-options'), 'DENY');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
      assert.equal(response.headers.get('cross-origin-resource-policy'), 'same-origin');
      assert.equal(response.headers.get('cross-origin-opener-policy'), null);
      assert.equal(response.headers.get('cross-origin-embedder-policy'), null);
      assert.equal(response.headers.get('strict-transport-security'), null);
    }
  });

  it('reads the remotes from dist/remotes.json when given no config', async () => {
    const base = await serve({});
    const csp = directives((await fetch(`${base}/`)).headers.get('content-security-policy'));
    assert.ok(csp.get('script-src').includes(REMOTE_A));
    assert.ok(csp.get('script-src').includes(REMOTE_B));
  });

  it('passes the API answers through with the API headers only', async () => {
    const base = await serve({ remotesConfig, api: `http://127.0.0.1:${upstream.address().port}` });
    const response = await fetch(`${base}/api/v1/health`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-security-policy'), "default-src 'none'");
    assert.equal(response.headers.get('x-frame-options'), null);
  });

  it('adds HSTS and upgrade-insecure-requests behind https', async () => {
    const base = await serve({ remotesConfig, https: true });
    const response = await fetch(`${base}/`);
    assert.equal(
      response.headers.get('strict-transport-security'),
      'max-age=31536000; includeSubDomains',
    );
    assert.ok(
      directives(response.headers.get('content-security-policy')).has('upgrade-insecure-requests'),
    );
  });
});

describe("a remote's server", () => {
  it("lets the shell's origin load its scripts (CORS and CORP) and still denies framing", async () => {
    const base = await serve({ cors: true });
    const script = await fetch(`${base}/main.js`);
    assert.equal(script.status, 200);
    assert.equal(script.headers.get('access-control-allow-origin'), '*');
    assert.equal(script.headers.get('cross-origin-resource-policy'), 'cross-origin');
    assert.equal(script.headers.get('x-content-type-options'), 'nosniff');
    const page = await fetch(`${base}/some/page`);
    const csp = directives(page.headers.get('content-security-policy'));
    assert.deepEqual(csp.get('frame-ancestors'), ["'none'"]);
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
  });
});
