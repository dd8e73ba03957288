import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import type { DatabaseEvents, DB } from '../db/database';
import { DEMO_PASSWORD } from '../db/seed/seed';
import { openTestDatabase, type TestDatabaseOptions } from './test-db';

export interface TestContext {
  app: FastifyInstance;
  db: DB;
  /** The test database's notifications and writes, for a second app on it. */
  events: DatabaseEvents;
  close(): Promise<void>;
}

/** buildApp() over a fresh test database (`config` overrides settings); call close() in after(). */
export async function startTestApp({
  config,
  ...options
}: TestDatabaseOptions & { config?: Partial<AppConfig> } = {}): Promise<TestContext> {
  const database = await openTestDatabase(options);
  // Resumable uploads keep their bytes in a folder of their own (decision 086): a fresh one.
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-test-uploads-'));
  // Uploaded files too (decision 090): on local disk, whatever S3_BUCKET the shell may have.
  const media = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-test-media-'));
  const app = await buildApp({
    db: database.db,
    events: database,
    config: {
      sessionSecret: 'test-secret',
      recordingUploadDir: uploads,
      mediaDir: media,
      s3: null,
      // Suites book and guess codes more than a person would; limits.test.ts sets 1.
      bookingLimitScale: 1000,
      // No outbox worker: a test tells people when it says so (notify/outbox.ts drainOutbox).
      outboxPollMs: 0,
      ...config,
    },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    events: database,
    async close() {
      await app.close();
      await database.close();
      // Removed when the file's process exits, not now: tus's file store creates its folder
      // with an asynchronous mkdir that, on a busy machine, can still be running after close.
      process.once('exit', () => {
        fs.rmSync(uploads, { recursive: true, force: true });
        fs.rmSync(media, { recursive: true, force: true });
      });
    },
  };
}

/** A seeded user's id by email. */
export async function userIdOf(db: DB, email: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A seeded guest or show profile's id by name. */
export async function profileIdOf(
  db: DB,
  table: 'guest_profiles' | 'show_profiles',
  name: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The field errors of a 422 response. */
export function errorsOf(response: { json(): unknown }): Record<string, string[]> {
  return (response.json() as { errors: Record<string, string[]> }).errors;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const SAFE_METHODS = new Set<Method>(['GET', 'HEAD']);

export interface ParsedCookie {
  name: string;
  value: string;
  attributes: Map<string, string | true>;
}

export function parseSetCookies(response: LightMyRequestResponse): ParsedCookie[] {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map((line) => {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const index = pair.indexOf('=');
    return {
      name: pair.slice(0, index),
      value: decodeURIComponent(pair.slice(index + 1)),
      attributes: new Map(
        attributes.map((attribute) => {
          const [key = '', value] = attribute.split('=');
          return [key.toLowerCase(), value ?? true] as const;
        }),
      ),
    };
  });
}

/** A browser stand-in: keeps cookies, and echoes XSRF-TOKEN on unsafe calls like the SPA does. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: Method,
    url: string,
    {
      body,
      headers = {},
      csrf = true,
      remoteAddress,
    }: {
      body?: unknown;
      headers?: Record<string, string>;
      csrf?: boolean;
      /** the caller's address (per-network limits); 127.0.0.1 by default */
      remoteAddress?: string;
    } = {},
  ): Promise<LightMyRequestResponse> {
    const unsafe = !SAFE_METHODS.has(method);
    if (csrf && unsafe && !this.cookies.has('XSRF-TOKEN')) await this.fetchCsrfCookie();
    const xsrf = this.cookies.get('XSRF-TOKEN');
    const response = await this.app.inject({
      method,
      url,
      headers: {
        ...(csrf && unsafe && xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader() } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: body as Record<string, unknown> } : {}),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    for (const cookie of parseSetCookies(response)) {
      const expired = cookie.attributes.get('max-age') === '0' || cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  cookieHeader(): string {
    return [...this.cookies]
      .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
      .join('; ');
  }

  fetchCsrfCookie(): Promise<LightMyRequestResponse> {
    return this.request('GET', '/api/v1/sanctum/csrf-cookie');
  }

  get(url: string) {
    return this.request('GET', url);
  }

  post(url: string, body?: unknown) {
    return this.request('POST', url, body === undefined ? {} : { body });
  }

  async login(
    email: string,
    password = DEMO_PASSWORD,
    remember = false,
  ): Promise<LightMyRequestResponse> {
    const response = await this.post('/api/v1/auth/login', {
      email,
      password,
      remember_me: remember,
      device: 'spa',
    });
    if (response.statusCode !== 200) {
      throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
    }
    return response;
  }
}

/** A client already signed in as one of the demo accounts. */
export async function signedIn(app: FastifyInstance, email: string): Promise<TestClient> {
  const client = new TestClient(app);
  await client.login(email);
  return client;
}

/**
 * Opens a guest's calendar to every quarter hour of every day, from now on (UTC, no notice,
 * buffers or caps), keeping their interview durations and prices: a test may then propose any
 * future time on the quarter hour (a booking's proposals must be free slots, decision 104).
 */
export async function openAvailability(owner: TestClient, guestId: number): Promise<void> {
  const url = `/api/v1/guests/${guestId}/availability`;
  const current = await owner.get(url);
  if (current.statusCode !== 200) throw new Error(`${url}: ${current.statusCode} ${current.body}`);
  const settings = (current.json() as { data: Record<string, unknown> }).data;
  const saved = await owner.request('PUT', url, {
    body: {
      ...settings,
      type: 'unlimited',
      start_date: null,
      end_date: null,
      max_interviews_per_day: null,
      max_interviews_per_month: null,
      minimum_notice: 0,
      buffer_before: 0,
      buffer_after: 0,
      spot_increments: 15,
      timezone: 'UTC',
      rules: [0, 1, 2, 3, 4, 5, 6].map((wday) => ({
        type: 'wday',
        wday,
        intervals: [{ from: '00:00', to: '23:45' }],
      })),
    },
  });
  if (saved.statusCode !== 200) throw new Error(`${url}: ${saved.statusCode} ${saved.body}`);
}

/** A priced virtual interview of a guest, as the booking flow sends it. */
export interface InterviewChoice {
  booking_option_id: number;
  price_id: number;
  /** cents */
  amount: number;
  /** minutes */
  duration: number;
}

/**
 * The guest's cheapest virtual interview priced at least `atLeast` cents (saving their
 * availability gives its price a new id: read it again after).
 */
export async function cheapestInterview(
  db: DB,
  guestId: number,
  atLeast = 1,
): Promise<InterviewChoice> {
  const price = await db
    .selectFrom('guest_option_prices as op')
    .innerJoin('booking_options as bo', 'bo.id', 'op.booking_option_id')
    .select(['op.id', 'op.price', 'op.interview_duration', 'op.booking_option_id'])
    .where('op.guest_profile_id', '=', guestId)
    .where('bo.slug', '=', 'virtual-interview')
    .where('op.price', '>=', atLeast)
    .orderBy('op.price')
    .executeTakeFirstOrThrow();
  return {
    booking_option_id: price.booking_option_id,
    price_id: price.id,
    amount: price.price,
    duration: price.interview_duration,
  };
}

/** Each of the guest's booking questions answered, as the booking flow sends them. */
export async function bookingAnswers(
  db: DB,
  guestId: number,
): Promise<{ question_id: number; answer: string }[]> {
  const questions = await db
    .selectFrom('booking_questions')
    .select('id')
    .where('guest_profile_id', '=', guestId)
    .where('type', '=', 'booking')
    .execute();
  return questions.map((question) => ({ question_id: question.id, answer: 'An answer.' }));
}

/**
 * The body of a paid booking of `guestId` by the show `showId`: the guest's cheapest virtual
 * interview of at least $1, her questions answered, the proposals given and a test card.
 */
export async function interviewBooking(
  db: DB,
  guestId: number,
  showId: number,
  proposed: string[],
  overrides: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const option = await cheapestInterview(db, guestId, 100);
  return {
    show_profile_id: showId,
    proposed_dates: proposed,
    interview_duration: option.duration,
    questions: await bookingAnswers(db, guestId),
    payment_method: 'pm_card_visa',
    booking_options: [{ booking_option_id: option.booking_option_id, price_id: option.price_id }],
    source: 'web',
    ...overrides,
  };
}
