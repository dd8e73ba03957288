import cluster from 'node:cluster';
import fs from 'node:fs';
import { buildApp } from './app';
import { DEV_SESSION_SECRET, productionConfigProblems, serverConfigFromEnv } from './config';
import { DataDirLockedError } from './db/lock';
import { migrate } from './db/migrate';
import { openConfiguredDatabase } from './db/open-configured';
import { seedDemoData } from './db/seed/seed';
import { deleteExpiredSessions } from './modules/auth/sessions';
import { startBookingSweeps } from './modules/bookings/completion-sweep';
import { REPUTATION_REFRESH_MS, startReputationRefresh } from './modules/reputation/refresh';

const config = serverConfigFromEnv();
const problems = productionConfigProblems(config);
if (problems.length > 0) {
  console.error(
    `guestspot api: refusing to start with NODE_ENV=production:\n${problems
      .map((problem) => `  - ${problem}`)
      .join('\n')}`,
  );
  process.exit(1);
}
if (cluster.isPrimary && config.sessionSecret === DEV_SESSION_SECRET) {
  console.warn('guestspot api: SESSION_SECRET is not set; using the development secret.');
}
if (cluster.isPrimary && config.reset && config.databaseUrl) {
  console.warn(
    'guestspot api: API_RESET wipes the PGlite data folder only; DATABASE_URL is left alone.',
  );
}

/** Opens the database, or says why it cannot (another process holds the PGlite folder). */
async function openDatabase() {
  try {
    return await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`guestspot api: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

/** Migrations, demo data and the expired sessions: once, before any process answers. */
async function prepare(database: Awaited<ReturnType<typeof openDatabase>>) {
  const applied = await migrate(database.db);
  if (config.seed) {
    const { seeded } = await seedDemoData(database.db);
    if (seeded)
      console.log('guestspot api: seeded the demo data (password for every account: Password123).');
  }
  await deleteExpiredSessions(database.db);
  return applied;
}

/** One API process: its own database pool, its kept answers, its NOTIFY listener. */
async function serve({ prepared }: { prepared: boolean }) {
  const database = await openDatabase();
  // API_RESET wiped the PGlite folder (under its lock): the files its rows named go too, from the
  // default media folder beside it only (a MEDIA_DIR set by hand is never emptied).
  if (config.reset && database.kind === 'pglite' && !config.s3 && !process.env.MEDIA_DIR) {
    fs.rmSync(config.mediaDir, { recursive: true, force: true });
  }
  const applied = prepared ? 0 : await prepare(database);
  const app = await buildApp({
    db: database.db,
    events: database,
    config,
    logger: { level: config.logLevel },
  });

  let closing = false;
  let stopSweep = () => {};
  let stopReputation = () => {};
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    stopSweep();
    stopReputation();
    app.log.info(`${signal}: closing`);
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // Unanswered bookings expire and their card holds are released; past interviews are asked
  // about, completed after seven days of silence, and their payouts released (decision 116).
  // Every process may sweep: each booking is claimed or re-checked under its row lock. The
  // app's clock: the test clock moves it in development (POST /dev/clock).
  if (config.bookingExpirySweepMs > 0) {
    const sweep = startBookingSweeps(
      { db: database.db, payments: app.payments, payouts: app.payouts, now: app.config.now },
      config.bookingExpirySweepMs,
      (error) => app.log.error({ err: error }, 'booking sweep failed'),
    );
    stopSweep = sweep.stop;
  }
  // Reputation's 90-day window slides (decision 114): recount every profile hourly.
  const reputation = startReputationRefresh(
    database.db,
    config.now,
    REPUTATION_REFRESH_MS,
    (error) => app.log.error({ err: error }, 'reputation refresh failed'),
  );
  stopReputation = reputation.stop;
  app.log.info(
    {
      database: database.kind === 'pglite' ? config.dataDir : 'DATABASE_URL',
      migrationsApplied: applied,
      ...(cluster.isWorker ? { process: cluster.worker?.id } : {}),
    },
    'guestspot api ready',
  );
}

/**
 * API_PROCESSES > 1 (PostgreSQL only): this process prepares the database, then starts that many
 * API processes sharing the port (node:cluster hands connections to them in turn), each with a
 * core of its own. Everything they share is in the database (docs/deploy.md). A process that
 * dies after it started answering is replaced; one that cannot start stops them all.
 */
async function startProcesses(count: number) {
  const database = await openDatabase();
  await prepare(database);
  await database.close();

  let closing = false;
  const alive = new Set<number>();
  const listening = new Set<number>();
  const fork = () => alive.add(cluster.fork().id);
  cluster.on('listening', (worker) => listening.add(worker.id));
  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker.id);
    if (closing) {
      // process.exitCode says whether they stopped because one could not start.
      if (alive.size === 0) process.exit();
      return;
    }
    if (!listening.has(worker.id)) {
      console.error(`guestspot api: an API process could not start (exit ${code ?? signal}).`);
      process.exitCode = 1;
      shutdown();
      return;
    }
    console.error(
      `guestspot api: API process ${worker.id} died (${code ?? signal}); starting another.`,
    );
    fork();
  });
  function shutdown() {
    if (closing) return;
    closing = true;
    if (alive.size === 0) process.exit();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  }
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (let index = 0; index < count; index += 1) fork();
  console.log(`guestspot api: ${count} processes on ${config.host}:${config.port}.`);
}

if (cluster.isWorker) await serve({ prepared: true });
else if (config.processes > 1) await startProcesses(config.processes);
else await serve({ prepared: false });
