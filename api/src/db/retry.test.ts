import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestContext } from '../test/harness';
import { transactionRetried } from './retry';

// The transaction tried again after a deadlock or a serialization failure (decision 124).

let ctx: TestContext;

before(async () => {
  ctx = await startTestApp();
});
after(() => ctx.close());

/** An error as pg reports PostgreSQL's. */
const failure = (code: string) => Object.assign(new Error(`SQLSTATE ${code}`), { code });

async function tagName(id: number): Promise<string> {
  const row = await ctx.db
    .selectFrom('tags')
    .select('name')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.name;
}

describe('transactionRetried', () => {
  it('runs the work again in a new transaction after a deadlock or a serialization failure', async () => {
    const { id, name } = await ctx.db
      .selectFrom('tags')
      .select(['id', 'name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const seen: string[] = [];
    const codes = ['40P01', '40001'];
    const answer = await transactionRetried(
      ctx.db,
      async (trx) => {
        // Each try starts from what is committed: the failed tries' writes were rolled back.
        const row = await trx
          .selectFrom('tags')
          .select('name')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        seen.push(row.name);
        await trx
          .updateTable('tags')
          .set({ name: `${name} (tried)` })
          .where('id', '=', id)
          .execute();
        const code = codes.shift();
        if (code) throw failure(code);
        return 'done';
      },
      { pauseMs: 1 },
    );
    assert.equal(answer, 'done');
    assert.deepEqual(seen, [name, name, name]);
    assert.equal(await tagName(id), `${name} (tried)`);
    await ctx.db.updateTable('tags').set({ name }).where('id', '=', id).execute();
  });

  it('throws any other error at once, and the last try’s', async () => {
    let tries = 0;
    await assert.rejects(
      transactionRetried(ctx.db, async () => {
        tries += 1;
        throw failure('23505');
      }),
      /23505/,
    );
    assert.equal(tries, 1);
    tries = 0;
    await assert.rejects(
      transactionRetried(
        ctx.db,
        async () => {
          tries += 1;
          throw failure('40P01');
        },
        { attempts: 3, pauseMs: 1 },
      ),
      /40P01/,
    );
    assert.equal(tries, 3);
  });
});
