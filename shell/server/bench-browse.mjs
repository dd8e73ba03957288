#!/usr/bin/env node
// Browse API latency on the large catalogue (10,000 profiles), on PGlite and on PostgreSQL 15 in
// one run: for each database, seeds it with `npm run seed:large -w api`, starts the API on it,
// then for each request times its first answer alone (made by the database), keeps
// BENCH_CONNECTIONS requests in flight for BENCH_SECONDS and prints p50/p95/p99 latency and
// throughput, then both databases side by side. A benchmark, not a test:
// it reports, it does not fail on slowness.
//   npm run bench:browse
//   DATABASE_URL=postgres://… npm run bench:browse   (that PostgreSQL; else one is started the
//                                                     way CI starts it, .ci/start-postgres.sh)
//   BENCH_POSTGRES=0 npm run bench:browse            (PGlite only; BENCH_PGLITE=0: PostgreSQL only)
//   BENCH_DATA_DIR=/tmp/big                          (keeps the seeded PGlite database)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_COUNT=10000 (defaults)
//   BENCH_BOOKINGS=100000 BENCH_USERS=60              (seeded bookings; users signed in for the
//                                                     bookings rows, half guests, half shows)
//   BENCH_ONLY=bookings,signed in                     (only the rows whose name has one of these)
//   BENCH_COUNT=1000000 BENCH_BOOKINGS=0 BENCH_PGLITE=0 DATABASE_URL=…  (a million profiles;
//                                                     README "A million profiles")
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pgClient from 'pg';

process.env.API_PORT ??= '4710';
const { ports } = await import('./ports.mjs');
const { startApi, waitForUrl } = await import('./site.mjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const count = Number(process.env.BENCH_COUNT ?? 10_000);
const keep = process.env.BENCH_DATA_DIR;
const bookingCount = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const userCount = Number(process.env.BENCH_USERS ?? 60);
const only = process.env.BENCH_ONLY?.split(',');
const chosen = (name) => !only || only.some((part) => name.includes(part));
const base = `http://127.0.0.1:${ports.api}/api/v1`;
/** The benchmark's own PostgreSQL when none is given: apart from the API tests' one. */
const BENCH_PG = { PG_CI_PORT: '55433', PG_CI_DB: 'guestspot_bench' };
/** A seeded account (db/seed/seed.ts), for the signed-in rows. */
const SIGNED_IN = { email: 'standard@guestspot.test', password: 'Password123' };

/** What Browse asks for (spec §2.4): the first page, a search, filters, a sort, a deep page. */
const SCENARIOS = [
  ['guests, page 1', '/guests'],
  ['guests, name search', '/guests?filter[guest_profiles.name]=ann'],
  ['guests, category + price range', '/guests?filter[category]=1&filter[prices]=100-300'],
  ['guests, sort=-price', '/guests?sort=-price'],
  // The last page a list serves (decision 127: its first 1,000 matches), whatever the
  // catalogue's size, and a page past it (an empty answer).
  ['guests, the window’s last page (67)', '/guests?page=67'],
  ['guests, past the window (page 300)', '/guests?page=300'],
  // An option's price as a filter: worked out profile by profile as the list reaches them
  // (decision 127); sorted by it, for every profile with the option (below).
  [
    'guests, option + price range',
    '/guests?filter[options]=guest-appearance&filter[prices]=101-400',
  ],
  [
    'guests, option + price range + sort=-price',
    '/guests?filter[options]=guest-appearance&filter[prices]=101-400&sort=-price',
  ],
  [
    'shows, tag + 401 bucket + sort=price',
    '/shows?filter[tag]=startups&filter[prices]=401&sort=price',
  ],
  ['home sliders (guests)', '/home?type=guests'],
  ['home sliders (shows)', '/home?type=shows'],
  // Asked for by every home page (counts kept by the database: decision 078).
  ['categories with counts', '/categories?exclude=subcategories'],
  ['a profile page', '/guests/{guest}?include=links,booking_options'],
  // A signed-in user's list: the visitors' kept answer with their favourites marked (decisions
  // 080, 081).
  ['signed in: guests, page 1', '/guests', { signedIn: true }],
  ['signed in: guests, deep page', '/guests?page=67', { signedIn: true }],
  // The booking flow (issue 17): a month of a demo guest's slots (her weekly rules, in another
  // zone, made for every request), the booker's credit and their bookings list.
  [
    'booking: a month of slots',
    '/guests/{maya}/availability/slots?month={month}&timezone=America/New_York',
  ],
  // A user's own bookings and money (issue 33 "Speed"), each request from the next of
  // BENCH_USERS users signed in at once, every one with hundreds of bookings
  // (db/seed/large-bookings.ts): each user's answers are kept for them until their data
  // changes, at most 10 s (decision 123), so a row measures mostly kept answers and the
  // 60 users' first ones.
  ['bookings: page 1', '/bookings', { users: true }],
  [
    'bookings: status filter',
    '/bookings?filter[status]=is_completed,is_scheduled',
    { users: true },
  ],
  ['bookings: search', '/bookings?filter[search]=an', { users: true }],
  ['bookings: amount $100–$500', '/bookings?filter[price]=10000,50000', { users: true }],
  ['bookings: a month', '/bookings?filter[month]={lastMonth}', { users: true }],
  [
    'bookings: by others, sort=-price, page 3',
    '/bookings?filter[bookedBy]=others&sort=-price&page=3',
    { users: true },
  ],
  ['bookings: stats', '/bookings/stats', { users: true }],
  [
    'bookings: calendar (6 weeks)',
    '/bookings/calendar-view?from={gridFrom}&to={gridTo}',
    { users: true },
  ],
  // Every signed-in page load, and a booking's page (issue 34 §1): each user their own.
  ['signed in: who am I', '/users/me', { users: true }],
  ['bookings: one of theirs', '/bookings/{booking}', { users: true }],
  ['bookings: its activity', '/bookings/{booking}/activities', { users: true }],
  ['bookings: its messages', '/bookings/{booking}/messages', { users: true }],
  ['bookings: notifications', '/notifications', { users: true }],
  ['bookings: inbox', '/users/{me}/all-messages', { users: true }],
  ['bookings: balance', '/balance', { users: true }],
  ['bookings: payments, this month', '/payments', { users: true }],
  ['bookings: payments, a month', '/payments?filter[for_month]={lastMonth}', { users: true }],
];
const scenarios = SCENARIOS.filter(([name]) => chosen(name));

/** A guest with weekly availability: the demo's Maya Brooks (guest@). */
const SLOTS_GUEST = 'Maya Brooks';

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`)),
    );
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * A GET read to its end: whether it was answered without an error status. node:http, not fetch:
 * the load is made on the same two cores as the API, and fetch spent several times more of them
 * per request than the API did.
 */
function get(url, { headers, agent }) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers }, (response) => {
      response.resume();
      response.once('end', () => resolve(response.statusCode < 400));
      response.once('error', () => resolve(false));
    });
    request.once('error', () => resolve(false));
  });
}

/**
 * `connections` loops over as many kept-alive connections, each sending its next request when
 * the last one is answered; `targets` ({url, headers}) are sent in turn.
 */
async function load(targets, { duration = seconds } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  let sentCount = 0;
  const started = performance.now();
  const end = started + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        // Each request as the next user: many sessions, not one user's over and over.
        const next = targets[sentCount++ % targets.length];
        if (!(await get(next.url, { headers: next.headers, agent }))) errors += 1;
        latencies.push(performance.now() - sent);
      }
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  };
}

/** One request on a connection of its own: its latency in ms (NaN when it failed). */
async function once(url, headers) {
  const sent = performance.now();
  return (await get(url, { headers, agent: false })) ? performance.now() - sent : NaN;
}

/** The cookies a response sets, as a Cookie header (name=value; …). */
function cookiesOf(response) {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** A session cookie for an account (the SPA's flow: the CSRF cookie, then the login). */
async function signIn(account = SIGNED_IN) {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookie = cookiesOf(csrf);
  const token = decodeURIComponent(/XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] ?? '');
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
    body: JSON.stringify(account),
  });
  if (!login.ok)
    throw new Error(`the benchmark's sign-in as ${account.email} failed: ${login.status}`);
  return cookiesOf(login);
}

/**
 * The owners of the large seed's busy profiles (db/seed/large.ts BUSY_PROFILES_PER_SIDE, never
 * paused; emails as large.ts writes them), half guests, half shows. The first show is left out:
 * it has ~10,000 bookings, for the export's measurement.
 */
function busyAccounts() {
  const guests = Math.round(count * 0.6);
  const email = (prefix, n) => `${prefix}-${String(n).padStart(5, '0')}@large.guestspot.test`;
  return Array.from({ length: userCount }, (_, index) => ({
    email:
      index % 2 === 0 ? email('guest', 1 + index / 2) : email('show', guests + 2 + (index - 1) / 2),
    password: SIGNED_IN.password,
  }));
}

/** The account with ~10,000 bookings (the first busy show, db/seed/large-bookings.ts). */
const exportAccount = () => ({
  email: `show-${String(Math.round(count * 0.6) + 1).padStart(5, '0')}@large.guestspot.test`,
  password: SIGNED_IN.password,
});

/** The API's resident memory (MB), from /proc. */
function rssOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/**
 * GET /bookings/export of the ~10,000-booking account, read to its end while the API's RSS is
 * sampled every 20 ms: its growth over the RSS before shows whether the rows sit in memory.
 */
async function measureExport(pid) {
  const cookie = await signIn(exportAccount());
  await once(`${base}/bookings/export`, { cookie }); // warm: code paths and the plans
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  await new Promise((resolve, reject) => {
    http
      .get(`${base}/bookings/export`, { headers: { cookie } }, (response) => {
        response.on('data', (chunk) => {
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 10) lines += 1;
        });
        response.once('end', resolve);
        response.once('error', reject);
      })
      .once('error', reject);
  });
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  return { rows: lines - 1, bytes, ms: performance.now() - started, before, peak };
}

/** The database's size on disk (MB): pg_database_size on PostgreSQL, the folder on PGlite. */
async function databaseMb({ DATABASE_URL: url, DATA_DIR: dir }) {
  if (!url)
    return Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024;
  const client = new pgClient.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT pg_database_size(current_database()) AS bytes');
    return Number(rows[0].bytes) / 1024 / 1024;
  } finally {
    await client.end();
  }
}

/** The PostgreSQL to measure: DATABASE_URL, or one started as CI starts it (stopped after). */
function postgres() {
  if (process.env.BENCH_POSTGRES === '0') return null;
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop() {} };
  const script = path.join(root, '.ci', 'start-postgres.sh');
  const env = { ...process.env, ...BENCH_PG };
  const printed = execFileSync('sh', [script], { env, encoding: 'utf8' });
  const url = /DATABASE_URL=(\S+)/.exec(printed)?.[1];
  if (!url) throw new Error(`start-postgres.sh printed no DATABASE_URL: ${printed}`);
  return { url, stop: () => execFileSync('sh', [script, 'stop'], { env, stdio: 'inherit' }) };
}

/** Seeds one database, starts the API on it and measures every scenario. */
async function measure(label, databaseEnv) {
  const seedStarted = Date.now();
  await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/db/seed/large-cli.ts',
      `--count=${count}`,
      `--bookings=${bookingCount}`,
    ],
    { cwd: path.join(root, 'api'), env: { ...process.env, ...databaseEnv } },
  );
  console.log(`${label}: database ready in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);

  // 'error': at 50 connections every answer is a slow one, and the API would warn of each.
  const api = startApi({ ...databaseEnv, LOG_LEVEL: 'error', SEED: '0' });
  try {
    await waitForUrl(`${base}/health`, { child: api });
    const guests = await (await fetch(`${base}/guests?limit=1`)).json();
    const [first] = guests.data;
    const total = guests.meta.pagination.total;
    const shows = (await (await fetch(`${base}/shows?limit=1`)).json()).meta.pagination.total;
    console.log(
      `${label}: ${total} public guests, ${shows} public shows; ${connections} connections, ${seconds} s per row; ${os.availableParallelism()} CPUs`,
    );
    const session = await signIn();
    const named = await (
      await fetch(`${base}/guests?filter[guest_profiles.name]=${encodeURIComponent(SLOTS_GUEST)}`)
    ).json();
    const maya = named.data.find((guest) => guest.name === SLOTS_GUEST);
    if (!maya) throw new Error(`${SLOTS_GUEST} is not among the guests`);
    const next = new Date();
    next.setUTCMonth(next.getUTCMonth() + 1, 1);
    const month = next.toISOString().slice(0, 7);
    const last = new Date();
    last.setUTCMonth(last.getUTCMonth() - 1, 1);
    const lastMonth = last.toISOString().slice(0, 7);
    // A month grid as the calendar asks for it: the Monday on or before the 1st, six weeks.
    const gridStart = new Date(`${new Date().toISOString().slice(0, 7)}-01T00:00:00Z`);
    gridStart.setUTCDate(gridStart.getUTCDate() - ((gridStart.getUTCDay() + 6) % 7));
    const gridEnd = new Date(gridStart.getTime() + 41 * 24 * 60 * 60 * 1000);
    const day = (date) => date.toISOString().slice(0, 10);
    const users = [];
    if (scenarios.some(([, , options]) => options?.users)) {
      const signingIn = performance.now();
      for (const account of busyAccounts()) {
        const cookie = await signIn(account);
        const me = await (await fetch(`${base}/users/me`, { headers: { cookie } })).json();
        const page = await (await fetch(`${base}/bookings`, { headers: { cookie } })).json();
        users.push({ cookie, me: me.data.id, booking: page.data[0]?.id });
      }
      console.log(
        `${label}: ${users.length} users signed in in ${((performance.now() - signingIn) / 1000).toFixed(1)} s`,
      );
    }
    const rows = [];
    // The API's memory while the rows run (its peak), reported with the database's size.
    let apiPeakMb = rssOf(api.pid);
    const sampler = setInterval(() => {
      apiPeakMb = Math.max(apiPeakMb, rssOf(api.pid));
    }, 250);
    for (const [name, pathAndQuery, { signedIn = false, users: many = false } = {}] of scenarios) {
      const urlOf = (user) =>
        `${base}${pathAndQuery
          .replace('{me}', String(user?.me))
          .replace('{booking}', String(user?.booking))
          .replace('{guest}', String(first.id))
          .replace('{maya}', String(maya.id))
          .replace('{month}', month)
          .replace('{lastMonth}', lastMonth)
          .replace('{gridFrom}', day(gridStart))
          .replace('{gridTo}', day(gridEnd))}`;
      const targets = many
        ? users.map((user) => ({ url: urlOf(user), headers: { cookie: user.cookie } }))
        : [{ url: urlOf(null), headers: signedIn ? { cookie: session } : {} }];
      // The first answer to this URL is made by the database (nothing kept yet): alone, so it
      // shows what an answer costs when the data has just changed.
      const firstMs = await once(targets[0].url, targets[0].headers);
      await load(targets, { duration: 2 }); // warm up at full concurrency, not measured
      const result = await load(targets);
      rows.push({ name, firstMs, ...result });
      console.log(
        `  ${name.padEnd(44)} first ${firstMs.toFixed(0).padStart(4)}  p50 ${result.p50.toFixed(0).padStart(5)}  p95 ${result.p95.toFixed(0).padStart(5)}  p99 ${result.p99.toFixed(0).padStart(5)} ms  ${result.perSecond.toFixed(0).padStart(6)} req/s  ${result.errors} errors`,
      );
    }
    clearInterval(sampler);
    const memory = { apiPeakMb, databaseMb: await databaseMb(databaseEnv) };
    console.log(
      `${label}: API RSS at most ${apiPeakMb.toFixed(0)} MB during the rows; database ${memory.databaseMb.toFixed(0)} MB`,
    );
    let exported = null;
    if (chosen('bookings: export')) {
      exported = await measureExport(api.pid);
      console.log(
        `  bookings: export of ${exported.rows} rows, ${(exported.bytes / 1e6).toFixed(1)} MB in ${exported.ms.toFixed(0)} ms; API RSS ${exported.before.toFixed(0)} MB before, ${exported.peak.toFixed(0)} MB at most while streaming (+${(exported.peak - exported.before).toFixed(0)} MB)`,
      );
    }
    return { rows, exported, memory };
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
}

const results = [];
const dataDir = keep
  ? path.resolve(keep)
  : mkdtempSync(path.join(os.tmpdir(), 'guestspot-browse-'));
let pg = null;
try {
  if (process.env.BENCH_PGLITE !== '0') {
    results.push(['PGlite', await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })]);
  }
  pg = postgres();
  if (pg) results.push(['PostgreSQL', await measure('PostgreSQL', { DATABASE_URL: pg.url })]);

  const cell = (row) =>
    `${row.firstMs.toFixed(0)} · ${row.p50.toFixed(0)} / ${row.p95.toFixed(0)} / ${row.p99.toFixed(0)}, ${row.perSecond.toFixed(0)}`;
  console.log(
    `\n| Request (GET /api/v1…) | ${results.map(([label]) => `${label}: first · p50 / p95 / p99 ms, req/s`).join(' | ')} |`,
  );
  console.log(`| --- | ${results.map(() => '---:').join(' | ')} |`);
  for (const [index, [name, pathAndQuery]] of scenarios.entries()) {
    console.log(
      `| ${name}: \`${pathAndQuery}\` | ${results.map(([, { rows }]) => cell(rows[index])).join(' | ')} |`,
    );
  }
  for (const [label, { memory }] of results) {
    console.log(
      `${label}: API RSS at most ${memory.apiPeakMb.toFixed(0)} MB; database ${memory.databaseMb.toFixed(0)} MB (${count} profiles)`,
    );
  }
  for (const [label, { exported }] of results) {
    if (!exported) continue;
    console.log(
      `${label}: export of ${exported.rows} rows (${(exported.bytes / 1e6).toFixed(1)} MB) in ${exported.ms.toFixed(0)} ms, API RSS +${(exported.peak - exported.before).toFixed(0)} MB (${exported.before.toFixed(0)} → ${exported.peak.toFixed(0)} MB)`,
    );
  }
  if (results.some(([, { rows }]) => rows.some((row) => row.errors > 0))) process.exitCode = 1;
} finally {
  pg?.stop();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
