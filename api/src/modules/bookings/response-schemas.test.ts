import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app';
import { DEMO_BOOKING_CODES } from '../../db/seed/store-credit';
import {
  cheapestInterview,
  openAvailability,
  profileIdOf,
  signedIn,
  TestClient,
} from '../../test/harness';
import { openTestDatabase } from '../../test/test-db';

// The booking wing's routes declare response schemas (decisions 072 and 109), which Fastify
// serialises with fast-json-stringify. A response schema also filters: a key it does not
// declare is dropped, a value is coerced to its type. So for every booking route, the bytes
// sent must be exactly what the handler answered (JSON.stringify of it): one declaration, and
// nothing lost on the way.

let app: FastifyInstance;
let close: () => Promise<void>;
/** What each request's handler answered, before serialisation, by request id. */
const answered = new Map<string, unknown>();

let sofia: TestClient;
let maya: TestClient;
let mayaGuest: number;
let morningShow: number;
let sofiaShow: number;
let keys = 0;

before(async () => {
  const database = await openTestDatabase();
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-test-media-'));
  app = await buildApp({
    db: database.db,
    events: database,
    config: { sessionSecret: 'test-secret', mediaDir: media, s3: null, bookingLimitScale: 1000 },
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    answered.set(request.id, payload);
    return payload;
  });
  await app.ready();
  close = async () => {
    await app.close();
    await database.close();
    fs.rmSync(media, { recursive: true, force: true });
  };
  sofia = await signedIn(app, 'show@guestspot.test');
  maya = await signedIn(app, 'guest@guestspot.test');
  mayaGuest = await profileIdOf(database.db, 'guest_profiles', 'Maya Brooks');
  morningShow = await profileIdOf(database.db, 'show_profiles', 'Morning Momentum');
  sofiaShow = await profileIdOf(database.db, 'show_profiles', 'The Sofia Ramirez Show');
  await openAvailability(maya, mayaGuest);
});
after(() => close());

/** Sends the request and checks its body is the handler's answer, as JSON.stringify writes it. */
async function unchanged(
  client: TestClient,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
  status = 200,
) {
  answered.clear();
  const response = await client.request(method, url, init);
  assert.equal(response.statusCode, status, `${method} ${url}: ${response.body}`);
  assert.equal(answered.size, 1, `${method} ${url} answered once`);
  const [payload] = [...answered.values()];
  assert.equal(response.body, JSON.stringify(payload), `${method} ${url}`);
  return response.json();
}

function utc(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

async function bookMaya(days: number) {
  const option = await cheapestInterview(app.db, mayaGuest, 100);
  const body = {
    show_profile_id: morningShow,
    proposed_dates: [utc(days, 15), utc(days + 1, 15)],
    interview_duration: option.duration,
    code: DEMO_BOOKING_CODES.maya,
    store_credit_amount: 500,
    payment_method: 'pm_card_visa',
    booking_options: [{ booking_option_id: option.booking_option_id, price_id: option.price_id }],
    source: 'web',
  };
  const headers = { 'Idempotency-Key': `schemas-${(keys += 1)}` };
  const created = await unchanged(
    sofia,
    'POST',
    `/api/v1/guests/${mayaGuest}/book`,
    { body, headers },
    201,
  );
  // a retry with the same key answers the same booking, 200
  await unchanged(sofia, 'POST', `/api/v1/guests/${mayaGuest}/book`, { body, headers });
  return created.data.id as number;
}

describe('the booking routes answer exactly what their handlers return', () => {
  it('lists, reads and answers bookings on both sides', async () => {
    const id = await bookMaya(30);
    for (const client of [sofia, maya]) {
      await unchanged(client, 'GET', '/api/v1/bookings?limit=100');
      await unchanged(client, 'GET', `/api/v1/bookings/${id}`);
    }
    await unchanged(maya, 'PATCH', `/api/v1/bookings/${id}/confirm`, {
      body: { confirmed_date: utc(31, 15) },
    });
    await unchanged(maya, 'GET', `/api/v1/bookings/${id}`);
    await unchanged(sofia, 'PATCH', `/api/v1/bookings/${id}/cancel`, { body: { reason: 'Off.' } });
    await unchanged(sofia, 'GET', `/api/v1/bookings/${id}`);

    const rejected = await bookMaya(34);
    await unchanged(maya, 'PATCH', `/api/v1/bookings/${rejected}/reject`, { body: {} });
    const accepted = await bookMaya(38);
    await unchanged(maya, 'PATCH', `/api/v1/bookings/${accepted}/accept`, { body: {} });
    await unchanged(maya, 'GET', `/api/v1/bookings/${accepted}`);
  });

  it('answers the scheduling calls and the activity feed', async () => {
    const id = await bookMaya(42);
    await unchanged(maya, 'PATCH', `/api/v1/bookings/${id}/accept`, { body: {} });
    await unchanged(maya, 'PATCH', `/api/v1/bookings/${id}/propose-date`, {
      body: { proposed_dates: [utc(44, 15), utc(45, 15)] },
    });
    await unchanged(sofia, 'PATCH', `/api/v1/bookings/${id}/confirm`, {
      body: { confirmed_date: utc(45, 15) },
    });
    await unchanged(sofia, 'PATCH', `/api/v1/bookings/${id}/reschedule`, {
      body: { proposed_dates: [utc(46, 15)] },
    });
    await unchanged(maya, 'PATCH', `/api/v1/bookings/${id}/change-date`, {
      body: { confirmed_date: utc(47, 15) },
    });
    for (const client of [sofia, maya]) {
      await unchanged(client, 'GET', `/api/v1/bookings/${id}`);
      await unchanged(client, 'GET', `/api/v1/bookings/${id}/activities`);
      await unchanged(client, 'GET', `/api/v1/bookings/${id}/activities?sort=asc`);
    }
    const linked = await bookMaya(50);
    await unchanged(maya, 'PATCH', `/api/v1/bookings/${linked}/accept`, { body: {} });
    await unchanged(sofia, 'PATCH', `/api/v1/bookings/${linked}/scheduling-link`, {
      body: { url: 'https://cal.example.com/sofia' },
    });
    await unchanged(maya, 'GET', `/api/v1/bookings/${linked}/activities`);
    // The pending steps of a fresh request, for the invitee.
    const pending = await bookMaya(54);
    await unchanged(maya, 'GET', `/api/v1/bookings/${pending}/activities`);
    await unchanged(maya, 'GET', `/api/v1/bookings/${pending}`);
  });

  it('books a show, and answers the money calls', async () => {
    const price = await app.db
      .selectFrom('show_option_prices')
      .select(['id', 'booking_option_id', 'interview_duration'])
      .where('show_profile_id', '=', sofiaShow)
      .where('price', '>', 0)
      .orderBy('price')
      .executeTakeFirstOrThrow();
    const choices = {
      booking_option_id: price.booking_option_id,
      interview_duration: price.interview_duration,
    };
    await unchanged(maya, 'POST', `/api/v1/shows/${sofiaShow}/booking-quote`, {
      body: { guest_profile_id: mayaGuest, ...choices },
    });
    await unchanged(
      maya,
      'POST',
      `/api/v1/shows/${sofiaShow}/book`,
      {
        body: {
          guest_profile_id: mayaGuest,
          ...choices,
          booking_options: [{ booking_option_id: price.booking_option_id, price_id: price.id }],
          payment_method: 'pm_card_visa',
        },
        headers: { 'Idempotency-Key': `schemas-${(keys += 1)}` },
      },
      201,
    );

    const option = await cheapestInterview(app.db, mayaGuest, 100);
    await unchanged(sofia, 'POST', `/api/v1/guests/${mayaGuest}/booking-quote`, {
      body: {
        show_profile_id: morningShow,
        booking_option_id: option.booking_option_id,
        interview_duration: option.duration,
        code: DEMO_BOOKING_CODES.maya,
      },
    });
    await unchanged(sofia, 'GET', '/api/v1/balance');
    await unchanged(
      sofia,
      'GET',
      `/api/v1/guests/${mayaGuest}/booking-codes/${DEMO_BOOKING_CODES.maya}`,
    );
    await unchanged(sofia, 'GET', '/api/v1/booking-options');
    await unchanged(sofia, 'GET', '/api/v1/booking-type');
    await unchanged(sofia, 'GET', '/api/v1/referrer-coupons');
    const month = utc(30, 12).slice(0, 7);
    const slots = await unchanged(
      sofia,
      'GET',
      `/api/v1/guests/${mayaGuest}/availability/slots?month=${month}&timezone=America/Chicago`,
    );
    assert.ok(Object.keys(slots.data).length > 0, 'a month with slots');
  });
});
