import { parseArgs } from 'node:util';
import {
  CompiledQuery,
  QueryNode,
  RawNode,
  SelectQueryNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type UnknownRow,
} from 'kysely';
import { serverConfigFromEnv } from '../src/config';
import type { DB } from '../src/db/database';
import { openConfiguredDatabase } from '../src/db/open-configured';
import { expireOverdueBookings } from '../src/modules/bookings/actions';
import { releasePayouts } from '../src/modules/bookings/completion-payouts';
import {
  askCompletionQuestions,
  askScheduledQuestions,
  completeSilentBookings,
  takeSilenceAsScheduled,
} from '../src/modules/bookings/completion-sweep';
import { LocalPaymentProvider } from '../src/modules/payments/local-provider';

// The booking sweeps' look-ups (decisions 116, 121) on a large database: each sweep's query that
// finds what is due is taken as the sweep builds it (the sweep stops there: nothing is written),
// then run under EXPLAIN (ANALYZE, BUFFERS) and timed as sent, in a transaction rolled back.
//   DATABASE_URL=... npx tsx scripts/explain-sweeps.ts [--advance-days=N | --whole] [--runs=7] [--plans]
//   DATA_DIR=/tmp/pglite npx tsx scripts/explain-sweeps.ts
// Seed the database first: `npm run seed:large -w api -- --bookings=100000`. --advance-days
// moves the sweeps' clock ahead, so that some bookings are due. --whole also times each sweep
// as the server runs it (transaction included), at the real time: that one writes whatever is
// due, as the server would. A measurement, not a test.

const { values } = parseArgs({
  options: {
    'advance-days': { type: 'string', default: '0' },
    runs: { type: 'string', default: '7' },
    plans: { type: 'boolean', default: false },
    whole: { type: 'boolean', default: false },
  },
});
const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date(Date.now() + Number(values['advance-days']) * DAY_MS);
const RUNS = Number(values.runs);
if (values.whole && values['advance-days'] !== '0') {
  console.error('--whole runs the sweeps at the real time: leave out --advance-days');
  process.exit(1);
}

class Captured extends Error {}

/**
 * Takes the sweep's SELECT number `index` (from 0), compiled as it would be sent, and stops the
 * sweep there; the SELECTs before it find nothing (`and false`), so nothing is written.
 */
class CaptureSelect implements KyselyPlugin {
  query: CompiledQuery | null = null;
  #seen = 0;
  constructor(
    private readonly base: DB,
    private readonly index: number,
  ) {}

  transformQuery(args: PluginTransformQueryArgs) {
    if (!SelectQueryNode.is(args.node)) return args.node;
    if (this.#seen++ < this.index) {
      return QueryNode.cloneWithWhere(args.node, RawNode.createWithSql('false'));
    }
    this.query = this.base.getExecutor().compileQuery(args.node, args.queryId);
    throw new Captured();
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

async function captured(
  base: DB,
  sweep: (db: DB) => Promise<unknown>,
  index: number,
): Promise<CompiledQuery | null> {
  const capture = new CaptureSelect(base, index);
  try {
    await sweep(base.withPlugin(capture));
  } catch (error) {
    if (!(error instanceof Captured)) throw error;
  }
  return capture.query;
}

class Rollback extends Error {}

/** Runs `query` in a transaction that is rolled back (FOR UPDATE takes locks). */
async function inRollback<T>(base: DB, query: CompiledQuery): Promise<{ rows: T[]; ms: number }> {
  let result: { rows: T[]; ms: number } | null = null;
  try {
    await base.transaction().execute(async (trx) => {
      const started = performance.now();
      const { rows } = await trx.executeQuery<T>(query);
      result = { rows, ms: performance.now() - started };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!result) throw new Error('no result');
  return result;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const config = serverConfigFromEnv();
const opened = await openConfiguredDatabase(config);
const base = opened.db;
const payments = new LocalPaymentProvider(base);
const clock = () => now;
const askCompletion = (db: DB) => askCompletionQuestions({ db, payments, payouts: null }, now);
/** Each look-up: its name, the sweep, and which of the sweep's SELECTs it is. */
const lookups: [string, (db: DB) => Promise<unknown>, number][] = [
  ['expire', (db) => expireOverdueBookings({ db, payments, now: clock }), 0],
  ['scheduled by silence', (db) => takeSilenceAsScheduled({ db, payments, payouts: null }, now), 0],
  ['ask completion', askCompletion, 0],
  ['ask completion, 2nd select', askCompletion, 1],
  ['ask scheduled', (db) => askScheduledQuestions({ db, payments, payouts: null }, now), 0],
  ['complete silent', (db) => completeSilentBookings({ db, payments, payouts: null }, now), 0],
  ['release payouts', (db) => releasePayouts({ db, payouts: null, now: clock }), 0],
];

try {
  const { rows: counts } = await inRollback<{ bookings: string }>(
    base,
    CompiledQuery.raw('select count(*) as bookings from bookings'),
  );
  console.log(
    `${opened.kind}, ${counts[0]?.bookings} bookings, sweeps' now ${now.toISOString()}, ${RUNS} runs`,
  );
  for (const [name, sweep, index] of lookups) {
    const query = await captured(base, sweep, index);
    if (!query) {
      console.log(`\n## ${name}: no such select`);
      continue;
    }
    const explain = CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [
      ...query.parameters,
    ]);
    const plans: string[][] = [];
    const sent: number[] = [];
    let due = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const { rows } = await inRollback<Record<string, string>>(base, explain);
      plans.push(rows.map((row) => Object.values(row)[0] ?? ''));
      const timed = await inRollback(base, query);
      sent.push(timed.ms);
      due = timed.rows.length;
    }
    const figure = (label: string) =>
      median(
        plans.map((plan) =>
          Number(/([\d.]+) ms/.exec(plan.find((l) => l.startsWith(label)) ?? '')?.[1]),
        ),
      );
    console.log(
      `\n## ${name}: ${due} due; planning ${figure('Planning Time').toFixed(3)} ms, execution ${figure('Execution Time').toFixed(3)} ms, sent ${median(sent).toFixed(2)} ms (medians)`,
    );
    if (values.plans) {
      console.log(query.sql.replace(/\s+/g, ' '));
      console.log(plans.at(-1)!.join('\n'));
    }
  }
  if (values.whole) {
    console.log('\n## each sweep as the server runs it (median ms, what it did)');
    for (const [name, sweep] of lookups.filter(([, , index]) => index === 0)) {
      const times: number[] = [];
      let did: unknown = null;
      for (let run = 0; run < RUNS; run += 1) {
        const started = performance.now();
        did = await sweep(base);
        times.push(performance.now() - started);
      }
      console.log(`${name}: ${median(times).toFixed(2)} ms (${JSON.stringify(did)})`);
    }
  }
} finally {
  await opened.close();
}
