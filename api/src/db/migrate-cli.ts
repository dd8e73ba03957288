import { serverConfigFromEnv } from '../config';
import { openConfiguredDatabase } from './open-configured';
import { migrate } from './migrate';

const config = serverConfigFromEnv();
const opened = await openConfiguredDatabase(config);
try {
  const applied = await migrate(opened.db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Nothing to migrate.');
} finally {
  await opened.close();
}
