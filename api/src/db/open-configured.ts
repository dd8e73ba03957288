import type { ServerConfig } from '../config';
import { openPgliteFolder, openPostgres, type OpenDatabase } from './database';

/** DATABASE_URL wins; otherwise the PGlite folder DATA_DIR (wiped first when API_RESET=1). */
export function openConfiguredDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'reset'>,
): Promise<OpenDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPgliteFolder({ dataDir: config.dataDir, reset: config.reset });
}
