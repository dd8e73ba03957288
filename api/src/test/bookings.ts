import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { BookingAction, BookingDetail } from '../contract';
import type { DB } from '../db/database';
import { interviewBooking, signedIn, userIdOf, type TestClient } from './harness';

// Helpers of the booking page's suites (issue 30): fresh interview times, the action calls, the
// page's read, and the team roles and account states the rules tell apart.

const DAY = 24 * 60 * 60 * 1000;

/**
 * A source of distinct UTC times, 'YYYY-MM-DD HH:mm:ss' as the browser sends them: on the hour,
 * three hours apart (no interview of the demo's lengths overlaps the next), from `fromDays`
 * days ahead. One per suite: its bookings' times never collide.
 */
export function timeSlots(fromDays = 30): () => string {
  let index = 0;
  return () => {
    const day = fromDays + Math.floor(index / 4);
    const hour = 8 + (index % 4) * 3;
    index += 1;
    const date = new Date(Date.now() + day * DAY);
    date.setUTCHours(hour, 0, 0, 0);
    return date.toISOString().slice(0, 19).replace('T', ' ');
  };
}

/** The test app's clock (the development clock of decision 116), read by `client`. */
export async function devClockNow(client: TestClient): Promise<Date> {
  const response = await client.get('/api/v1/dev/clock');
  assert.equal(response.statusCode, 200, response.body);
  return new Date((response.json() as { data: { now: string } }).data.now);
}

/**
 * Moves the test app's clock (`{advance_ms}`, `{now}` or `{reset: true}`); its sweeps run at
 * once, and the answer says what they did.
 */
export async function moveDevClock(
  client: TestClient,
  body: Record<string, unknown>,
): Promise<{ now: string; swept: Record<string, number> }> {
  const response = await client.post('/api/v1/dev/clock', body);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: { now: string; swept: Record<string, number> } }).data;
}

/** The ISO form the API answers for a 'YYYY-MM-DD HH:mm:ss' time. */
export const isoOf = (utc: string) => `${utc.replace(' ', 'T')}.000Z`;

let keys = 0;

/**
 * `booker` (signed in as the show's owner) books guest `guestId` for show `showId`, proposing
 * `proposed` (UTC 'YYYY-MM-DD HH:mm:ss' or instants), through POST /guests/{id}/book with a fresh
 * Idempotency-Key; the new booking's id.
 */
export async function bookInterview(
  db: DB,
  booker: TestClient,
  guestId: number,
  showId: number,
  proposed: readonly (string | Date)[],
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const times = proposed.map((time) =>
    typeof time === 'string' ? time : time.toISOString().slice(0, 19).replace('T', ' '),
  );
  const response = await booker.request('POST', `/api/v1/guests/${guestId}/book`, {
    headers: { 'Idempotency-Key': `booking-${process.pid}-${(keys += 1)}` },
    body: await interviewBooking(db, guestId, showId, times, overrides),
  });
  assert.equal(response.statusCode, 201, response.body);
  return (response.json() as { data: { id: number } }).data.id;
}

/** PATCH /bookings/{id}/{action}. */
export function patchBooking(
  client: TestClient,
  id: number,
  action: BookingAction,
  body: unknown = {},
) {
  return client.request('PATCH', `/api/v1/bookings/${id}/${action}`, { body });
}

/** PATCH that must succeed (200). */
export async function act(
  client: TestClient,
  id: number,
  action: BookingAction,
  body: unknown = {},
): Promise<void> {
  const response = await patchBooking(client, id, action, body);
  assert.equal(response.statusCode, 200, `${action}: ${response.body}`);
}

/** GET /bookings/{id} as `client` (200). */
export async function bookingPage(client: TestClient, id: number): Promise<BookingDetail> {
  const response = await client.get(`/api/v1/bookings/${id}`);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { data: BookingDetail }).data;
}

/** `memberEmail` joins the team of `ownerEmail` (Basic is stored as 'admin', account… §6). */
export async function joinTeam(
  db: DB,
  ownerEmail: string,
  memberEmail: string,
  role: 'admin' | 'agency',
): Promise<void> {
  const team = await db
    .selectFrom('teams')
    .select('id')
    .where('owner_id', '=', await userIdOf(db, ownerEmail))
    .executeTakeFirstOrThrow();
  await db
    .insertInto('team_members')
    .values({ team_id: team.id, user_id: await userIdOf(db, memberEmail), role })
    .execute();
}

/** Pauses (or resumes) an account. */
export async function setPaused(db: DB, email: string, paused: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ status: paused ? 'paused' : 'active' })
    .where('id', '=', await userIdOf(db, email))
    .execute();
}

/** A client signed in as `email`, impersonating `targetEmail`. */
export async function impersonating(
  app: FastifyInstance,
  db: DB,
  email: string,
  targetEmail: string,
): Promise<TestClient> {
  const client = await signedIn(app, email);
  const started = await client.post(`/api/v1/auth/impersonate/${await userIdOf(db, targetEmail)}`);
  assert.equal(started.statusCode, 200, started.body);
  return client;
}
