import type { AppConfig } from '../config';
import type { DB } from '../db/database';

// What buildApp() hangs on the Fastify instance for every module.
declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: AppConfig;
  }
  interface FastifyContextConfig {
    /** false: skip the CSRF check (none of today's routes). */
    csrf?: boolean;
  }
}

export {};
