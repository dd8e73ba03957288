import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import type { Mailer } from '../modules/mail/mailer';

// What buildApp() hangs on the Fastify instance for every module.
declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: AppConfig;
    mailer: Mailer;
  }
  interface FastifyContextConfig {
    /** false: skip the CSRF check (none of today's routes). */
    csrf?: boolean;
  }
}

export {};
