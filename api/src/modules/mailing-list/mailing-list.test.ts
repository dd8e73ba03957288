import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, TestClient, type TestContext } from '../../test/harness';
import { SUBSCRIBED_MESSAGE } from './routes';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

describe('POST /mailing-list', () => {
  it('subscribes an address once, whatever its case', async () => {
    const client = new TestClient(ctx.app);
    const first = await client.post('/api/v1/mailing-list', { email: 'Fan@Example.com' });
    assert.equal(first.statusCode, 200);
    assert.deepEqual(first.json(), { message: SUBSCRIBED_MESSAGE });
    const again = await client.post('/api/v1/mailing-list', { email: 'fan@example.com ' });
    assert.equal(again.statusCode, 200);
    const rows = await ctx.db.selectFrom('mailing_list_subscribers').select('email').execute();
    assert.deepEqual(rows, [{ email: 'Fan@Example.com' }]);
  });

  it('answers 422 with field errors for a missing or bad email', async () => {
    const client = new TestClient(ctx.app);
    const missing = await client.post('/api/v1/mailing-list', {});
    assert.equal(missing.statusCode, 422);
    assert.deepEqual(missing.json().errors, { email: ['The email field is required.'] });
    const bad = await client.post('/api/v1/mailing-list', { email: 'nope' });
    assert.equal(bad.statusCode, 422);
    assert.deepEqual(bad.json().errors, {
      email: ['The email field must be a valid email address.'],
    });
  });

  it('refuses a call without the CSRF token', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.request('POST', '/api/v1/mailing-list', {
      body: { email: 'fan@example.com' },
      csrf: false,
    });
    assert.equal(response.statusCode, 419);
  });
});
