import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AvailabilitySettings, GuestProfile, User } from '../../../contract';
import { DEMO_ACCOUNTS } from '../../../db/seed/seed';
import { signedIn, startTestApp, TestClient, type TestContext } from '../../../test/harness';

let ctx: TestContext;
before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

async function me(client: TestClient): Promise<User> {
  return (await client.get('/api/v1/users/me')).json<{ data: User }>().data;
}

const weekdays = [1, 2, 3, 4, 5].map((wday) => ({
  type: 'wday',
  wday,
  intervals: [{ from: '09:00', to: '17:00' }],
}));

function settings(overrides: Partial<AvailabilitySettings> = {}): AvailabilitySettings {
  return {
    interview_durations: [{ duration: 30, price: 0 }],
    type: 'unlimited',
    rolling_days: 30,
    start_date: null,
    end_date: null,
    max_interviews_per_day: 4,
    max_interviews_per_month: null,
    minimum_notice: 240,
    buffer_before: 60,
    buffer_after: 60,
    spot_increments: 60,
    timezone: 'America/Chicago',
    rules: weekdays as AvailabilitySettings['rules'],
    ...overrides,
  };
}

describe('GET /guests/{id}/availability', () => {
  it('answers the product defaults before anything is saved', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.standard);
    const created = await client.post('/api/v1/guests', { name: 'New Guest' });
    const guestId = created.json<{ data: GuestProfile }>().data.id;
    const response = await client.get(`/api/v1/guests/${guestId}/availability`);
    assert.equal(response.statusCode, 200, response.body);
    const user = await me(client);
    assert.deepEqual(
      response.json<{ data: AvailabilitySettings }>().data,
      settings({ timezone: user.timezone }),
    );
  });

  it('is for the owner and their team only', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const guestId = (await me(owner)).guest?.id;
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    assert.equal((await agency.get(`/api/v1/guests/${guestId}/availability`)).statusCode, 200);
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    assert.equal((await other.get(`/api/v1/guests/${guestId}/availability`)).statusCode, 403);
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.get(`/api/v1/guests/${guestId}/availability`)).statusCode, 401);
  });
});

describe('PUT /guests/{id}/availability', () => {
  it('saves the settings and the interview prices feed the profile’s prices', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    const body = settings({
      interview_durations: [
        { duration: 60, price: 15000 },
        { duration: 15, price: 2500 },
      ],
      type: 'date_range',
      start_date: '2030-01-01',
      end_date: '2030-03-31',
      max_interviews_per_month: 20,
      timezone: 'Europe/Berlin',
      rules: [
        {
          type: 'wday',
          wday: 2,
          intervals: [
            { from: '13:00', to: '17:00' },
            { from: '08:00', to: '12:00' },
          ],
        },
      ],
    });
    const response = await client.request('PUT', `/api/v1/guests/${guestId}/availability`, {
      body,
    });
    assert.equal(response.statusCode, 200, response.body);
    const saved = response.json<{ data: AvailabilitySettings }>().data;
    assert.deepEqual(saved.interview_durations, [
      { duration: 15, price: 2500 },
      { duration: 60, price: 15000 },
    ]);
    assert.equal(saved.start_date, '2030-01-01');
    assert.equal(saved.end_date, '2030-03-31');
    assert.deepEqual(saved.rules[0]?.intervals, [
      { from: '08:00', to: '12:00' },
      { from: '13:00', to: '17:00' },
    ]);
    const again = await client.get(`/api/v1/guests/${guestId}/availability`);
    assert.deepEqual(again.json<{ data: AvailabilitySettings }>().data, saved);

    const profile = (await client.get(`/api/v1/guests/${guestId}`)).json<{ data: GuestProfile }>()
      .data;
    const interview = profile.option_prices.find((option) => option.slug === 'virtual-interview');
    assert.equal(interview?.price, 2500);
  });

  it('answers field errors for invalid settings', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    const response = await client.request('PUT', `/api/v1/guests/${guestId}/availability`, {
      body: {
        ...settings(),
        interview_durations: [
          { duration: 20, price: 0 },
          { duration: 30, price: -1 },
          { duration: 60, price: 100 },
          { duration: 60, price: 200 },
        ],
        type: 'date_range',
        start_date: '2030-02-30',
        end_date: null,
        timezone: 'Mars/Olympus',
        rules: [
          { type: 'wday', wday: 1, intervals: [{ from: '10:00', to: '09:00' }] },
          {
            type: 'wday',
            wday: 2,
            intervals: [
              { from: '09:00', to: '12:00' },
              { from: '11:00', to: '13:00' },
            ],
          },
          { type: 'wday', wday: 9, intervals: [] },
        ],
      },
    });
    assert.equal(response.statusCode, 422);
    assert.deepEqual(response.json().errors, {
      start_date: ['The start date field must be a valid date.'],
      end_date: ['The end date field is required.'],
      timezone: ['The timezone field must be a valid timezone.'],
      'interview_durations.0.duration': ['The selected duration is invalid.'],
      'interview_durations.1.price': ['The interview durations.1.price field must be at least 0.'],
      'interview_durations.3.duration': ['Each interview duration can be listed once.'],
      'rules.0.intervals.0.to': ['The end time must be after the start time.'],
      'rules.1.intervals': ['The time intervals overlap.'],
      'rules.2.wday': ['The wday field must be between 0 and 6.'],
    });
    const none = await client.request('PUT', `/api/v1/guests/${guestId}/availability`, {
      body: { ...settings(), interview_durations: [] },
    });
    assert.deepEqual(none.json().errors, {
      interview_durations: ['At least one interview duration is required.'],
    });
  });

  it('answers the schema’s and the rules’ messages together, in the form’s order', async () => {
    const client = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(client)).guest?.id;
    const { rolling_days: _unused, ...withoutDays } = settings();
    const response = await client.request('PUT', `/api/v1/guests/${guestId}/availability`, {
      body: {
        ...withoutDays,
        type: 'rolling',
        rules: '',
        spot_increments: 1,
        buffer_before: 'x',
        interview_durations: [{ duration: '30', price: '1.5' }],
        max_interviews_per_day: 0,
        start_date: '2030-1-1',
      },
    });
    assert.equal(response.statusCode, 422);
    const body = response.json<{ message: string; errors: Record<string, string[]> }>();
    assert.equal(body.message, 'The rolling days field is required.');
    assert.deepEqual(body.errors, {
      rolling_days: ['The rolling days field is required.'],
      start_date: ['The start date field must be a valid date.'],
      'interview_durations.0.price': ['The interview durations.0.price field must be an integer.'],
      max_interviews_per_day: ['The max interviews per day field must be at least 1.'],
      buffer_before: ['The buffer before field must be an integer.'],
      spot_increments: ['The spot increments field must be at least 5.'],
      rules: ['The rules field must be a list of at most 7 weekdays.'],
    });
    assert.deepEqual(Object.keys(body.errors), [
      'rolling_days',
      'start_date',
      'interview_durations.0.price',
      'max_interviews_per_day',
      'buffer_before',
      'spot_increments',
      'rules',
    ]);
    // a refused value is not also "required"
    const refused = await client.request('PUT', `/api/v1/guests/${guestId}/availability`, {
      body: { ...settings(), type: 'rolling', rolling_days: 0, timezone: null },
    });
    assert.deepEqual(refused.json().errors, {
      rolling_days: ['The rolling days field must be at least 1.'],
      timezone: ['The timezone field is required.'],
    });
  });

  it('answers who may change them before what was sent: 401, 404, 403, then 422', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.guest);
    const guestId = (await me(owner)).guest?.id;
    const bad = { body: { type: 'bogus' } };
    const path = (id: unknown) => `/api/v1/guests/${String(id)}/availability`;
    const visitor = new TestClient(ctx.app);
    assert.equal((await visitor.request('PUT', path('abc'), bad)).statusCode, 401);
    assert.equal((await visitor.get(path('abc'))).statusCode, 401);
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    assert.equal((await other.request('PUT', path('abc'), bad)).statusCode, 404);
    assert.equal((await other.request('PUT', path(99_999_999), bad)).statusCode, 404);
    assert.equal((await other.request('PUT', path(guestId), bad)).statusCode, 403);
    assert.equal((await owner.request('PUT', path(guestId), bad)).statusCode, 422);
  });

  it('checks permissions and CSRF', async () => {
    const owner = await signedIn(ctx.app, DEMO_ACCOUNTS.pro);
    const guestId = (await me(owner)).guest?.id;
    const agency = await signedIn(ctx.app, DEMO_ACCOUNTS.agency);
    const byAgency = await agency.request('PUT', `/api/v1/guests/${guestId}/availability`, {
      body: settings(),
    });
    assert.equal(byAgency.statusCode, 200, byAgency.body);
    const other = await signedIn(ctx.app, DEMO_ACCOUNTS.show);
    const byOther = await other.request('PUT', `/api/v1/guests/${guestId}/availability`, {
      body: settings(),
    });
    assert.equal(byOther.statusCode, 403);
    const noCsrf = await owner.request('PUT', `/api/v1/guests/${guestId}/availability`, {
      body: settings(),
      csrf: false,
    });
    assert.equal(noCsrf.statusCode, 419);
  });
});
