import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { API_ROOT } from '../config';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/seed';

// Two API processes on one PostgreSQL, as N instances behind a balancer run (issue 14, decision
// 080, docs/deploy.md): sessions, the data version and everything else they share live in the
// database, so a change made through one is seen by it at once and through the other within a
// second (its notification, decision 081). PostgreSQL only (DATABASE_URL): PGlite is one
// process's database.

const url = process.env.DATABASE_URL;
const PORTS = [4791, 4792];

describe(
  'two API processes on one PostgreSQL',
  { skip: url ? false : 'needs DATABASE_URL' },
  () => {
    const schema = `two_${randomBytes(4).toString('hex')}`;
    const processes: ChildProcess[] = [];
    let sql: pg.Client;
    const [first, second] = PORTS.map((port) => `http://127.0.0.1:${port}/api/v1`) as [
      string,
      string,
    ];

    /** `src/server.ts` on the test's schema and `port`, with `env` on top. */
    function spawnApi(port: number, env: Record<string, string>, stdout: 'ignore' | 'pipe') {
      const withSchema = new URL(url!);
      withSchema.searchParams.set('options', `-c search_path=${schema}`);
      return spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: API_ROOT,
        env: {
          ...process.env,
          DATABASE_URL: withSchema.toString(),
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'error',
          SESSION_SECRET: 'two-processes-test-secret',
          ...env,
        },
        stdio: ['ignore', stdout, 'inherit'],
      });
    }

    /** An API process on the test's schema; the first one migrates and seeds it. */
    async function startApi(port: number, seed: boolean) {
      const child = spawnApi(port, { SEED: seed ? '1' : '0' }, 'ignore');
      processes.push(child);
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`the API on ${port} exited (${child.exitCode})`);
        try {
          if ((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).ok) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`the API on ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    before(async () => {
      sql = new pg.Client({ connectionString: url });
      await sql.connect();
      await sql.query(`create schema ${schema}`);
      await startApi(PORTS[0]!, true);
      await startApi(PORTS[1]!, false);
    });

    after(async () => {
      for (const child of processes) child.kill('SIGTERM');
      await Promise.all(
        processes.map((child) =>
          child.exitCode === null
            ? new Promise((resolve) => child.once('exit', resolve))
            : undefined,
        ),
      );
      await sql.query(`drop schema ${schema} cascade`);
      await sql.end();
    });

    /** A browser's cookie jar over both processes (they share one site). */
    function browser() {
      const jar = new Map<string, string>();
      const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      return async (
        base: string,
        path: string,
        init: { method?: string; body?: unknown } = {},
      ): Promise<Response> => {
        const token = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
        const response = await fetch(`${base}${path}`, {
          method: init.method ?? 'GET',
          headers: {
            cookie: cookie(),
            ...(token ? { 'x-xsrf-token': token } : {}),
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const index = pair.indexOf('=');
          jar.set(pair.slice(0, index), pair.slice(index + 1));
        }
        return response;
      };
    }

    /** A browser signed in as `email` through the process at `base` (the SPA's flow). */
    async function signedIn(base: string, email: string) {
      const session = browser();
      await session(base, '/sanctum/csrf-cookie');
      const login = await session(base, '/auth/login', {
        method: 'POST',
        body: { email, password: DEMO_PASSWORD },
      });
      assert.equal(login.status, 200);
      return session;
    }

    async function guestProfileId(email: string): Promise<number> {
      const { rows } = await sql.query<{ id: number }>(
        `select p.id from ${schema}.guest_profiles p join ${schema}.users u on u.id = p.user_id where u.email = $1`,
        [email],
      );
      return rows[0]!.id;
    }

    it('a pause made through one process hides the profile at once there, within a second on the other', async () => {
      const profile = `/guests/${await guestProfileId(DEMO_ACCOUNTS.guest)}`;
      // Both processes have the visitor's answer kept.
      for (const base of [first, second]) {
        assert.equal((await fetch(`${base}${profile}`)).status, 200);
        assert.equal((await fetch(`${base}${profile}`)).status, 200);
      }

      const guest = await signedIn(first, DEMO_ACCOUNTS.guest);
      await guest(first, '/auth/confirm-login', {
        method: 'POST',
        body: { password: DEMO_PASSWORD },
      });
      const pause = await guest(first, '/users/me/account/pause', { method: 'PATCH' });
      assert.equal(pause.status, 200);

      assert.equal((await fetch(`${first}${profile}`)).status, 404);
      const started = Date.now();
      while ((await fetch(`${second}${profile}`)).status !== 404) {
        assert.ok(Date.now() - started < 1_000, 'the other process still shows the profile');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });

    it('a session made by one process signs in on the other, and a favourite shows on both', async () => {
      const { rows } = await sql.query<{ id: number }>(
        `select id from ${schema}.guest_profiles where is_public order by id limit 1`,
      );
      const favourite = rows[0]!.id;
      const user = await signedIn(first, DEMO_ACCOUNTS.standard);
      const me = await user(second, '/users/me');
      assert.equal(me.status, 200);

      const put = await user(second, `/favorites/guests/${favourite}`, { method: 'PUT' });
      assert.ok(put.status < 300, await put.text());
      const seen = await user(first, `/guests/${favourite}`);
      assert.equal(
        ((await seen.json()) as { data: { is_favourited: boolean } }).data.is_favourited,
        true,
      );
    });

    it("a message sent through one process reaches the other side's event stream on the other (issue 31)", async () => {
      const { rows } = await sql.query<{ id: number }>(
        `select b.id from ${schema}.bookings b
         join ${schema}.show_profiles s on s.id = b.show_profile_id
         join ${schema}.users su on su.id = s.user_id
         join ${schema}.guest_profiles g on g.id = b.guest_profile_id
         join ${schema}.users gu on gu.id = g.user_id
         where su.email = $1 and gu.email = $2 and b.status in ('pending', 'accepted', 'scheduled')
           and (b.expires_at is null or b.expires_at > now())
         order by b.id limit 1`,
        [DEMO_ACCOUNTS.show, DEMO_ACCOUNTS.guest],
      );
      const bookingId = rows[0]?.id;
      assert.ok(bookingId, 'the demo data has an open booking of show@ with guest@');
      const guest = await signedIn(second, DEMO_ACCOUNTS.guest);
      const show = await signedIn(first, DEMO_ACCOUNTS.show);

      // Maya's tab holds its stream on the second process.
      const stream = await guest(second, '/events');
      assert.equal(stream.status, 200);
      assert.equal(stream.headers.get('content-type'), 'text/event-stream');
      const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
      let received = '';
      const heard = (async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return false;
          received += value;
          if (received.includes(`"booking_id":${bookingId}`) && received.includes('event: message'))
            return true;
        }
      })();

      const text = `Through the first process (${Date.now()})`;
      const sent = Date.now();
      const post = await show(first, `/bookings/${bookingId}/messages`, {
        method: 'POST',
        body: { body: text },
      });
      assert.equal(post.status, 201, await post.text());
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, 5_000, 'timeout'));
      const outcome = await Promise.race([heard, timeout]);
      await reader.cancel();
      assert.equal(outcome, true, `no message event within 5 s; the stream said: ${received}`);
      assert.ok(Date.now() - sent < 5_000);
    });

    it('API_PROCESSES=2 runs two processes on one port, and SIGTERM stops them all', async () => {
      const port = 4793;
      const child = spawnApi(port, { SEED: '0', API_PROCESSES: '2', LOG_LEVEL: 'info' }, 'pipe');
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const ready = () => output.match(/guestspot api ready/g)?.length ?? 0;
      const deadline = Date.now() + 60_000;
      while (ready() < 2) {
        assert.equal(child.exitCode, null, `the API exited: ${output}`);
        assert.ok(Date.now() < deadline, `two processes did not start: ${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const pids = new Set(
        [...output.matchAll(/"pid":(\d+)[^\n]*guestspot api ready/g)].map((match) => match[1]),
      );
      assert.equal(pids.size, 2, 'two processes, each ready');
      for (let request = 0; request < 4; request += 1) {
        assert.equal((await fetch(`http://127.0.0.1:${port}/api/v1/guests`)).status, 200);
      }
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
      for (const pid of pids) {
        assert.throws(() => process.kill(Number(pid), 0), 'the process is gone');
      }
    });
  },
);
