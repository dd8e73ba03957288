import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
import { LOOKUP_USER_LIMIT } from './routes';
import {
  HunterEmailLookupProvider,
  LocalEmailLookupProvider,
  normaliseDomain,
  type EmailLookupProvider,
} from './provider';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('normaliseDomain', () => {
  it('reduces a pasted address to its host name, and refuses what is not one', () => {
    assert.equal(normaliseDomain('https://www.Growth-Talk.fm/about?x=1'), 'growth-talk.fm');
    assert.equal(normaliseDomain('growthtalk.com.'), 'growthtalk.com');
    assert.equal(normaliseDomain('localhost'), null);
    assert.equal(normaliseDomain('127.0.0.1'), null);
    assert.equal(normaliseDomain('not a domain'), null);
  });
});

describe('LocalEmailLookupProvider', () => {
  it('answers plausible addresses, the same each time, and none for unknown-looking domains', async () => {
    const local = new LocalEmailLookupProvider();
    const emails = await local.findEmails('growthtalk.fm');
    assert.deepEqual(emails.slice(0, 2), ['hello@growthtalk.fm', 'press@growthtalk.fm']);
    assert.equal(emails.length, 3);
    assert.deepEqual(await local.findEmails('growthtalk.fm'), emails);
    assert.deepEqual(await local.findEmails('company.test'), []);
    assert.deepEqual(await local.findEmails('unknown-startup.com'), []);
    assert.deepEqual(await local.findEmails('brand.zzqx'), []);
  });
});

describe('HunterEmailLookupProvider', () => {
  let server: Server;
  let baseUrl: string;
  const seen: string[] = [];
  before(async () => {
    server = createServer((request, response) => {
      seen.push(request.url ?? '');
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      if (url.searchParams.get('domain') === 'broken.com') {
        response.writeHead(500).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          data: { emails: [{ value: 'Jane@acme.com' }, { value: 'jane@acme.com' }, { value: 7 }] },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the domain search answer with the key, and throws when the service fails', async () => {
    const hunter = new HunterEmailLookupProvider('secret-key', { baseUrl });
    assert.deepEqual(await hunter.findEmails('acme.com'), ['jane@acme.com']);
    assert.match(
      seen[0] ?? '',
      /\/v2\/domain-search\?domain=acme\.com&limit=10&api_key=secret-key/,
    );
    await assert.rejects(hunter.findEmails('broken.com'));
  });
});

describe('GET /email-addresses/{domain}', () => {
  it('answers the provider emails for a signed-in user, caching them per domain', async () => {
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const response = await client.get('/api/v1/email-addresses/www.growthtalk.fm');
    assert.equal(response.statusCode, 200);
    const emails = response.json().data as string[];
    assert.ok(emails.includes('hello@growthtalk.fm'));
    const cached = await ctx.db
      .selectFrom('email_lookups')
      .selectAll()
      .where('domain', '=', 'growthtalk.fm')
      .executeTakeFirstOrThrow();
    assert.deepEqual(cached.emails, emails);
    assert.equal(cached.provider, 'local');

    const none = await client.get('/api/v1/email-addresses/nobody.test');
    assert.deepEqual(none.json(), { data: [] });
  });

  it('answers 422 for something that is not a domain, 401 for visitors', async () => {
    const client = await signedIn(ctx.app, 'standard@guestspot.test');
    const bad = await client.get('/api/v1/email-addresses/not_a_domain');
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().errors, { domain: ['The domain field must be a valid domain.'] });
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.get('/api/v1/email-addresses/acme.com')).statusCode, 401);
  });

  it("answers 502 'Something went wrong.' when the provider fails", async () => {
    const failing: EmailLookupProvider = {
      name: 'hunter',
      findEmails: () => Promise.reject(new Error('down')),
    };
    const original = ctx.app.emailLookup;
    Object.assign(ctx.app, { emailLookup: failing });
    try {
      const client = await signedIn(ctx.app, 'standard@guestspot.test');
      const response = await client.get('/api/v1/email-addresses/fresh-domain.com');
      assert.equal(response.statusCode, 502);
      assert.equal(response.json().message, 'Something went wrong.');
    } finally {
      Object.assign(ctx.app, { emailLookup: original });
    }
  });

  it('takes 30 uncached lookups an hour per user, then 429; cached answers stay free', async () => {
    assert.equal(LOOKUP_USER_LIMIT.max, 30);
    const calls: string[] = [];
    const counting: EmailLookupProvider = {
      name: 'local',
      findEmails: async (domain) => {
        calls.push(domain);
        return [`hello@${domain}`];
      },
    };
    const original = ctx.app.emailLookup;
    Object.assign(ctx.app, { emailLookup: counting });
    try {
      const client = await signedIn(ctx.app, 'pro@guestspot.test');
      for (let n = 1; n <= LOOKUP_USER_LIMIT.max; n += 1) {
        const response = await client.get(`/api/v1/email-addresses/limit-${n}.com`);
        assert.equal(response.statusCode, 200, `lookup ${n}: ${response.body}`);
      }
      assert.equal(calls.length, LOOKUP_USER_LIMIT.max);
      const refused = await client.get('/api/v1/email-addresses/one-too-many.com');
      assert.equal(refused.statusCode, 429);
      assert.match(
        refused.json().message,
        /^Too many contact lookups\. Please try again in \d+ seconds\.$/,
      );
      assert.ok(Number(refused.headers['retry-after']) > 3000);
      assert.equal(calls.length, LOOKUP_USER_LIMIT.max, 'the provider was not asked');
      // A domain already looked up is answered from the cache.
      const cached = await client.get('/api/v1/email-addresses/limit-1.com');
      assert.equal(cached.statusCode, 200);
      assert.deepEqual(cached.json(), { data: ['hello@limit-1.com'] });
      // The limit is the user's, not everyone's.
      const other = await signedIn(ctx.app, 'guest@guestspot.test');
      assert.equal((await other.get('/api/v1/email-addresses/one-too-many.com')).statusCode, 200);
    } finally {
      Object.assign(ctx.app, { emailLookup: original });
    }
  });
});
