import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Geolocation } from '../../contract';
import { startTestApp, type TestContext } from '../../test/harness';
import { isPrivateAddress, LocalGeolocationProvider, RemoteGeolocationProvider } from './provider';

describe('GET /geolocation (local provider)', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await startTestApp({ config: { geoDefaultCountry: 'CA' } });
  });
  after(() => ctx.close());

  it('answers the default country for a loopback caller, without a session or CSRF', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/geolocation' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json<Geolocation>(), { status: 'success', countryCode: 'CA' });
  });

  it('cannot tell a public address offline: fail', async () => {
    // The local proxy is trusted for X-Forwarded-For (loopback).
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/geolocation',
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    assert.deepEqual(response.json<Geolocation>(), { status: 'fail', countryCode: null });
  });
});

describe('isPrivateAddress', () => {
  it('knows loopback, private, link-local and unique-local addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      assert.equal(isPrivateAddress(ip), true, ip);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2001:4860:4860::8888', 'nonsense']) {
      assert.equal(isPrivateAddress(ip), false, ip);
    }
  });

  it('the local provider gives the default to private addresses only', async () => {
    const local = new LocalGeolocationProvider('US');
    assert.deepEqual(await local.locate('192.168.0.2'), { status: 'success', countryCode: 'US' });
    assert.deepEqual(await local.locate('8.8.8.8'), { status: 'fail', countryCode: null });
  });
});

describe('RemoteGeolocationProvider (an ip-api.com style service on loopback)', () => {
  let server: http.Server;
  let base = '';
  const asked: string[] = [];
  before(async () => {
    server = http.createServer((request, response) => {
      const ip = decodeURIComponent((request.url ?? '').split('/').pop()?.split('?')[0] ?? '');
      asked.push(ip);
      const send = (status: number, body: string) => {
        // No keep-alive: a pooled socket closed by this server between tests would fail a lookup.
        response.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
        response.end(body);
      };
      if (ip === '81.2.69.160') return send(200, '{"status":"success","countryCode":"GB"}');
      if (ip === '1.2.3.4') return send(200, '{"status":"success","countryCode":"nowhere"}');
      if (ip === '5.6.7.8') return send(500, 'oops');
      if (ip === '9.9.9.9') return send(200, 'not json');
      if (ip === '4.4.4.4') return; // never answers: the timeout
      return send(200, '{"status":"fail","message":"reserved range"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads the country and caches it', async () => {
    const remote = new RemoteGeolocationProvider(
      `${base}/json/{ip}?fields=status,countryCode`,
      'US',
      { timeoutMs: 15_000 },
    );
    asked.length = 0;
    assert.deepEqual(await remote.locate('81.2.69.160'), { status: 'success', countryCode: 'GB' });
    assert.deepEqual(await remote.locate('81.2.69.160'), { status: 'success', countryCode: 'GB' });
    assert.deepEqual(asked, ['81.2.69.160'], 'asked once');
  });

  it('reports fail for failures, odd answers, errors and timeouts', async () => {
    const remote = new RemoteGeolocationProvider(`${base}/json`, 'US', { timeoutMs: 15_000 });
    for (const ip of ['2.2.2.2', '1.2.3.4', '5.6.7.8', '9.9.9.9']) {
      assert.deepEqual(await remote.locate(ip), { status: 'fail', countryCode: null }, ip);
    }
    const silent = new RemoteGeolocationProvider(`${base}/json`, 'US', { timeoutMs: 200 });
    assert.deepEqual(await silent.locate('4.4.4.4'), { status: 'fail', countryCode: null });
    const unreachable = new RemoteGeolocationProvider('http://127.0.0.1:9/{ip}', 'US');
    assert.deepEqual(await unreachable.locate('81.2.69.160'), {
      status: 'fail',
      countryCode: null,
    });
  });

  it('never sends private addresses out', async () => {
    const remote = new RemoteGeolocationProvider(`${base}/json/{ip}`, 'DE');
    asked.length = 0;
    assert.deepEqual(await remote.locate('127.0.0.1'), { status: 'success', countryCode: 'DE' });
    assert.deepEqual(asked, []);
  });

  it('serves GET /geolocation when GEOLOCATION_URL is configured', async () => {
    // A generous timeout: this machine may be busy with other test files.
    const ctx = await startTestApp({
      config: { geolocationUrl: `${base}/json/{ip}`, geolocationTimeoutMs: 15_000 },
    });
    try {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/geolocation',
        headers: { 'x-forwarded-for': '81.2.69.160' },
      });
      assert.deepEqual(response.json<Geolocation>(), { status: 'success', countryCode: 'GB' });
    } finally {
      await ctx.close();
    }
  });
});
