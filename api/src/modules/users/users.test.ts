import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { User } from '../../contract';
import { DEMO_ACCOUNTS } from '../../db/seed/seed';
import { signedIn, startTestApp, type TestContext } from '../../test/harness';
import { formatPhone } from './queries';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

async function me(email: string): Promise<User> {
  const client = await signedIn(ctx.app, email);
  const response = await client.get('/api/v1/users/me');
  assert.equal(response.statusCode, 200);
  return response.json().data;
}

describe('GET /users/me', () => {
  it('returns every User field for the pro account, with its profiles and team', async () => {
    const user = await me(DEMO_ACCOUNTS.pro);
    assert.deepEqual(Object.keys(user).sort(), [
      'account_type',
      'email',
      'email_hash',
      'email_notifications',
      'first_name',
      'guest',
      'has_stripe_connect',
      'has_team',
      'id',
      'imageUrl',
      'imageUuid',
      'impersonator',
      'is_admin',
      'last_name',
      'new_bookings_count',
      'phone',
      'referral_code',
      'referred_by',
      'shows',
      'sms_notifications',
      'status',
      'team_role',
      'teams',
      'terms_accepted_at',
      'timezone',
      'title',
      'unread_messages_count',
    ]);
    assert.equal(user.account_type, 'pro');
    assert.equal(user.status, 'active');
    assert.equal(user.referral_code, 'priyapatel');
    assert.equal(user.phone, '(512) 555-0101');
    assert.equal(user.email_hash, createHash('md5').update('pro@guestspot.test').digest('hex'));
    assert.equal(user.has_team, true);
    assert.equal(user.has_stripe_connect, true);
    assert.equal(user.is_admin, false);
    assert.equal(user.team_role, null);
    assert.equal(user.guest?.name, 'Priya Patel');
    assert.equal(user.guest?.imageUrl, `/api/v1/images/guests/${user.guest?.id}.svg`);
    assert.equal(user.shows.length, 1);
    assert.ok(user.terms_accepted_at && !Number.isNaN(Date.parse(user.terms_accepted_at)));
    assert.ok(user.new_bookings_count >= 1, 'a scheduled booking pro@ has not opened yet');
  });

  it('shows the agency member’s team and role', async () => {
    const owner = await me(DEMO_ACCOUNTS.pro);
    const agency = await me(DEMO_ACCOUNTS.agency);
    assert.equal(agency.team_role, 'agency');
    assert.equal(agency.has_team, false);
    assert.deepEqual(
      agency.teams.map(({ owner_id, owner_name, role }) => ({ owner_id, owner_name, role })),
      [{ owner_id: owner.id, owner_name: 'Priya Patel', role: 'agency' }],
    );
  });

  it('describes the other demo accounts as the README says', async () => {
    const standard = await me(DEMO_ACCOUNTS.standard);
    assert.equal(standard.account_type, 'standard');
    assert.equal(standard.guest, null);
    assert.deepEqual(standard.shows, []);
    assert.equal(standard.new_bookings_count, 0);

    assert.equal((await me(DEMO_ACCOUNTS.admin)).is_admin, true);
    assert.equal((await me(DEMO_ACCOUNTS.show)).shows.length, 2);
    assert.ok((await me(DEMO_ACCOUNTS.guest)).guest);

    const pending = await me(DEMO_ACCOUNTS.pending);
    assert.equal(pending.status, 'pending');
    assert.equal(pending.terms_accepted_at, null);
  });
});

describe('formatPhone', () => {
  it('formats ten digits as (###) ###-####', () => {
    assert.equal(formatPhone('5125550100'), '(512) 555-0100');
    assert.equal(formatPhone(null), null);
  });
});
