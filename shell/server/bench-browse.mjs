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
//   BENCH_POSTGRES=0 npm run bench:browse            (PGlite only)
//   BENCH_DATA_DIR=/tmp/big                          (keeps the seeded PGlite database)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_COUNT=10000 (defaults)
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.env.API_PORT ??= '4710';
const { ports } = await import('./ports.mjs');
const { startApi, waitForUrl } = await import('./site.mjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const count = Number(process.env.BENCH_COUNT ?? 10_000);
const keep = process.env.BENCH_DATA_DIR;
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
  ['guests, deep page (300 of 400)', '/guests?page=300'],
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
  ['signed in: guests, deep page', '/guests?page=300', { signedIn: true }],
  // The booking flow (issue 17): a month of a demo guest's slots (her weekly rules, in another
  // zone, made for every request), the booker's credit and their bookings list.
  [
    'booking: a month of slots',
    '/guests/{maya}/availability/slots?month={month}&timezone=America/New_York',
  ],
  ['booking: store credit (GET /balance)', '/balance', { signedIn: true }],
  ['booking: my bookings, page 1', '/bookings', { signedIn: true }],
];

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
 * the last one is answered.
 */
async function load(url, { duration = seconds, headers = {} } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const end = started + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        if (!(await get(url, { headers, agent }))) errors += 1;
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

/** A session cookie for SIGNED_IN (the SPA's flow: the CSRF cookie, then the login). */
async function signIn() {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const cookie = cookiesOf(csrf);
  const token = decodeURIComponent(/XSRF-TOKEN=([^;]*)/.exec(cookie)?.[1] ?? '');
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
    body: JSON.stringify(SIGNED_IN),
  });
  if (!login.ok) throw new Error(`the benchmark's sign-in failed: ${login.status}`);
  return cookiesOf(login);
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
  await run(process.execPath, ['--import', 'tsx', 'src/db/seed/large-cli.ts', `--count=${count}`], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, ...databaseEnv },
  });
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
    const rows = [];
    for (const [name, pathAndQuery, { signedIn = false } = {}] of SCENARIOS) {
      const url = `${base}${pathAndQuery
        .replace('{guest}', String(first.id))
        .replace('{maya}', String(maya.id))
        .replace('{month}', month)}`;
      const headers = signedIn ? { cookie: session } : {};
      // The first answer to this URL is made by the database (nothing kept yet): alone, so it
      // shows what an answer costs when the data has just changed.
      const firstMs = await once(url, headers);
      await load(url, { duration: 2, headers }); // warm up at full concurrency, not measured
      const result = await load(url, { headers });
      rows.push({ name, firstMs, ...result });
      console.log(
        `  ${name.padEnd(44)} first ${firstMs.toFixed(0).padStart(4)}  p50 ${result.p50.toFixed(0).padStart(5)}  p95 ${result.p95.toFixed(0).padStart(5)}  p99 ${result.p99.toFixed(0).padStart(5)} ms  ${result.perSecond.toFixed(0).padStart(6)} req/s  ${result.errors} errors`,
      );
    }
    return rows;
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
  results.push(['PGlite', await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' })]);
  pg = postgres();
  if (pg) results.push(['PostgreSQL', await measure('PostgreSQL', { DATABASE_URL: pg.url })]);

  const cell = (row) =>
    `${row.firstMs.toFixed(0)} · ${row.p50.toFixed(0)} / ${row.p95.toFixed(0)} / ${row.p99.toFixed(0)}, ${row.perSecond.toFixed(0)}`;
  console.log(
    `\n| Request (GET /api/v1…) | ${results.map(([label]) => `${label}: first · p50 / p95 / p99 ms, req/s`).join(' | ')} |`,
  );
  console.log(`| --- | ${results.map(() => '---:').join(' | ')} |`);
  for (const [index, [name, pathAndQuery]] of SCENARIOS.entries()) {
    console.log(
      `| ${name}: \`${pathAndQuery}\` | ${results.map(([, rows]) => cell(rows[index])).join(' | ')} |`,
    );
  }
  if (results.some(([, rows]) => rows.some((row) => row.errors > 0))) process.exitCode = 1;
} finally {
  pg?.stop();
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
