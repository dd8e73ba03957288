import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { API_ROOT } from '../src/config';
import { openSse, type SseStream } from '../src/modules/live/testing';

// The live stream's cost and speed (decision 113, api/README.md "Live events"): an API process
// holding N open streams (memory per stream, and whether it still answers), and the time from a
// message POSTed on one connection to its event on the other side's stream (p50/p95).
//   npx tsx scripts/bench-live.ts                        start an API (fresh PGlite) and measure
//   npx tsx scripts/bench-live.ts --streams 1000,5000 --sends 50
//   npx tsx scripts/bench-live.ts --url http://127.0.0.1:4000 --pid 1234   a running API
// The started API gets LIVE_STREAMS_PER_USER=100000 (the streams are opened as a few demo
// accounts) and inherits DATABASE_URL when set. A benchmark, not a test: it reports.

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '1000,5000' },
    sends: { type: 'string', default: '50' },
    url: { type: 'string' },
    pid: { type: 'string' },
    port: { type: 'string', default: '4720' },
  },
});
const STREAM_COUNTS = values.streams.split(',').map(Number);
const SENDS = Number(values.sends);
const PASSWORD = 'Password123';
/** Who holds the N streams: demo accounts on neither side of the measured booking. */
const HOLDERS = [
  'standard@guestspot.test',
  'admin@guestspot.test',
  'agency@guestspot.test',
  'pro@guestspot.test',
];
const SHOW = 'show@guestspot.test';
const GUEST = 'guest@guestspot.test';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The process's resident memory in MiB (Linux /proc). */
function rssMiB(pid: number | null): number | null {
  if (pid === null) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return null;
  }
}

async function startApi(port: number): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guestspot-bench-live-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dataDir, 'pglite'),
      SEED: '1',
      LOG_LEVEL: 'warn',
      LIVE_STREAMS_PER_USER: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { child, dataDir };
}

async function waitFor(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer`);
    await sleep(250);
  }
}

/** A signed-in account: its cookie header and XSRF token. */
interface Session {
  email: string;
  cookie: string;
  xsrf: string;
}

function cookiesOf(response: Response, into: Map<string, string>) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    into.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
  }
}

async function signIn(base: string, email: string): Promise<Session> {
  const jar = new Map<string, string>();
  cookiesOf(await fetch(`${base}/sanctum/csrf-cookie`), jar);
  const header = () => [...jar].map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  const response = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
      cookie: header().join('; '),
    },
    body: JSON.stringify({ email, password: PASSWORD, remember_me: false, device: 'spa' }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  cookiesOf(response, jar);
  return { email, cookie: header().join('; '), xsrf: jar.get('XSRF-TOKEN') ?? '' };
}

async function call(base: string, session: Session, method: string, url: string, body?: unknown) {
  return fetch(`${base}${url}`, {
    method,
    headers: {
      cookie: session.cookie,
      'x-xsrf-token': session.xsrf,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A booking of the show's with the guest that takes messages (accepted or scheduled). */
async function conversation(base: string, show: Session): Promise<number> {
  const response = await call(base, show, 'GET', '/bookings?filter[status]=accepted,scheduled');
  const page = (await response.json()) as {
    data: { id: number; counterpart: { name: string } }[];
  };
  const booking = page.data.find((item) => item.counterpart.name === 'Maya Brooks');
  if (!booking) throw new Error('no accepted or scheduled booking between show@ and guest@');
  return booking.id;
}

/** p50/p95/max ms from a POST of a message to its event on the other side's stream. */
async function delivery(
  base: string,
  bookingId: number,
  sides: [Session, Session],
  sends: number,
): Promise<{ p50: number; p95: number; max: number }> {
  const streams = await Promise.all(
    sides.map((side) => openSse(`${base}/events`, { cookie: side.cookie })),
  );
  await Promise.all(streams.map((stream) => stream.next((m) => m.event === 'counts')));
  const times: number[] = [];
  try {
    for (let n = 0; n < sends; n += 1) {
      // each side writes in turn; the other side's stream is timed
      const writer = sides[n % 2]!;
      const reader = streams[(n + 1) % 2]!;
      const from = reader.messages.length;
      const started = performance.now();
      const response = await call(base, writer, 'POST', `/bookings/${bookingId}/messages`, {
        body: `Bench message ${n + 1}`,
      });
      if (response.status === 429) {
        // the per-person message limit (30 a minute): wait for its window, then send again
        const wait = Number(response.headers.get('retry-after') ?? 60);
        console.log(`  (message limit: waiting ${wait} s)`);
        await sleep(wait * 1000 + 200);
        n -= 1;
        continue;
      }
      if (response.status !== 201) throw new Error(`send: ${response.status}`);
      const event = await reader.next((m) => m.event === 'message', { from });
      times.push(event.at - started);
      await sleep(50);
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
}

/** p50/p95 ms of a route, one request at a time. */
async function answers(base: string, session: Session, url: string, count = 30) {
  const times: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const started = performance.now();
    const response = await call(base, session, 'GET', url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/** Opens `count` streams as the holders in turn, 200 at a time, each live (its first counts). */
async function openStreams(base: string, holders: Session[], count: number) {
  const streams: SseStream[] = [];
  for (let at = 0; at < count; at += 200) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(200, count - at) }, (_unused, n) =>
        openSse(`${base}/events`, { cookie: holders[(at + n) % holders.length]!.cookie }),
      ),
    );
    for (const stream of batch) {
      if (stream.response.status !== 200) throw new Error(`stream: ${stream.response.status}`);
    }
    await Promise.all(batch.map((stream) => stream.next((m) => m.event === 'counts')));
    streams.push(...batch);
  }
  return streams;
}

const fmt = (value: number | null, digits = 1) =>
  value === null || Number.isNaN(value) ? 'n/a' : value.toFixed(digits);

async function main() {
  let child: ChildProcess | null = null;
  let dataDir: string | null = null;
  let pid = values.pid ? Number(values.pid) : null;
  const origin = values.url ?? `http://127.0.0.1:${values.port}`;
  const base = `${origin}/api/v1`;
  if (!values.url) {
    const started = await startApi(Number(values.port));
    child = started.child;
    dataDir = started.dataDir;
    pid = child.pid ?? null;
  }
  try {
    await waitFor(`${base}/health`);
    const [show, guest, ...holders] = await Promise.all(
      [SHOW, GUEST, ...HOLDERS].map((email) => signIn(base, email)),
    );
    const bookingId = await conversation(base, show!);
    // warm up: the routes, the stream's code and its queries
    await answers(base, show!, '/users/me', 5);
    (await openStreams(base, holders, 10)).forEach((stream) => stream.close());
    await delivery(base, bookingId, [show!, guest!], 4);
    await sleep(1000);

    const rows: string[] = [];
    const idle = { rss: rssMiB(pid), me: await answers(base, show!, '/users/me') };
    for (const count of STREAM_COUNTS) {
      const opening = performance.now();
      const streams = await openStreams(base, holders, count);
      const openedIn = performance.now() - opening;
      await sleep(2000);
      const held = rssMiB(pid);
      const me = await answers(base, show!, '/users/me');
      const timed = await delivery(base, bookingId, [show!, guest!], SENDS);
      // against the process before any stream: what it keeps for N streams
      const perStream =
        idle.rss === null || held === null ? null : ((held - idle.rss) * 1024) / count;
      rows.push(
        `| ${count} | ${fmt(held)} | ${fmt(perStream)} | ${fmt(me.p50)} / ${fmt(me.p95)} | ${fmt(timed.p50)} / ${fmt(timed.p95)} (max ${fmt(timed.max)}) | ${fmt(openedIn / 1000)} s |`,
      );
      for (const stream of streams) stream.close();
      await sleep(2000);
    }
    // the delivery without other streams last, on a warm process (the first run would time
    // the first messages' cold paths)
    const alone = await delivery(base, bookingId, [show!, guest!], SENDS);
    rows.unshift(
      `| 0 | ${fmt(idle.rss)} | — | ${fmt(idle.me.p50)} / ${fmt(idle.me.p95)} | ${fmt(alone.p50)} / ${fmt(alone.p95)} (max ${fmt(alone.max)}) | — |`,
    );

    console.log(
      `\nLive events: ${os.availableParallelism()} cores, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${SENDS} messages per delivery run\n`,
    );
    console.log(
      '| Open streams | API RSS (MiB) | KiB per stream | GET /users/me p50 / p95 (ms) | Delivery p50 / p95 (ms) | Time to open all |',
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const row of rows) console.log(row);
  } finally {
    if (child) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
