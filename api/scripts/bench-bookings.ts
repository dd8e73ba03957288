import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type {
  AvailabilitySettings,
  AvailabilitySlots,
  Booking,
  BookingDetail,
  BookingPrice,
  BookingStatus,
  OptionPricesDetail,
  User,
} from '../src/contract';
import { API_ROOT } from '../src/config';
import { openConfiguredDatabase } from '../src/db/open-configured';
import { checkLedger } from '../src/modules/booking-money/ledger-check';
import { checkScheduling, lastBookingId } from './bench-bookings-checks';

// Write load on the booking routes (issue 34 §2, decision 122): BENCH_USERS (50) users, half
// guests and half shows of the large seed, each a loop of what people do with bookings for
// BENCH_SECONDS (60): book a paid booking (slots, the server's quote, the create with the local
// provider's test card), accept with a date or reject, propose and confirm dates, write in the
// booking's chat, cancel, with races on purpose (several shows booking one slot and confirming
// it at once, one booking answered twice at once, both sides cancelling at once, one create sent
// three times with its Idempotency-Key). Then, with the API stopped, the standing money check
// (checkLedger) and the scheduling checks (bench-bookings-checks.ts) on the database itself.
// PostgreSQL 15 with API_PROCESSES=2, then PGlite; each on a throw-away database.
//   npm run bench:bookings
//   BENCH_SECONDS=10 npm run bench:bookings          (a short run)
//   BENCH_POSTGRES=0 / BENCH_PGLITE=0                (skip one database)
//   DATABASE_URL=postgres://…                        (that PostgreSQL, seeded; else one started
//                                                     as CI starts it, .ci/start-postgres.sh)
// A 5xx (or no answer within a minute), a race won twice, a ledger or scheduling violation, or a
// 4xx the run does not expect (400, 401, 403, 404) exits non-zero; 409, 422 and 429 are the
// contention's answers. Each database's phase is bounded (BENCH_SECONDS + 155 s); on a failure the
// API's and PostgreSQL's logs are kept in $TMPDIR/guestspot-bench-bookings-logs.

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
/** Load before the measured seconds: the first burst, every user booking at once, is not timed. */
const WARMUP_SECONDS = 5;
const USERS = Number(process.env.BENCH_USERS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 4730);
/** Each database's phase (seed, start, sign-in, load, checks) ends by then, or everything stops. */
const PHASE_LIMIT_MS =
  (WARMUP_SECONDS + SECONDS + Number(process.env.BENCH_SLACK_SECONDS ?? 150)) * 1000;
/** An answer slower than this counts as none (a failure); the phase limit bounds the rest. */
const REQUEST_TIMEOUT_MS = Number(process.env.BENCH_REQUEST_TIMEOUT_SECONDS ?? 60) * 1000;
const PASSWORD = 'Password123';
/** The local provider's card that succeeds (payments/cards.ts). */
const TEST_CARD = 'pm_card_visa';
const DURATION = 30;
/** The large seed's owners (db/seed/large.ts). */
const LARGE_DOMAIN = 'large.guestspot.test';
/**
 * POST …/book per user in a run: the booking limit allows 41 an hour (decision 105), and each
 * create in flight holds 10 points until it is answered, so a user's concurrent creates (their
 * own three-times-sent one, another user's race booking as them) need room: the races take
 * users with at most RACE_POSTS_MAX.
 */
const BOOKING_POSTS_MAX = 35;
const RACE_POSTS_MAX = 12;
/** Messages per user in any minute: the limit is 30 (messages/limits.ts). */
const MESSAGES_PER_MINUTE = 25;
/** Proposals come from the first days of next month's slots, so shows meet on them. */
const SLOT_DAYS = 5;
/** This benchmark's own PostgreSQL, apart from the tests' and bench:browse's. */
const BENCH_PG = {
  PG_CI_PORT: '55443',
  PG_CI_DB: 'guestspot_bench_bookings',
  PG_CI_DIR: path.join(os.tmpdir(), 'guestspot-postgres-55443'),
};
const REPO_ROOT = path.resolve(API_ROOT, '..');
/** The answers contention is expected to give: taken, changed meanwhile, over a limit. */
const EXPECTED_4XX = new Set([409, 422, 429]);
/**
 * Who may confirm follows the open proposals (decision 111): once another request confirmed
 * them, the booking's initiator is refused as the wrong side (403), not by its state (409).
 */
const expected4xx = (action: string, status: number) =>
  EXPECTED_4XX.has(status) || (status === 403 && action.includes('confirm'));

type Side = 'guest' | 'show';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function sample<T>(items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    out.push(pool.splice(Math.floor(Math.random() * pool.length), 1)[0]!);
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// ---- Cleaning up, whatever happens ----

const cleanups = new Map<string, () => void>();

function cleanUp() {
  for (const [name, clean] of [...cleanups].reverse()) {
    try {
      clean();
    } catch (error) {
      console.error(`bench:bookings: cleaning up ${name} failed:`, error);
    }
  }
  cleanups.clear();
}

let watchdog: NodeJS.Timeout | null = null;

/** From now on the phase has `ms`: then everything started is stopped and the run fails. */
function armWatchdog(label: string, ms: number) {
  if (watchdog) clearTimeout(watchdog);
  watchdog = setTimeout(() => {
    console.error(`bench:bookings: ${label} did not finish within ${ms / 1000} s; stopping.`);
    cleanUp();
    process.exit(2);
  }, ms);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

// ---- HTTP: node:http on kept-alive connections (fetch costs the shared cores more) ----

const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });

interface Session {
  cookie: string;
  xsrf: string;
  /** the user's own address (X-Forwarded-For, believed from loopback: decision 064) */
  address: string;
}

interface Answer {
  /** 0: no answer (refused connection, or REQUEST_TIMEOUT_MS) */
  status: number;
  data: unknown;
  text: string;
  ms: number;
  cookies: string[];
}

function send(
  base: string,
  session: Session | null,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          accept: 'application/json',
          ...(session
            ? {
                cookie: session.cookie,
                'x-xsrf-token': session.xsrf,
                'x-forwarded-for': session.address,
              }
            : {}),
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let data: unknown = null;
          try {
            data = text ? JSON.parse(text) : null;
          } catch {
            // not JSON: kept as text
          }
          resolve({
            status: response.statusCode ?? 0,
            data,
            text,
            ms: performance.now() - started,
            cookies: response.headers['set-cookie'] ?? [],
          });
        });
        response.once('error', (error) =>
          resolve({ status: 0, data: null, text: String(error), ms: 0, cookies: [] }),
        );
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.once('error', (error) =>
      resolve({
        status: 0,
        data: null,
        text: String(error),
        ms: performance.now() - started,
        cookies: [],
      }),
    );
    request.end(payload);
  });
}

function remember(jar: Map<string, string>, cookies: string[]) {
  for (const line of cookies) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
  }
}

/** The SPA's sign-in: the CSRF cookie, then the login, from the user's own address. */
async function signIn(base: string, email: string, address: string): Promise<Session> {
  const jar = new Map<string, string>();
  const bare: Session = { cookie: '', xsrf: '', address };
  remember(jar, (await send(base, bare, 'GET', '/sanctum/csrf-cookie')).cookies);
  const header = () =>
    [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('; ');
  const login = await send(
    base,
    { cookie: header(), xsrf: jar.get('XSRF-TOKEN') ?? '', address },
    'POST',
    '/auth/login',
    { email, password: PASSWORD },
  );
  if (login.status !== 200) throw new Error(`login ${email}: ${login.status} ${login.text}`);
  remember(jar, login.cookies);
  return { cookie: header(), xsrf: jar.get('XSRF-TOKEN') ?? '', address };
}

// ---- What is measured ----

interface ActionStats {
  ms: number[];
  statuses: Map<number, number>;
  /** why 4xx answers refused: 'status message' → how many */
  refusals: Map<string, number>;
}

interface Failure {
  action: string;
  request: string;
  body: unknown;
  status: number;
  answer: string;
}

class Stats {
  readonly actions = new Map<string, ActionStats>();
  /** 5xx: the run's violations */
  readonly serverErrors: Failure[] = [];
  /** no answer within REQUEST_TIMEOUT_MS (or a refused connection) */
  readonly unanswered: Failure[] = [];
  /** 400, 401, 403, 404: the benchmark asked for something it should not have */
  readonly unexpected: Failure[] = [];
  /** false during the warm-up: only failures count then */
  measuring = false;

  record(action: string, request: string, body: unknown, answer: Answer) {
    const failure = { action, request, body, status: answer.status, answer: answer.text };
    if (answer.status >= 500) this.serverErrors.push(failure);
    else if (answer.status === 0) this.unanswered.push(failure);
    else if (answer.status >= 400 && !expected4xx(action, answer.status)) {
      this.unexpected.push(failure);
    }
    if (!this.measuring) return;
    let stats = this.actions.get(action);
    if (!stats) {
      this.actions.set(action, (stats = { ms: [], statuses: new Map(), refusals: new Map() }));
    }
    stats.ms.push(answer.ms);
    stats.statuses.set(answer.status, (stats.statuses.get(answer.status) ?? 0) + 1);
    if (answer.status >= 400 && answer.status < 500) {
      const message = (answer.data as { message?: string } | null)?.message ?? answer.text;
      const why = `${answer.status} ${message.slice(0, 90)}`;
      stats.refusals.set(why, (stats.refusals.get(why) ?? 0) + 1);
    }
  }
}

// ---- The users and what they know of their bookings ----

interface Account {
  email: string;
  side: Side;
  userId: number;
  profileId: number;
  session: Session;
  /** the option others book this profile with: a guest's virtual interview, a show's appearance */
  optionId: number;
  bookingPosts: number;
  messagesSent: number[];
}

interface Tracked {
  id: number;
  guest: Account;
  show: Account;
  initiator: Side;
  /** as last answered to anyone: the next read may say otherwise */
  status: BookingStatus;
}

interface World {
  base: string;
  guests: Account[];
  shows: Account[];
  bookings: Map<number, Tracked>;
  stats: Stats;
  /** races that more than one request won, and creates that answered two bookings for one key */
  raceViolations: string[];
  races: Map<string, { runs: number; won: number; none: number }>;
  /** next month, 'YYYY-MM': the slots proposals are picked from */
  month: string;
  deadline: number;
}

const accountOf = (booking: Tracked, side: Side) =>
  side === 'guest' ? booking.guest : booking.show;
const isSideOf = (booking: Tracked, me: Account) => accountOf(booking, me.side) === me;

async function call(
  world: World,
  action: string,
  me: Account,
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Answer> {
  const answer = await send(world.base, me.session, method, url, body, headers);
  world.stats.record(action, `${method} ${url}`, body, answer);
  return answer;
}

const dataOf = <T>(answer: Answer) => (answer.data as { data: T }).data;

function track(world: World, answer: Answer, guest: Account, show: Account, initiator: Side) {
  if (answer.status !== 200 && answer.status !== 201) return;
  const booking = dataOf<Booking>(answer);
  world.bookings.set(booking.id, {
    id: booking.id,
    guest,
    show,
    initiator,
    status: booking.status,
  });
}

/** What an action's answer says of the booking now. */
function update(world: World, id: number, answer: Answer) {
  const tracked = world.bookings.get(id);
  if (!tracked || answer.status !== 200) return;
  const { status } = dataOf<Booking>(answer);
  if (status === 'canceled' || status === 'expired') world.bookings.delete(id);
  else tracked.status = status;
}

function candidates(world: World, test: (booking: Tracked) => boolean): Tracked[] {
  return [...world.bookings.values()].filter(test);
}

/** The booking page's read, as a user opens it before answering. */
async function readBooking(world: World, me: Account, id: number): Promise<BookingDetail | null> {
  const answer = await call(world, 'read booking', me, 'GET', `/bookings/${id}`);
  if (answer.status !== 200) return null;
  const detail = dataOf<BookingDetail>(answer);
  const tracked = world.bookings.get(id);
  if (tracked) {
    if (detail.status === 'canceled' || detail.status === 'expired') world.bookings.delete(id);
    else tracked.status = detail.status;
  }
  return detail;
}

/** Free starts (UTC 'YYYY-MM-DD HH:mm:ss') in the first SLOT_DAYS days of next month. */
async function freeSlots(world: World, me: Account, guest: Account): Promise<string[]> {
  const answer = await call(
    world,
    'slots',
    me,
    'GET',
    `/guests/${guest.profileId}/availability/slots?month=${world.month}&timezone=UTC&duration=${DURATION}`,
  );
  if (answer.status !== 200) return [];
  const days = dataOf<AvailabilitySlots>(answer);
  return Object.keys(days)
    .sort()
    .slice(0, SLOT_DAYS)
    .flatMap((day) => (days[day] ?? []).map((slot) => slot.utc));
}

const futureProposals = (detail: BookingDetail) =>
  detail.proposals.filter((proposal) => new Date(proposal.starts_at).getTime() > Date.now());

// ---- Booking ----

async function quote(world: World, me: Account, target: Account): Promise<BookingPrice | null> {
  const answer = await call(
    world,
    'quote',
    me,
    'POST',
    `/${target.side}s/${target.profileId}/booking-quote`,
    {
      [me.side === 'show' ? 'show_profile_id' : 'guest_profile_id']: me.profileId,
      booking_option_id: target.optionId,
      interview_duration: DURATION,
      store_credit_amount: 0,
    },
  );
  return answer.status === 200 ? dataOf<BookingPrice>(answer) : null;
}

/** The create's body as the booking flow sends it: the quoted card amount, the test card. */
function bookingBody(me: Account, target: Account, price: BookingPrice, proposed: string[]) {
  return {
    ...(me.side === 'show'
      ? { show_profile_id: me.profileId, proposed_dates: proposed }
      : { guest_profile_id: me.profileId }),
    interview_duration: DURATION,
    store_credit_amount: 0,
    card_amount: price.cardAmount,
    ...(price.requiresCard ? { payment_method: TEST_CARD } : {}),
    booking_options: [{ booking_option_id: target.optionId }],
    source: 'web',
    is_pitch: false,
    wants_guaranteed_response: false,
  };
}

function postBooking(
  world: World,
  action: string,
  me: Account,
  target: Account,
  body: unknown,
  key: string,
) {
  me.bookingPosts += 1;
  return call(world, action, me, 'POST', `/${target.side}s/${target.profileId}/book`, body, {
    'idempotency-key': key,
  });
}

function countRace(world: World, kind: string, won: number) {
  const race = world.races.get(kind) ?? { runs: 0, won: 0, none: 0 };
  race.runs += 1;
  if (won === 1) race.won += 1;
  if (won === 0) race.none += 1;
  world.races.set(kind, race);
}

/**
 * One create sent three times at once with one Idempotency-Key (a double click, a retry after a
 * timeout): every answer must be the same booking, and only one of them a 201.
 */
async function bookThrice(world: World, me: Account, target: Account, body: unknown) {
  const key = randomUUID();
  const answers = await Promise.all(
    [0, 1, 2].map(() => postBooking(world, 'book: same key ×3', me, target, body, key)),
  );
  const booked = answers.filter((answer) => answer.status === 200 || answer.status === 201);
  const ids = new Set(booked.map((answer) => dataOf<Booking>(answer).id));
  const created = answers.filter((answer) => answer.status === 201).length;
  countRace(world, 'same Idempotency-Key ×3', created);
  if (ids.size > 1 || created > 1) {
    world.raceViolations.push(
      `one Idempotency-Key, three creates: ${created} answered 201, bookings ${[...ids].join(', ')} (POST /${target.side}s/${target.profileId}/book)`,
    );
  }
  return booked[0];
}

/** Slots, the quote, the create: a show books a guest (with 1-3 proposals) or a guest a show. */
async function book(world: World, me: Account): Promise<boolean> {
  if (me.bookingPosts >= BOOKING_POSTS_MAX) return false;
  const target = me.side === 'show' ? pick(world.guests) : pick(world.shows);
  let proposed: string[] = [];
  if (me.side === 'show') {
    const slots = await freeSlots(world, me, target);
    if (slots.length === 0) return true;
    proposed = sample(slots, randomInt(1, 3));
  }
  const price = await quote(world, me, target);
  if (!price) return true;
  const body = bookingBody(me, target, price, proposed);
  const [guest, show] = me.side === 'show' ? [target, me] : [me, target];
  let answer: Answer | undefined;
  if (me.bookingPosts <= RACE_POSTS_MAX && Math.random() < 0.1) {
    answer = await bookThrice(world, me, target, body);
  } else {
    const key = randomUUID();
    answer = await postBooking(world, 'book', me, target, body, key);
    if (answer.status === 201 && Math.random() < 0.05) {
      // the same create again later (a reload of the confirmation step): the same booking
      const again = await postBooking(world, 'book: retried key', me, target, body, key);
      const first = dataOf<Booking>(answer).id;
      const other = again.status === 200 && dataOf<Booking>(again).id !== first;
      if (again.status === 201 || other) {
        world.raceViolations.push(
          `a retried Idempotency-Key answered ${again.status} (booking ${first}): ${again.text.slice(0, 200)}`,
        );
      }
    }
  }
  if (answer) track(world, answer, guest, show, me.side);
  return true;
}

// ---- Answering, scheduling, the chat, cancelling ----

/**
 * One of the pending requests `me` is the invitee of, read afresh, and the future dates its invitee
 * may confirm: 'none' when there is none, 'gone' when it was answered meanwhile.
 */
async function pendingRequestOf(world: World, me: Account) {
  const pending = candidates(
    world,
    (booking) =>
      booking.status === 'pending' && booking.initiator !== me.side && isSideOf(booking, me),
  );
  if (pending.length === 0) return 'none' as const;
  const { id } = pick(pending);
  const detail = await readBooking(world, me, id);
  if (!detail || detail.status !== 'pending') return 'gone' as const;
  const dates = detail.allowed_actions.includes('confirm') ? futureProposals(detail) : [];
  return { id, dates };
}

/** The invitee of a pending request: confirms one of its dates (accepting it), accepts, rejects. */
async function answerRequest(world: World, me: Account): Promise<boolean> {
  const request = await pendingRequestOf(world, me);
  if (request === 'none') return false;
  if (request === 'gone') return true;
  const { id, dates } = request;
  const roll = Math.random();
  let answer: Answer;
  if (dates.length > 0 && roll < 0.6) {
    answer = await call(world, 'confirm (accepts)', me, 'PATCH', `/bookings/${id}/confirm`, {
      confirmed_date: pick(dates).starts_at,
    });
  } else if (roll < 0.85) {
    answer = await call(world, 'accept', me, 'PATCH', `/bookings/${id}/accept`);
  } else {
    answer = await call(world, 'reject', me, 'PATCH', `/bookings/${id}/reject`, {
      reason: 'Not a fit for the season.',
    });
  }
  update(world, id, answer);
  return true;
}

/** An accepted booking without a date: propose 1-3 of the guest's slots, or confirm the other's. */
async function schedule(world: World, me: Account): Promise<boolean> {
  const accepted = candidates(
    world,
    (booking) => booking.status === 'accepted' && isSideOf(booking, me),
  );
  if (accepted.length === 0) return false;
  const tracked = pick(accepted);
  const detail = await readBooking(world, me, tracked.id);
  if (!detail || detail.status !== 'accepted') return true;
  const dates = futureProposals(detail);
  if (detail.allowed_actions.includes('confirm') && dates.length > 0) {
    const answer = await call(world, 'confirm', me, 'PATCH', `/bookings/${tracked.id}/confirm`, {
      confirmed_date: pick(dates).starts_at,
    });
    update(world, tracked.id, answer);
  } else if (detail.allowed_actions.includes('propose-date') && detail.proposed_by === null) {
    const slots = await freeSlots(world, me, tracked.guest);
    if (slots.length === 0) return true;
    const answer = await call(
      world,
      'propose-date',
      me,
      'PATCH',
      `/bookings/${tracked.id}/propose-date`,
      { proposed_dates: sample(slots, randomInt(1, 3)) },
    );
    update(world, tracked.id, answer);
  }
  return true;
}

async function message(world: World, me: Account): Promise<boolean> {
  const now = Date.now();
  me.messagesSent = me.messagesSent.filter((at) => at > now - 61_000);
  if (me.messagesSent.length >= MESSAGES_PER_MINUTE) return false;
  const live = candidates(
    world,
    (booking) => booking.status !== 'completed' && isSideOf(booking, me),
  );
  if (live.length === 0) return false;
  const { id } = pick(live);
  me.messagesSent.push(now);
  await call(world, 'message', me, 'POST', `/bookings/${id}/messages`, {
    body: `Looking forward to it. A question about the format (${randomUUID().slice(0, 8)}).`,
  });
  return true;
}

/** The initiator withdraws a pending request, or either side calls off an accepted one. */
async function cancel(world: World, me: Account): Promise<boolean> {
  const cancelable = candidates(
    world,
    (booking) =>
      isSideOf(booking, me) &&
      ((booking.status === 'pending' && booking.initiator === me.side) ||
        booking.status === 'accepted' ||
        booking.status === 'scheduled'),
  );
  if (cancelable.length === 0) return false;
  const { id } = pick(cancelable);
  const answer = await call(world, 'cancel', me, 'PATCH', `/bookings/${id}/cancel`, {
    reason: 'Our plans changed.',
  });
  update(world, id, answer);
  return true;
}

// ---- Races on purpose ----

/** `answers` of one race: more than one 200 where only one may win is a violation. */
function judge(world: World, kind: string, ids: number[], answers: Answer[], oneWinner = true) {
  const won = answers.filter((answer) => answer.status === 200).length;
  countRace(world, kind, won);
  if (oneWinner && won > 1) {
    world.raceViolations.push(
      `${kind}: ${won} requests won (booking ${ids.join(', ')}; answers ${answers.map((answer) => answer.status).join(', ')})`,
    );
  }
}

/**
 * Three or four shows book one guest for the same single slot at once, then either the guest
 * confirms all of them at once, or accepts them, proposes that slot back to each, and the shows
 * confirm at once: one time of the guest's, at most one winner.
 */
async function raceSameSlot(world: World, me: Account): Promise<boolean> {
  const others = sample(
    world.shows.filter((show) => show !== me && show.bookingPosts <= RACE_POSTS_MAX),
    randomInt(2, 3),
  );
  if (others.length < 2 || me.bookingPosts > RACE_POSTS_MAX) return false;
  const guest = pick(world.guests);
  const slots = await freeSlots(world, me, guest);
  const price = slots.length > 0 ? await quote(world, me, guest) : null;
  if (!price) return true;
  const slot = pick(slots);
  const shows = [me, ...others];
  const created = await Promise.all(
    shows.map((show) =>
      postBooking(
        world,
        'race: book one slot',
        show,
        guest,
        bookingBody(show, guest, price, [slot]),
        randomUUID(),
      ),
    ),
  );
  const ids: number[] = [];
  const showOf = new Map<number, Account>();
  created.forEach((answer, index) => {
    track(world, answer, guest, shows[index]!, 'show');
    if (answer.status !== 201) return;
    ids.push(dataOf<Booking>(answer).id);
    showOf.set(dataOf<Booking>(answer).id, shows[index]!);
  });
  if (ids.length < 2) return true;
  const body = { confirmed_date: slot };
  if (Math.random() < 0.5) {
    const answers = await Promise.all(
      ids.map((id) =>
        call(world, 'race: confirm one slot', guest, 'PATCH', `/bookings/${id}/confirm`, body),
      ),
    );
    ids.forEach((id, index) => update(world, id, answers[index]!));
    judge(world, 'one slot, the guest confirms every booking at once', ids, answers);
    return true;
  }
  const proposedBack: number[] = [];
  for (const id of ids) {
    const accepted = await call(world, 'accept', guest, 'PATCH', `/bookings/${id}/accept`);
    update(world, id, accepted);
    if (accepted.status !== 200) continue;
    const proposed = await call(
      world,
      'propose-date',
      guest,
      'PATCH',
      `/bookings/${id}/propose-date`,
      { proposed_dates: [slot] },
    );
    if (proposed.status === 200) proposedBack.push(id);
  }
  if (proposedBack.length < 2) return true;
  const answers = await Promise.all(
    proposedBack.map((id) =>
      call(
        world,
        'race: confirm one slot',
        showOf.get(id)!,
        'PATCH',
        `/bookings/${id}/confirm`,
        body,
      ),
    ),
  );
  proposedBack.forEach((id, index) => update(world, id, answers[index]!));
  judge(world, 'one slot, several shows confirm at once', proposedBack, answers);
  return true;
}

/**
 * One pending request answered twice or three times at once by its invitee (two tabs, a double
 * click): confirm ×3, accept ×2 and accept against reject have one winner at most; accept
 * against confirm may both pass (accepted, then scheduled), the after-checks judge that one.
 */
async function raceSameBooking(world: World, me: Account): Promise<boolean> {
  const request = await pendingRequestOf(world, me);
  if (request === 'none') return false;
  if (request === 'gone') return true;
  const { id, dates } = request;
  const confirm = () => ({ verb: 'confirm', body: { confirmed_date: dates[0]!.starts_at } });
  const accept = () => ({ verb: 'accept', body: undefined });
  const reject = () => ({ verb: 'reject', body: { reason: 'Changed my mind.' } });
  const kinds = [
    { name: 'accept ×2', calls: [accept(), accept()], oneWinner: true },
    { name: 'accept vs reject', calls: [accept(), reject()], oneWinner: true },
    ...(dates.length > 0
      ? [
          { name: 'confirm ×3', calls: [confirm(), confirm(), confirm()], oneWinner: true },
          { name: 'accept vs confirm', calls: [accept(), confirm()], oneWinner: false },
          { name: 'confirm vs reject', calls: [confirm(), reject()], oneWinner: true },
        ]
      : []),
  ];
  const kind = pick(kinds);
  const answers = await Promise.all(
    kind.calls.map(({ verb, body }) =>
      call(world, `race: ${kind.name}`, me, 'PATCH', `/bookings/${id}/${verb}`, body),
    ),
  );
  for (const answer of answers) update(world, id, answer);
  judge(world, `one booking, ${kind.name} at once`, [id], answers, kind.oneWinner);
  return true;
}

/** Both sides call off one accepted or scheduled booking at the same moment. */
async function raceBothCancel(world: World, me: Account): Promise<boolean> {
  const live = candidates(
    world,
    (booking) =>
      (booking.status === 'accepted' || booking.status === 'scheduled') && isSideOf(booking, me),
  );
  if (live.length === 0) return false;
  const booking = pick(live);
  const answers = await Promise.all(
    [booking.guest, booking.show].map((side) =>
      call(world, 'race: both sides cancel', side, 'PATCH', `/bookings/${booking.id}/cancel`, {
        reason: 'Called off.',
      }),
    ),
  );
  for (const answer of answers) update(world, booking.id, answer);
  judge(world, 'one booking, both sides cancel at once', [booking.id], answers);
  return true;
}

async function race(world: World, me: Account): Promise<boolean> {
  const roll = Math.random();
  if (me.side === 'show' && roll < 0.5) return raceSameSlot(world, me);
  if (roll < 0.8) return raceSameBooking(world, me);
  return raceBothCancel(world, me);
}

// ---- The virtual user ----

type Step = (world: World, me: Account) => Promise<boolean>;

/** The mix: weights of what a user does next (a step with nothing to do gives way to another). */
const STEPS: [Step, number][] = [
  [book, 3],
  [answerRequest, 3],
  [schedule, 2],
  [message, 3],
  [cancel, 1],
  [race, 1],
];
const TOTAL_WEIGHT = STEPS.reduce((sum, [, weight]) => sum + weight, 0);

function nextStep(): Step {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [step, weight] of STEPS) {
    roll -= weight;
    if (roll < 0) return step;
  }
  return book;
}

async function virtualUser(world: World, me: Account) {
  while (Date.now() < world.deadline) {
    const done = await nextStep()(world, me);
    // nothing to do yet (no bookings of theirs in that state): a moment, as a person would
    if (!done) await sleep(50);
  }
}

// ---- Starting things ----

interface Database {
  label: string;
  /** the API's and the seed's database settings */
  env: Record<string, string>;
  processes: number;
  /** the database server's log, kept with the API's when the run fails */
  serverLog?: string;
  stop: () => void;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: API_ROOT,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    cleanups.set('seed', () => child.kill('SIGKILL'));
    child.once('error', reject);
    child.once('exit', (code) => {
      cleanups.delete('seed');
      if (code === 0) resolve();
      else reject(new Error(`${args.join(' ')} exited with ${code}`));
    });
  });
}

/** The API in its own process group (its workers too), its log in `logFile`. */
function startApi(env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env,
    detached: true,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const group = child.pid;
  cleanups.set('api', () => {
    if (group === undefined) return;
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  return child;
}

/** SIGTERM to the API (it stops its workers), then the whole group for certain. */
async function stopApi(child: ChildProcess) {
  if (child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(15_000)]);
  }
  cleanups.get('api')?.();
  cleanups.delete('api');
}

async function waitForApi(base: string, child: ChildProcess, logFile: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the API exited with ${child.exitCode}:\n${tail(logFile, 40)}`);
    }
    const answer = await send(base, null, 'GET', '/health');
    if (answer.status === 200) return;
    if (Date.now() > deadline) throw new Error(`the API did not answer:\n${tail(logFile, 40)}`);
    await sleep(250);
  }
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * The API's logged errors (pino level 50+), each once with how often: the message, where the
 * database was (a deadlock's relation) and the first frame in api/src.
 */
function loggedErrors(file: string): string[] {
  const counts = new Map<string, number>();
  for (const line of tail(file, 100_000).split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        err?: { message?: string; stack?: string; where?: string; code?: string };
      };
      if ((entry.level ?? 0) < 50 || !entry.err) continue;
      const { message = entry.msg ?? '', stack = '', where = '', code = '' } = entry.err;
      const frame = /src\/[^\s)]+/.exec(stack)?.[0] ?? '';
      const at = (where.split('\n')[0] ?? '').replace(/\(\d+,\d+\)/g, '(…)');
      const what = [`${message}${code ? ` (${code})` : ''}`, at, frame].filter(Boolean).join(', ');
      counts.set(what, (counts.get(what) ?? 0) + 1);
    } catch {
      // not one of pino's lines
    }
  }
  return [...counts].map(([what, count]) => `${count}× ${what}`);
}

/** The PostgreSQL to measure: DATABASE_URL, or this benchmark's own (stopped after). */
function postgres(): Database | null {
  if (process.env.BENCH_POSTGRES === '0') return null;
  const given = process.env.DATABASE_URL;
  if (given) return { label: 'PostgreSQL', env: { DATABASE_URL: given }, processes: 2, stop() {} };
  const script = path.join(REPO_ROOT, '.ci', 'start-postgres.sh');
  const env = { ...process.env, ...BENCH_PG };
  const stop = () => execFileSync('sh', [script, 'stop'], { env, stdio: 'ignore' });
  // a server left by an interrupted run: its database is not a throw-away one any more
  stop();
  const printed = execFileSync('sh', [script], { env, encoding: 'utf8' });
  const url = /DATABASE_URL=(\S+)/.exec(printed)?.[1];
  if (!url) throw new Error(`start-postgres.sh printed no DATABASE_URL: ${printed}`);
  cleanups.set('postgres', stop);
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: url },
    processes: 2,
    serverLog: path.join(BENCH_PG.PG_CI_DIR, 'server.log'),
    stop() {
      stop();
      cleanups.delete('postgres');
    },
  };
}

// ---- Setting the users up through the API ----

const addressOf = (index: number) => `10.34.${Math.floor(index / 250)}.${(index % 250) + 1}`;

async function account(base: string, email: string, side: Side, index: number): Promise<Account> {
  const session = await signIn(base, email, addressOf(index));
  const me = await send(base, session, 'GET', '/users/me');
  const user = dataOf<User>(me);
  const profile = side === 'guest' ? user.guest : user.shows[0];
  if (!profile) throw new Error(`${email} has no ${side} profile`);
  return {
    email,
    side,
    userId: user.id,
    profileId: profile.id,
    session,
    optionId: 0,
    bookingPosts: 0,
    messagesSent: [],
  };
}

function expectOk(answer: Answer, what: string) {
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${answer.text}`);
}

/** A guest open every day 08:00-20:00 UTC at a price, as the availability page saves it. */
async function openGuest(base: string, guest: Account) {
  const url = `/guests/${guest.profileId}/availability`;
  const current = await send(base, guest.session, 'GET', url);
  expectOk(current, `GET ${url}`);
  const settings: AvailabilitySettings = {
    ...dataOf<AvailabilitySettings>(current),
    interview_durations: [{ duration: DURATION, price: pick([5000, 10000, 20000]) }],
    type: 'unlimited',
    start_date: null,
    end_date: null,
    max_interviews_per_day: null,
    max_interviews_per_month: null,
    minimum_notice: 0,
    buffer_before: 0,
    buffer_after: 0,
    spot_increments: DURATION,
    timezone: 'UTC',
    rules: [0, 1, 2, 3, 4, 5, 6].map((wday) => ({
      type: 'wday',
      wday,
      intervals: [{ from: '08:00', to: '20:00' }],
    })),
  };
  expectOk(await send(base, guest.session, 'PUT', url, settings), `PUT ${url}`);
  const prices = await send(base, guest.session, 'GET', `/guests/${guest.profileId}/option-prices`);
  const option = dataOf<OptionPricesDetail>(prices).booking_options.find(
    (item) => item.slug === 'virtual-interview',
  );
  if (!option) throw new Error(`guest ${guest.profileId} sells no virtual interview`);
  guest.optionId = option.id;
}

/** A show's guest appearance priced, as the booking-options page saves it. */
async function priceShow(base: string, show: Account) {
  const url = `/shows/${show.profileId}/option-prices`;
  const current = await send(base, show.session, 'GET', url);
  expectOk(current, `GET ${url}`);
  const option = dataOf<OptionPricesDetail>(current).booking_options.find(
    (item) => item.slug === 'guest-appearance',
  );
  if (!option) throw new Error(`show ${show.profileId} sells no guest appearance`);
  show.optionId = option.id;
  const body = {
    option_prices: [
      {
        booking_option_id: option.id,
        interview_duration: DURATION,
        price: pick([5000, 15000, 25000]),
      },
    ],
  };
  expectOk(await send(base, show.session, 'PUT', url, body), `PUT ${url}`);
}

/** USERS/2 guests and USERS/2 shows of the large seed (`--count=2×USERS`: 60% guests). */
async function accounts(base: string) {
  const half = USERS / 2;
  const guestCount = Math.round(USERS * 2 * 0.6);
  const email = (prefix: string, n: number) =>
    `${prefix}-${String(n).padStart(5, '0')}@${LARGE_DOMAIN}`;
  const guests: Account[] = [];
  const shows: Account[] = [];
  // a few at a time: each sign-in hashes a password on the API's cores
  for (let at = 0; at < half; at += 5) {
    const batch = Array.from({ length: Math.min(5, half - at) }, (_unused, n) => at + n);
    guests.push(
      ...(await Promise.all(batch.map((n) => account(base, email('guest', n + 1), 'guest', n)))),
    );
    shows.push(
      ...(await Promise.all(
        batch.map((n) => account(base, email('show', guestCount + n + 1), 'show', half + n)),
      )),
    );
  }
  for (const guest of guests) await openGuest(base, guest);
  for (const show of shows) await priceShow(base, show);
  return { guests, shows };
}

// ---- One database ----

/** Copies the API's and the database server's logs out of the temp folders, for the report. */
function keepLogs(database: Database, apiLog: string): string {
  const dir = path.join(os.tmpdir(), 'guestspot-bench-bookings-logs');
  fs.mkdirSync(dir, { recursive: true });
  const name = database.label.toLowerCase();
  fs.copyFileSync(apiLog, path.join(dir, `${name}-api.log`));
  if (database.serverLog && fs.existsSync(database.serverLog)) {
    fs.copyFileSync(database.serverLog, path.join(dir, `${name}-server.log`));
  }
  return dir;
}

interface Result {
  label: string;
  processes: number;
  seconds: number;
  world: World;
  ledger: Awaited<ReturnType<typeof checkLedger>>;
  scheduling: Awaited<ReturnType<typeof checkScheduling>>;
  baseline: { ledger: number; scheduling: number };
  bookingsMade: number;
  errors: string[];
  /** where the API's (and PostgreSQL's) logs were kept, when something failed */
  logs: string | null;
}

async function readChecks(env: Record<string, string>, since: number) {
  const opened = await openConfiguredDatabase({
    databaseUrl: env.DATABASE_URL || null,
    dataDir: env.DATA_DIR ?? '',
    reset: false,
  });
  try {
    return {
      ledger: await checkLedger(opened.db),
      scheduling: await checkScheduling(opened.db, since),
      last: await lastBookingId(opened.db),
    };
  } finally {
    await opened.close();
  }
}

function nextMonth(): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.toISOString().slice(0, 7);
}

async function measure(database: Database): Promise<Result> {
  armWatchdog(database.label, PHASE_LIMIT_MS);
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-bench-bookings-'));
  cleanups.set('temp', () => fs.rmSync(temp, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: path.join(temp, 'pglite'),
    MEDIA_DIR: path.join(temp, 'media'),
    DATABASE_URL: '',
    ...database.env,
  };
  const childEnv = {
    ...process.env,
    ...env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    SEED: '0',
    LOG_LEVEL: 'error',
    API_PROCESSES: String(database.processes),
    STRIPE_SECRET_KEY: '',
    SMTP_URL: '',
  };
  try {
    const seeding = Date.now();
    await run(
      process.execPath,
      ['--import', 'tsx', 'src/db/seed/large-cli.ts', `--count=${USERS * 2}`, '--bookings=0'],
      childEnv,
    );
    const before = await readChecks(env, 0);
    console.log(
      `${database.label}: seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s; before the load: ${before.ledger.length} ledger and ${before.scheduling.length} scheduling violations`,
    );

    const logFile = path.join(temp, 'api.log');
    const base = `http://127.0.0.1:${PORT}/api/v1`;
    const api = startApi(childEnv, logFile);
    let world: World;
    let elapsed: number;
    try {
      await waitForApi(base, api, logFile);
      const { guests, shows } = await accounts(base);
      world = {
        base,
        guests,
        shows,
        bookings: new Map(),
        stats: new Stats(),
        raceViolations: [],
        races: new Map(),
        month: nextMonth(),
        deadline: Date.now() + (WARMUP_SECONDS + SECONDS) * 1000,
      };
      console.log(
        `${database.label}: ${guests.length + shows.length} users signed in, ${database.processes} API process(es); ${WARMUP_SECONDS} s warm-up, then ${SECONDS} s measured, on ${os.availableParallelism()} CPUs`,
      );
      // Timed: the answers that arrive within the measured seconds. The steps under way at the
      // end finish untimed (their failures and the races still count).
      let started = performance.now();
      let ended = 0;
      const warmUp = setTimeout(() => {
        world.stats.measuring = true;
        started = performance.now();
      }, WARMUP_SECONDS * 1000);
      const end = setTimeout(
        () => {
          world.stats.measuring = false;
          ended = performance.now();
        },
        (WARMUP_SECONDS + SECONDS) * 1000,
      );
      await Promise.all([...guests, ...shows].map((me) => virtualUser(world, me)));
      clearTimeout(warmUp);
      clearTimeout(end);
      elapsed = ((ended || performance.now()) - started) / 1000;
    } finally {
      await stopApi(api);
    }
    const errors = loggedErrors(logFile);
    const after = await readChecks(env, before.last);
    const failed =
      errors.length > 0 ||
      world.stats.serverErrors.length > 0 ||
      world.stats.unanswered.length > 0 ||
      after.ledger.length > 0;
    const logs = failed || after.scheduling.length > 0 ? keepLogs(database, logFile) : null;
    return {
      label: database.label,
      processes: database.processes,
      seconds: elapsed,
      world,
      ledger: after.ledger,
      scheduling: after.scheduling,
      baseline: { ledger: before.ledger.length, scheduling: before.scheduling.length },
      bookingsMade: after.last - before.last,
      errors,
      logs,
    };
  } finally {
    database.stop();
    cleanups.get('temp')?.();
    cleanups.delete('temp');
  }
}

// ---- The report ----

const fmt = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0));

function rowsOf(result: Result) {
  return [...result.world.stats.actions].map(([action, stats]) => {
    const sorted = [...stats.ms].sort((a, b) => a - b);
    const count = (test: (status: number) => boolean) =>
      [...stats.statuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
    return {
      action,
      requests: sorted.length,
      perSecond: sorted.length / result.seconds,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      ok: count((status) => status >= 200 && status < 300),
      expected: [...stats.statuses]
        .filter(([status]) => status >= 400 && status < 500 && expected4xx(action, status))
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${n}×${status}`)
        .join(' '),
      unexpected: count((status) => status >= 400 && status < 500 && !expected4xx(action, status)),
      server: count((status) => status >= 500),
      unanswered: count((status) => status === 0),
    };
  });
}

/** Prints one database's figures; the number of violations found. */
function report(result: Result): number {
  const { world } = result;
  const rows = rowsOf(result);
  const total = rows.reduce((sum, row) => sum + row.requests, 0);
  console.log(
    `\n${result.label} (${result.processes} API process${result.processes > 1 ? 'es' : ''}): ${total} requests in ${result.seconds.toFixed(1)} s, ${(total / result.seconds).toFixed(0)} req/s; ${result.bookingsMade} bookings made\n`,
  );
  console.log(
    '| Action | requests | req/s | p50 ms | p95 ms | 2xx | contention 4xx | other 4xx | 5xx | no answer |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |');
  for (const row of rows.sort((a, b) => b.requests - a.requests)) {
    console.log(
      `| ${row.action} | ${row.requests} | ${row.perSecond.toFixed(1)} | ${fmt(row.p50)} | ${fmt(row.p95)} | ${row.ok} | ${row.expected || '—'} | ${row.unexpected} | ${row.server} | ${row.unanswered} |`,
    );
  }
  console.log('\nWhy requests were refused (4xx, most frequent first):');
  for (const [action, stats] of world.stats.actions) {
    const reasons = [...stats.refusals].sort(([, a], [, b]) => b - a).slice(0, 4);
    if (reasons.length === 0) continue;
    console.log(`  ${action}: ${reasons.map(([why, n]) => `${n}× ${why}`).join('; ')}`);
  }
  console.log('\nRaces (requests sent at once; "won" = exactly one succeeded):');
  for (const [kind, race] of world.races) {
    console.log(
      `  ${kind}: ${race.runs} runs, ${race.won} with one winner, ${race.none} with none`,
    );
  }
  const { serverErrors, unanswered, unexpected } = world.stats;
  const violations =
    serverErrors.length +
    world.raceViolations.length +
    result.ledger.length +
    result.scheduling.length;
  console.log(
    `\nViolations: ${serverErrors.length} 5xx, ${world.raceViolations.length} races won twice, ${result.ledger.length} ledger (checkLedger), ${result.scheduling.length} scheduling (before the load: ${result.baseline.ledger} ledger, ${result.baseline.scheduling} scheduling)`,
  );
  console.log(
    `Other failures: ${unanswered.length} requests unanswered within ${REQUEST_TIMEOUT_MS / 1000} s, ${unexpected.length} unexpected 4xx`,
  );
  const samples = [serverErrors, unanswered, unexpected].flatMap((failures) => {
    // one example of each action's failure
    const byAction = new Map(failures.map((failure) => [failure.action, failure]));
    return [...byAction.values()].slice(0, 6);
  });
  for (const failure of samples) {
    console.log(
      `  ${failure.status || 'no answer'} ${failure.action}: ${failure.request} ${JSON.stringify(failure.body ?? null)} → ${failure.answer.slice(0, 300)}`,
    );
  }
  for (const line of world.raceViolations.slice(0, 10)) console.log(`  race: ${line}`);
  for (const violation of result.ledger.slice(0, 10)) {
    console.log(
      `  ledger ${violation.rule} (booking ${violation.booking_id ?? '—'}): expected ${violation.expected}; actual ${violation.actual}`,
    );
  }
  for (const violation of result.scheduling.slice(0, 10)) {
    console.log(
      `  ${violation.rule} (booking ${violation.booking_ids.join(', ')}): ${violation.detail}`,
    );
  }
  if (result.errors.length > 0) {
    console.log('API errors logged:');
    for (const line of result.errors.slice(0, 10)) console.log(`  ${line}`);
  }
  if (result.logs) console.log(`Logs kept in ${result.logs}`);
  return violations + unanswered.length + unexpected.length;
}

/** Both databases side by side (the README's table): req/s · p50 / p95 ms per action. */
function sideBySide(results: Result[]) {
  if (results.length < 2) return;
  const byLabel = results.map((result) => new Map(rowsOf(result).map((row) => [row.action, row])));
  const actions = [...new Set(byLabel.flatMap((rows) => [...rows.keys()]))].sort(
    (a, b) =>
      (byLabel[0]?.get(b)?.requests ?? 0) - (byLabel[0]?.get(a)?.requests ?? 0) ||
      a.localeCompare(b),
  );
  const cell = (row: ReturnType<typeof rowsOf>[number] | undefined) =>
    row ? `${row.perSecond.toFixed(1)} · ${fmt(row.p50)} / ${fmt(row.p95)}` : '—';
  console.log(
    `\n| Action | ${results.map((result) => `${result.label}: req/s · p50 / p95 ms`).join(' | ')} |`,
  );
  console.log(`| --- | ${results.map(() => '---:').join(' | ')} |`);
  for (const action of actions) {
    console.log(`| ${action} | ${byLabel.map((rows) => cell(rows.get(action))).join(' | ')} |`);
  }
  const totals = results.map((result) => {
    const rows = rowsOf(result);
    const sum = (pick: (row: (typeof rows)[number]) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    return `${(sum((row) => row.requests) / result.seconds).toFixed(1)} req/s; ${sum((row) => row.server)} 5xx, ${sum((row) => row.unanswered)} unanswered`;
  });
  console.log(`| all requests | ${totals.join(' | ')} |`);
}

async function main() {
  if (!Number.isInteger(USERS) || USERS < 8 || USERS % 2 !== 0) {
    throw new Error('BENCH_USERS must be an even number of at least 8');
  }
  const results: Result[] = [];
  const pg = postgres();
  if (pg) results.push(await measure(pg));
  if (process.env.BENCH_PGLITE !== '0') {
    results.push(await measure({ label: 'PGlite', env: {}, processes: 1, stop() {} }));
  }
  if (watchdog) clearTimeout(watchdog);
  let failures = 0;
  for (const result of results) failures += report(result);
  sideBySide(results);
  console.log(
    failures === 0
      ? '\nbench:bookings: zero violations.'
      : `\nbench:bookings: ${failures} problems (above).`,
  );
  return failures === 0 ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  cleanUp();
  agent.destroy();
}
process.exit();
