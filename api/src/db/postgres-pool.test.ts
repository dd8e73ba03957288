import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres } from './database';

// PostgreSQL only (DATABASE_URL): the server may end an idle connection of the pool at any time
// (a restart, a failover, an administrator). Without a listener, the pool's 'error' event would
// end the API's process.
const url = process.env.DATABASE_URL;

describe('the PostgreSQL pool', { skip: url ? false : 'needs DATABASE_URL' }, () => {
  it('outlives an idle connection the server ends, and serves the next query', async () => {
    const opened = await openPostgres(url!, { max: 1 });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
        opened.db,
      );
      const pid = rows[0]!.pid;
      const ended = await admin.query<{ ended: boolean }>(
        'select pg_terminate_backend($1) as ended',
        [pid],
      );
      assert.equal(ended.rows[0]?.ended, true);
      // The idle client hears of it; the process must go on (node:test fails on an uncaught error).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(opened.db);
      assert.notEqual(again.rows[0]?.pid, pid, 'a new connection');
    } finally {
      await admin.end();
      await opened.close();
    }
  });
});
