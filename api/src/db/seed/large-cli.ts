import { serverConfigFromEnv } from '../../config';
import { migrate } from '../migrate';
import { openConfiguredDatabase } from '../open-configured';
import { LARGE_CATALOGUE_SIZE, seedLargeCatalogue } from './large';
import { seedDemoData } from './seed';

// `npm run seed:large -w api [-- --count=N]`: migrates, seeds the demo data when the database is
// empty, then adds the large benchmark catalogue (DATA_DIR or DATABASE_URL, like the server).

const countArg = process.argv.find((arg) => arg.startsWith('--count='));
const count = countArg ? Number(countArg.slice('--count='.length)) : LARGE_CATALOGUE_SIZE;
if (!Number.isInteger(count) || count < 2 || count > 1_000_000) {
  console.error('--count must be an integer from 2 to 1000000');
  process.exit(1);
}

const config = serverConfigFromEnv();
const opened = await openConfiguredDatabase(config);
try {
  await migrate(opened.db);
  await seedDemoData(opened.db);
  const result = await seedLargeCatalogue(opened.db, { count });
  console.log(
    result
      ? `Added ${result.guests} guests and ${result.shows} shows in ${result.seconds.toFixed(1)} s.`
      : 'The large catalogue is already there: nothing added.',
  );
} finally {
  await opened.close();
}
