import { serverConfigFromEnv } from '../../config';
import { checkLedger } from '../../modules/booking-money/ledger-check';
import { migrate } from '../migrate';
import { openConfiguredDatabase } from '../open-configured';
import { LARGE_CATALOGUE_SIZE, seedLargeCatalogue } from './large';
import { LARGE_BOOKINGS_SIZE, seedLargeBookings } from './large-bookings';
import { seedDemoData } from './seed';

// `npm run seed:large -w api [-- --count=N --bookings=M]`: migrates, seeds the demo data when the
// database is empty, then adds the large benchmark catalogue (N profiles) and M bookings between
// them with their ledger (0: none), checked by the standing money check, on DATA_DIR or
// DATABASE_URL, like the server.

function numberArg(name: string, fallback: number, min: number): number {
  const arg = process.argv.find((candidate) => candidate.startsWith(`--${name}=`));
  const value = arg ? Number(arg.slice(name.length + 3)) : fallback;
  if (!Number.isInteger(value) || value < min || value > 1_000_000) {
    console.error(`--${name} must be an integer from ${min} to 1000000`);
    process.exit(1);
  }
  return value;
}

const count = numberArg('count', LARGE_CATALOGUE_SIZE, 2);
const bookings = numberArg('bookings', LARGE_BOOKINGS_SIZE, 0);

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
  if (bookings > 0) {
    const added = await seedLargeBookings(opened.db, { count: bookings });
    console.log(
      added
        ? `Added ${added.bookings} bookings, ${added.activities} activities and ${added.payments} ledger rows in ${added.seconds.toFixed(1)} s.`
        : 'The large bookings are already there: nothing added.',
    );
    // The seeded ledger must pass the standing money check, as the demo's does.
    const violations = await checkLedger(opened.db);
    console.log(`Ledger check: ${violations.length} violations.`);
    if (violations.length > 0) {
      console.error(violations.slice(0, 10));
      process.exitCode = 1;
    }
  }
} finally {
  await opened.close();
}
