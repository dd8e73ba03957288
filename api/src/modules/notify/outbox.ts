import type { FastifyInstance } from 'fastify';
import { sql, type Transaction } from 'kysely';
import type { DatabaseEvents } from '../../db/database';
import type { Database } from '../../db/schema';
import { syncCalendars } from './calendar';
import { loadNotifyContext } from './context';
import { activityEmails } from './emails';
import { activityNotifications, storeNotifications } from './notifications';

// The activity outbox's worker (decision 112). Migration 040's trigger gives every activity that
// someone must hear about a row per consumer ('email', 'calendar'; 'notification' since 042,
// decision 113) in the transaction that records it. A drain claims due rows (FOR UPDATE SKIP
// LOCKED: two processes never claim the same row), runs each consumer, and marks the row done; a
// failure is tried again after a backoff, up to MAX_ATTEMPTS, keeping the last error.
//
// Sent once: with the local outbox mailer the emails (and always the notifications) are stored in
// the transaction that marks the row done, and only by the claim that still holds it. With SMTP
// the email is sent while the row is claimed and marked done right after: a process dying in
// between sends it again after the claim's lease (at least once). Calendar writes are idempotent
// (same UID, same state).

/** What the worker uses: an app has it all (tests may hand in another mailer or settings). */
export type OutboxDeps = Pick<FastifyInstance, 'db' | 'config' | 'log' | 'mailer'>;

/** Tries before a row is given up (its last_error kept). */
export const MAX_ATTEMPTS = 8;
/**
 * How long a claim keeps its row from other workers: longer than running one row may take (an
 * SMTP send, or a few calendar calls of at most 30 s each, all with timeouts); a row whose worker
 * died is taken up again after it. Rows are claimed one at a time, so a slow row never eats the
 * lease of the next.
 */
export const CLAIM_LEASE_SECONDS = 15 * 60;

/** The wait before try `attempts + 1`: 30 s, doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 60 * 60);
}

interface Claimed {
  id: number;
  activity_id: number;
  consumer: 'email' | 'calendar' | 'notification';
  /** this claim's number: finishing needs it unchanged (no other claim since) */
  attempts: number;
}

/**
 * Rows whose last claim's lease ran out with no try left (their worker died each time, e.g. a
 * poison row that stops the process): given up rather than claimed for ever.
 */
async function giveUpAbandoned({ db }: OutboxDeps): Promise<void> {
  await db
    .updateTable('activity_outbox')
    .set({
      gave_up_at: sql`now()`,
      last_error: sql`coalesce(last_error, 'Its worker stopped while running it.')`,
    })
    .where('done_at', 'is', null)
    .where('gave_up_at', 'is', null)
    .where('attempts', '>=', MAX_ATTEMPTS)
    .where('run_after', '<=', sql<Date>`now()`)
    .execute();
}

async function claim({ db }: OutboxDeps): Promise<Claimed | undefined> {
  return db
    .updateTable('activity_outbox')
    .set({
      attempts: sql`attempts + 1`,
      run_after: sql`now() + make_interval(secs => ${CLAIM_LEASE_SECONDS})`,
    })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('activity_outbox')
        .select('id')
        .where('done_at', 'is', null)
        .where('gave_up_at', 'is', null)
        .where('attempts', '<', MAX_ATTEMPTS)
        .where('run_after', '<=', sql<Date>`now()`)
        .orderBy('run_after')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'activity_id', 'consumer', 'attempts'])
    .executeTakeFirst();
}

/** Done, unless another claim took the row over since (its lease ran out). */
async function markDone(deps: OutboxDeps, row: Claimed): Promise<void> {
  await deps.db
    .updateTable('activity_outbox')
    .set({ done_at: sql`now()` })
    .where('id', '=', row.id)
    .where('attempts', '=', row.attempts)
    .where('done_at', 'is', null)
    .execute();
}

async function markFailed(deps: OutboxDeps, row: Claimed, error: unknown): Promise<void> {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const givingUp = row.attempts >= MAX_ATTEMPTS;
  await deps.db
    .updateTable('activity_outbox')
    .set({
      last_error: message.slice(0, 2000),
      run_after: sql`now() + make_interval(secs => ${retryDelaySeconds(row.attempts)})`,
      gave_up_at: givingUp ? sql`now()` : null,
    })
    .where('id', '=', row.id)
    .where('attempts', '=', row.attempts)
    .where('done_at', 'is', null)
    .execute();
  const log = { err: error, outbox: row.id, activity: row.activity_id, consumer: row.consumer };
  if (givingUp) deps.log.error(log, 'activity outbox: gave up');
  else deps.log.warn(log, 'activity outbox: will try again');
}

/**
 * Marks the row done and writes what it produced in one transaction, only while this claim still
 * holds the row: exactly once, whatever the number of workers.
 */
async function finishWith(
  deps: OutboxDeps,
  row: Claimed,
  write: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const mine = await trx
      .updateTable('activity_outbox')
      .set({ done_at: sql`now()` })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where('done_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (mine) await write(trx);
  });
}

/** Runs one claimed row's consumer and marks it done (its emails, when stored, with it). */
async function run(deps: OutboxDeps, row: Claimed): Promise<void> {
  const context = await loadNotifyContext(deps.db, row.activity_id);
  if (row.consumer === 'calendar') {
    if (context) await syncCalendars(deps, context, deps.config.appUrl);
    await markDone(deps, row);
    return;
  }
  if (row.consumer === 'notification') {
    const notifications = context ? await activityNotifications(deps.db, context) : [];
    await finishWith(deps, row, (trx) => storeNotifications(trx, notifications));
    return;
  }
  const messages = context
    ? activityEmails(context, { appUrl: deps.config.appUrl, mailFrom: deps.config.mailFrom })
    : [];
  if (deps.mailer.kind === 'outbox') {
    // Stored and marked done together, by the claim that still holds the row: exactly once.
    await finishWith(deps, row, async (trx) => {
      for (const message of messages) await deps.mailer.send(message, trx);
    });
    return;
  }
  for (const message of messages) await deps.mailer.send(message);
  await markDone(deps, row);
}

/**
 * Runs every due row, oldest first, until none is left; answers how many were run (done or
 * failed). Safe to call from several processes at once. The tests call it to tell people now.
 */
export async function drainOutbox(deps: OutboxDeps): Promise<number> {
  let processed = 0;
  await giveUpAbandoned(deps);
  for (let row = await claim(deps); row; row = await claim(deps)) {
    try {
      await run(deps, row);
    } catch (error) {
      await markFailed(deps, row, error);
    }
    processed += 1;
  }
  return processed;
}

export interface OutboxWorker {
  /** Drains now (or again right after the drain under way). */
  kick(): void;
  /** Stops polling and listening, and waits for the drain under way. */
  stop(): Promise<void>;
}

/**
 * Drains every `pollMs`, and whenever the database announces new rows (migration 040's NOTIFY
 * activity_outbox), never two drains at once in this process.
 */
export function startOutboxWorker(
  deps: OutboxDeps,
  { pollMs, events }: { pollMs: number; events?: DatabaseEvents },
): OutboxWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await drainOutbox(deps).catch((error: unknown) =>
          deps.log.error({ err: error }, 'activity outbox: drain failed'),
        );
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  };

  const timer = setInterval(kick, pollMs);
  timer.unref();
  const unlisten = events?.listen('activity_outbox', {
    message: kick,
    connected: (listening) => {
      // notifications may have been missed while not listening
      if (listening) kick();
    },
  });
  kick();

  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten?.();
      await running;
    },
  };
}
