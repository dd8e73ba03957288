import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API_ROOT, trustProxyFromEnv } from '../../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed/seed';
import { parseSetCookies, startTestApp, type TestContext } from '../../test/harness';
import { WAITLIST_IP_LIMIT } from '../waitlist/routes';
import { LOGIN_IP_LIMIT, MAX_ATTEMPTS } from './throttle';

// Decision 064: the client's address is the proxy's word only when the proxy is trusted, and the
// site's proxies state it themselves instead of passing on what the client claimed.

const LOCKED = /^Too many login attempts\. Please try again in (\d+) seconds\.$/;

type ServeDir = (options: {
  dir: string;
  port: number;
  api: string;
  trustProxy?: string[];
}) => Promise<FastifyInstance>;

async function loadServeDir(): Promise<ServeDir> {
  // A specifier TypeScript does not resolve: the server is plain JavaScript.
  const serveStatic: string = '@guestspot/shell/server/serve-static.mjs';
  return ((await import(serveStatic)) as { serveDir: ServeDir }).serveDir;
}

function listeningUrl(server: http.Server): string {
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** fetch() with a cookie jar that echoes XSRF-TOKEN on POST, as the SPA does. */
class BrowserOverHttp {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly base: string) {}

  async request(
    method: 'GET' | 'POST',
    url: string,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    if (method === 'POST' && !this.cookies.has('XSRF-TOKEN')) {
      await this.request('GET', '/sanctum/csrf-cookie');
    }
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const response = await fetch(this.base + url, {
      method,
      headers: {
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size
          ? {
              cookie: [...this.cookies]
                .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
                .join('; '),
            }
          : {}),
        ...(method === 'POST' && xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      this.cookies.set(pair.slice(0, index), decodeURIComponent(pair.slice(index + 1)));
    }
    return response;
  }

  login(email: string, password: string, headers: Record<string, string> = {}) {
    return this.request('POST', '/api/v1/auth/login', { body: { email, password }, headers });
  }
}

async function assertLocked(response: Response): Promise<void> {
  assert.equal(response.status, 429, await response.clone().text());
  const { message } = (await response.json()) as { message: string };
  const seconds = Number(LOCKED.exec(message)?.[1]);
  assert.ok(seconds >= 1, message);
  assert.equal(response.headers.get('retry-after'), String(seconds));
}

/**
 * MAX_ATTEMPTS wrong passwords for `email`, each claiming another X-Forwarded-For, then the right
 * one: it must still wait, since every attempt came from the same client.
 */
async function rotateThenLogin(client: BrowserOverHttp, email: string): Promise<Response> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const wrong = await client.login(email, `wrong-${attempt}`, {
      'x-forwarded-for': `198.51.100.${attempt}`,
    });
    assert.equal(wrong.status, 422, `attempt ${attempt}`);
  }
  return client.login(email, DEMO_PASSWORD, { 'x-forwarded-for': '198.51.100.99' });
}

describe('through the site proxies', () => {
  let ctx: TestContext;
  let apiUrl: string;

  before(async () => {
    ctx = await startTestApp();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    apiUrl = listeningUrl(ctx.app.server);
  });
  after(() => ctx.close());

  describe('guestspot-serve (serveDir, the site and each remote)', () => {
    let serveDir: ServeDir;
    let proxy: FastifyInstance;
    let dist: string;
    let client: BrowserOverHttp;

    before(async () => {
      dist = await mkdtemp(path.join(os.tmpdir(), 'guestspot-dist-'));
      await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Guestspot</title>');
      serveDir = await loadServeDir();
      proxy = await serveDir({ dir: dist, port: 0, api: apiUrl });
      client = new BrowserOverHttp(listeningUrl(proxy.server));
    });
    after(async () => {
      await proxy.close();
      await rm(dist, { recursive: true, force: true });
    });

    it('a rotating X-Forwarded-For does not escape the login lockout', async () => {
      await assertLocked(await rotateThenLogin(client, DEMO_ACCOUNTS.guest));
    });

    it('a rotating X-Forwarded-For does not escape the waitlist limit', async () => {
      const join = (n: number) =>
        client.request('POST', '/api/v1/join-waitlist', {
          body: { email: `proxied-${n}@example.test`, source: 'app' },
          headers: { 'x-forwarded-for': `203.0.113.${n}`, forwarded: `for=203.0.113.${n}` },
        });
      for (let n = 1; n <= WAITLIST_IP_LIMIT.max; n += 1) {
        assert.equal((await join(n)).status, 200, `join ${n}`);
      }
      const refused = await join(WAITLIST_IP_LIMIT.max + 1);
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get('retry-after')) > 0);
    });

    /** The headers the API gets when `headers` are sent through a serveDir(options) proxy. */
    async function forwardedTo(
      options: { trustProxy?: string[] },
      headers: Record<string, string>,
    ): Promise<{ seen: http.IncomingHttpHeaders; proxyHost: string }> {
      let seen: http.IncomingHttpHeaders = {};
      const upstream = http.createServer((req, res) => {
        seen = req.headers;
        res.writeHead(204).end();
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const site = await serveDir({ dir: dist, port: 0, api: listeningUrl(upstream), ...options });
      try {
        await fetch(`${listeningUrl(site.server)}/api/v1/anything`, { headers });
        return { seen, proxyHost: new URL(listeningUrl(site.server)).host };
      } finally {
        await site.close();
        await new Promise<void>((resolve) => upstream.close(() => resolve()));
      }
    }

    it('tells the API its peer, protocol and host, not what the client claimed', async () => {
      const { seen, proxyHost } = await forwardedTo(
        {},
        {
          'x-forwarded-for': '198.51.100.7',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'evil.example',
          'x-forwarded-port': '443',
          'x-real-ip': '198.51.100.8',
          forwarded: 'for=198.51.100.9',
        },
      );
      assert.equal(seen['x-forwarded-for'], '127.0.0.1');
      assert.equal(seen['x-forwarded-proto'], 'http');
      assert.equal(seen['x-forwarded-host'], proxyHost);
      assert.equal(seen['x-forwarded-port'], undefined);
      assert.equal(seen['x-real-ip'], undefined);
      assert.equal(seen.forwarded, undefined);
    });

    it('behind a balancer it trusts (--trust-proxy), forwards the client the balancer saw', async () => {
      // The balancer (here on loopback) appended the address it saw to what the client claimed.
      const { seen } = await forwardedTo(
        { trustProxy: ['loopback'] },
        { 'x-forwarded-for': '192.0.2.66, 198.51.100.7' },
      );
      assert.equal(seen['x-forwarded-for'], '198.51.100.7');
    });
  });

  describe('the webpack dev server (npm run dev)', () => {
    let devServer: http.Server;
    let client: BrowserOverHttp;

    before(async () => {
      // The proxy entry of the apps' webpack configuration, mounted as webpack-dev-server does.
      const require = createRequire(import.meta.url);
      const { createConfig } = require(path.join(API_ROOT, '..', 'webpack.federation.cjs')) as {
        createConfig(
          app: object,
        ): (
          env: object,
          argv: object,
        ) => { devServer: { proxy: { context: string[]; target: string }[] } };
      };
      const { createProxyMiddleware } = require('http-proxy-middleware') as {
        createProxyMiddleware(
          context: string[],
          options: object,
        ): (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
      };
      const config = createConfig({ dir: API_ROOT, name: 'probe', port: 0, title: 'probe' })(
        {},
        { mode: 'production' },
      );
      const [entry] = config.devServer.proxy;
      assert.ok(entry);
      const middleware = createProxyMiddleware(entry.context, {
        ...entry,
        target: apiUrl,
        logLevel: 'silent',
      });
      devServer = http.createServer((req, res) =>
        middleware(req, res, () => res.writeHead(404).end()),
      );
      await new Promise<void>((resolve) => devServer.listen(0, '127.0.0.1', resolve));
      client = new BrowserOverHttp(listeningUrl(devServer));
    });
    after(() => new Promise<void>((resolve) => devServer.close(() => resolve())));

    it('a rotating X-Forwarded-For does not escape the login lockout', async () => {
      await assertLocked(await rotateThenLogin(client, DEMO_ACCOUNTS.show));
    });
  });
});

/** A client talking to the API itself, from `remoteAddress`, with the CSRF dance done. */
class DirectClient {
  private cookie = '';
  private xsrf = '';

  constructor(
    private readonly app: FastifyInstance,
    private readonly remoteAddress: string,
  ) {}

  async login(
    email: string,
    password: string,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    if (!this.xsrf) {
      const csrf = await this.app.inject({
        method: 'GET',
        url: '/api/v1/sanctum/csrf-cookie',
        remoteAddress: this.remoteAddress,
      });
      const token = parseSetCookies(csrf).find((cookie) => cookie.name === 'XSRF-TOKEN');
      assert.ok(token);
      this.xsrf = token.value;
      this.cookie = `XSRF-TOKEN=${encodeURIComponent(token.value)}`;
    }
    return this.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: this.remoteAddress,
      headers: { cookie: this.cookie, 'x-xsrf-token': this.xsrf, ...headers },
      payload: { email, password },
    });
  }
}

function assertInjectLocked(response: LightMyRequestResponse, max = 60): number {
  assert.equal(response.statusCode, 429, response.body);
  const { message } = response.json() as { message: string };
  const seconds = Number(LOCKED.exec(message)?.[1]);
  assert.ok(seconds >= 1 && seconds <= max, message);
  assert.equal(response.headers['retry-after'], String(seconds));
  return seconds;
}

describe('the API on its own', () => {
  let ctx: TestContext;
  before(async () => {
    // As behind a load balancer in 10.0.0.0/8 (TRUST_PROXY=loopback,10.0.0.0/8).
    ctx = await startTestApp({ config: { trustProxy: ['loopback', '10.0.0.0/8'] } });
  });
  after(() => ctx.close());

  it('counts a client that is not a trusted proxy under its own address', async () => {
    const direct = new DirectClient(ctx.app, '203.0.113.40');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const wrong = await direct.login(DEMO_ACCOUNTS.guest, `wrong-${attempt}`, {
        'x-forwarded-for': `198.51.100.${attempt}`,
      });
      assert.equal(wrong.statusCode, 422);
    }
    assertInjectLocked(
      await direct.login(DEMO_ACCOUNTS.guest, DEMO_PASSWORD, { 'x-forwarded-for': '10.0.0.7' }),
    );
    // Another address is another client.
    const other = await new DirectClient(ctx.app, '203.0.113.41').login(
      DEMO_ACCOUNTS.guest,
      DEMO_PASSWORD,
    );
    assert.equal(other.statusCode, 200, other.body);
  });

  it('believes a trusted proxy about its peer only: the nearest untrusted address counts', async () => {
    const balancer = new DirectClient(ctx.app, '10.0.0.5');
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      // What the client claimed, then what the balancer appended: the client's real address.
      const wrong = await balancer.login(DEMO_ACCOUNTS.pro, `wrong-${attempt}`, {
        'x-forwarded-for': `192.0.2.${attempt}, 198.51.100.20`,
      });
      assert.equal(wrong.statusCode, 422);
    }
    assertInjectLocked(
      await balancer.login(DEMO_ACCOUNTS.pro, DEMO_PASSWORD, {
        'x-forwarded-for': '198.51.100.20',
      }),
    );
    // Another client behind the same balancer is not locked out.
    const other = await balancer.login(DEMO_ACCOUNTS.pro, DEMO_PASSWORD, {
      'x-forwarded-for': '198.51.100.21',
    });
    assert.equal(other.statusCode, 200, other.body);
  });

  it('stops password spraying: failed logins per address across emails', async () => {
    assert.equal(LOGIN_IP_LIMIT.max, 20);
    assert.equal(LOGIN_IP_LIMIT.windowSeconds, 600);
    const sprayer = new DirectClient(ctx.app, '203.0.113.50');
    for (let n = 1; n < LOGIN_IP_LIMIT.max; n += 1) {
      const wrong = await sprayer.login(`spray-${n}@example.test`, 'Summer2024!');
      assert.equal(wrong.statusCode, 422, `attempt ${n}`);
    }
    // The right password neither counts nor wipes the count.
    assert.equal((await sprayer.login(DEMO_ACCOUNTS.standard, DEMO_PASSWORD)).statusCode, 200);
    const last = await sprayer.login(DEMO_ACCOUNTS.agency, 'Summer2024!');
    assert.equal(last.statusCode, 422, 'the 20th failure is still checked');
    const seconds = assertInjectLocked(
      await sprayer.login(DEMO_ACCOUNTS.admin, DEMO_PASSWORD),
      LOGIN_IP_LIMIT.windowSeconds,
    );
    assert.ok(seconds > 60, `the ip waits out the 10-minute window, not a minute (${seconds})`);

    // Another address is unaffected, also for the same accounts.
    const neighbour = new DirectClient(ctx.app, '203.0.113.51');
    assert.equal((await neighbour.login(DEMO_ACCOUNTS.admin, DEMO_PASSWORD)).statusCode, 200);
    assert.equal((await neighbour.login('spray-1@example.test', 'x')).statusCode, 422);
  });

  it('holds against a burst of parallel guesses', async () => {
    const burst = new DirectClient(ctx.app, '203.0.113.60');
    await burst.login(DEMO_ACCOUNTS.standard, DEMO_PASSWORD); // (fetches the CSRF token)
    const answers = await Promise.all(
      Array.from({ length: LOGIN_IP_LIMIT.max + 10 }, (_, n) =>
        burst.login(`burst-${n}@example.test`, 'Winter2024!'),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    assert.equal(codes.filter((code) => code === 422).length, LOGIN_IP_LIMIT.max);
    assert.equal(codes.filter((code) => code === 429).length, 10);
  });
});

describe('TRUST_PROXY', () => {
  it('defaults to loopback: the site proxy on this machine', () => {
    assert.deepEqual(trustProxyFromEnv(undefined), ['loopback']);
    assert.deepEqual(trustProxyFromEnv(''), ['loopback']);
  });

  it('takes addresses and CIDR ranges, a hop count, or none', () => {
    assert.deepEqual(trustProxyFromEnv('10.0.0.0/8, 192.168.1.7,fd00::/8'), [
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    assert.deepEqual(trustProxyFromEnv('loopback,uniquelocal'), ['loopback', 'uniquelocal']);
    assert.equal(trustProxyFromEnv('2'), 2);
    assert.equal(trustProxyFromEnv('0'), false);
    assert.equal(trustProxyFromEnv('none'), false);
  });

  it('refuses to believe everybody, and anything it cannot read', () => {
    assert.throws(() => trustProxyFromEnv('true'), /TRUST_PROXY=true would believe any client/);
    for (const bad of ['10.0.0.0/33', 'proxy.internal', '10.0.0.0/8,', '1.2.3.4/8/1']) {
      assert.throws(() => trustProxyFromEnv(bad), /TRUST_PROXY must be/, bad);
    }
  });
});
