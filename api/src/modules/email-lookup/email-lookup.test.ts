import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../test/harness';
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
});
