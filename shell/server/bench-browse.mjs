#!/usr/bin/env node
// Browse API latency on the large catalogue (10,000 profiles): starts the API on a throw-away
// PGlite database seeded by `npm run seed:large -w api`, then, for each filter combination, keeps
// BENCH_CONNECTIONS requests in flight for BENCH_SECONDS and prints p50/p95 latency and
// throughput. A benchmark, not a test: it reports, it does not fail on slowness.
//   npm run bench:browse
//   BENCH_DATA_DIR=/tmp/big npm run bench:browse   (keeps the seeded database for the next run)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 BENCH_COUNT=10000 (defaults)
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
const dataDir = keep
  ? path.resolve(keep)
  : mkdtempSync(path.join(os.tmpdir(), 'guestspot-browse-'));
const base = `http://127.0.0.1:${ports.api}/api/v1`;

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
  // Asked for by every home page (counts kept by the database: decision 078).
  ['categories with counts', '/categories?exclude=subcategories'],
];

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

/** `connections` loops, each sending its next request when the last one is answered. */
async function load(url, duration = seconds) {
  const latencies = [];
  let errors = 0;
  const started = performance.now();
  const end = started + duration * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        try {
          const response = await fetch(url);
          await response.arrayBuffer();
          if (!response.ok) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - sent);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    errors,
  };
}

let api;
try {
  const seedStarted = Date.now();
  await run(process.execPath, ['--import', 'tsx', 'src/db/seed/large-cli.ts', `--count=${count}`], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  console.log(`database ready in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s (${dataDir})`);

  // 'error': at 50 connections every answer is a slow one, and the API would warn of each.
  api = startApi({ DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error', SEED: '0' });
  await waitForUrl(`${base}/health`, { child: api });
  const total = (await (await fetch(`${base}/guests?limit=1`)).json()).meta.pagination.total;
  const shows = (await (await fetch(`${base}/shows?limit=1`)).json()).meta.pagination.total;
  console.log(
    `${total} public guests, ${shows} public shows; ${connections} connections, ${seconds} s per row; ${os.availableParallelism()} CPUs\n`,
  );

  const rows = [];
  for (const [name, pathAndQuery] of SCENARIOS) {
    const url = `${base}${pathAndQuery}`;
    await load(url, 2); // warm up at full concurrency, not measured
    const result = await load(url);
    rows.push({ name, ...result });
    console.log(
      `${name.padEnd(40)} p50 ${result.p50.toFixed(0).padStart(6)} ms  p95 ${result.p95.toFixed(0).padStart(6)} ms  ${result.perSecond.toFixed(1).padStart(7)} req/s  ${result.errors} errors`,
    );
  }

  console.log('\n| Request (GET /api/v1…) | p50 ms | p95 ms | req/s |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const [index, row] of rows.entries()) {
    console.log(
      `| ${row.name}: \`${SCENARIOS[index][1]}\` | ${row.p50.toFixed(0)} | ${row.p95.toFixed(0)} | ${row.perSecond.toFixed(1)} |`,
    );
  }
  if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
} finally {
  if (api) {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
