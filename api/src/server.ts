import { buildApp } from './app';
import { DEV_SESSION_SECRET, productionConfigProblems, serverConfigFromEnv } from './config';
import { DataDirLockedError } from './db/lock';
import { migrate } from './db/migrate';
import { openConfiguredDatabase } from './db/open-configured';
import { seedDemoData } from './db/seed/seed';
import { deleteExpiredSessions } from './modules/auth/sessions';

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
if (config.sessionSecret === DEV_SESSION_SECRET) {
  console.warn('guestspot api: SESSION_SECRET is not set; using the development secret.');
}
if (config.reset && config.databaseUrl) {
  console.warn(
    'guestspot api: API_RESET wipes the PGlite data folder only; DATABASE_URL is left alone.',
  );
}

let opened;
try {
  opened = await openConfiguredDatabase(config);
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(`guestspot api: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
const database = opened;

const applied = await migrate(database.db);
if (config.seed) {
  const { seeded } = await seedDemoData(database.db);
  if (seeded)
    console.log('guestspot api: seeded the demo data (password for every account: Password123).');
}
await deleteExpiredSessions(database.db);

const app = await buildApp({
  db: database.db,
  events: database,
  config,
  logger: { level: config.logLevel },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
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
app.log.info(
  {
    database: database.kind === 'pglite' ? config.dataDir : 'DATABASE_URL',
    migrationsApplied: applied,
  },
  'guestspot api ready',
);
