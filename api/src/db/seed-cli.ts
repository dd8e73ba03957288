import { serverConfigFromEnv } from '../config';
import { migrate } from './migrate';
import { openConfiguredDatabase } from './open-configured';
import { seedDemoData } from './seed/seed';

const config = serverConfigFromEnv();
const opened = await openConfiguredDatabase(config);
try {
  await migrate(opened.db);
  const { seeded } = await seedDemoData(opened.db);
  console.log(seeded ? 'Seeded the demo data.' : 'The database already has users: nothing seeded.');
} finally {
  await opened.close();
}
