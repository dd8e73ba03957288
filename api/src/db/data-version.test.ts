import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { startTestApp, type TestContext } from '../test/harness';

// The data version (migrations 023, 024 and 052, decisions 080, 081 and 124): every write to a
// public table moves it, once per transaction, at its commit, with one notification; a
// statement that changes no row, or a write rolled back, leaves it alone. Being bumped at commit,
// the one data_version row is never held while a transaction does its work.

let ctx: TestContext;
let schema: string;
const heard: string[] = [];
let stopListening: () => Promise<void>;

const onPostgres = Boolean(process.env.DATABASE_URL);

before(async () => {
  ctx = await startTestApp();
  schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(ctx.db))
    .rows[0]!.schema;
  await new Promise<void>((resolve) => {
    stopListening = ctx.events.listen('data_version', {
      message: (payload) => heard.push(payload),
      connected: (up) => up && resolve(),
    });
  });
});
after(async () => {
  await stopListening();
  await ctx.close();
});

async function version(): Promise<number> {
  const row = await ctx.db.selectFrom('data_version').select('version').executeTakeFirstOrThrow();
  return Number(row.version);
}

/** The notifications of this schema heard since `from` (PostgreSQL's arrive a moment later). */
async function announced(from: number): Promise<string[]> {
  await sleep(onPostgres ? 300 : 0);
  return heard.slice(from).filter((payload) => payload.startsWith(`${schema} `));
}

describe('the data version', () => {
  it('moves once per transaction, however many public rows and tables it writes, announced once', async () => {
    const before = await version();
    const from = heard.length;
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('tags')
        .set({ name: sql`name` })
        .execute();
      await trx
        .updateTable('categories')
        .set({ name: sql`name` })
        .execute();
      await trx
        .updateTable('tags')
        .set({ name: sql`name` })
        .execute();
    });
    assert.equal(await version(), before + 1);
    assert.deepEqual(await announced(from), [`${schema} ${before + 1}`]);
  });

  it('stays when a statement changes no row, or the transaction is rolled back', async () => {
    const before = await version();
    await ctx.db
      .updateTable('bookings')
      .set({ updated_at: new Date() })
      .where(sql.lit(false))
      .execute();
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('tags')
          .set({ name: sql`name` })
          .execute();
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    assert.equal(await version(), before);
  });

  it('moves for a write after a savepoint rolled back a first one, once', async () => {
    const before = await version();
    await ctx.db.transaction().execute(async (trx) => {
      await sql`savepoint first_write`.execute(trx);
      await trx
        .updateTable('tags')
        .set({ name: sql`name` })
        .execute();
      await sql`rollback to savepoint first_write`.execute(trx);
      await trx
        .updateTable('categories')
        .set({ name: sql`name` })
        .execute();
    });
    assert.equal(await version(), before + 1);
  });

  it('moves for a TRUNCATE of a public table', async () => {
    const before = await version();
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await sql`truncate show_past_guests`.execute(trx);
        const inside = await trx
          .selectFrom('data_version')
          .select('version')
          .executeTakeFirstOrThrow();
        assert.equal(Number(inside.version), before + 1);
        throw new Error('keep the rows');
      })
      .catch((error: Error) => assert.equal(error.message, 'keep the rows'));
  });

  it('is bumped by deferred row triggers (and a TRUNCATE trigger), never by one per statement', async () => {
    const { rows } = await sql<{ table_name: string; trigger_name: string }>`
      select c.relname as table_name, t.tgname as trigger_name
      from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc f on f.oid = t.tgfoid
      where c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
        and f.proname like 'bump_data_version%'
        and not (
          -- a row trigger run at the commit
          ((t.tgtype & 1) = 1 and t.tgdeferrable and t.tginitdeferred)
          -- a statement trigger of TRUNCATE only (no row trigger fires for it)
          or ((t.tgtype & 1) = 0 and (t.tgtype & (4 | 8 | 16)) = 0 and (t.tgtype & 32) = 32)
        )
    `.execute(ctx.db);
    assert.deepEqual(rows, [], 'a trigger that bumps the data version before the commit');
  });

  it(
    'is not held by a transaction writing a public table, for another to wait on, until its commit',
    { skip: onPostgres ? false : 'PGlite has one connection: its transactions never overlap' },
    async () => {
      const before = await version();
      const [first, second] = await ctx.db
        .selectFrom('bookings')
        .select('id')
        .orderBy('id')
        .limit(2)
        .execute();
      const writing = await ctx.db.startTransaction().execute();
      try {
        await writing
          .updateTable('bookings')
          .set({ updated_at: new Date() })
          .where('id', '=', first!.id)
          .execute();
        await ctx.db.transaction().execute(async (trx) => {
          await sql`set local lock_timeout = '1s'`.execute(trx);
          await trx
            .updateTable('bookings')
            .set({ updated_at: new Date() })
            .where('id', '=', second!.id)
            .execute();
        });
        await writing.commit().execute();
      } catch (error) {
        await writing.rollback().execute();
        throw error;
      }
      assert.equal(await version(), before + 2);
    },
  );
});
