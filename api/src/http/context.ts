import type { AppConfig } from '../config';
import type { DB } from '../db/database';
import type { Mailer } from '../modules/mail/mailer';
import type { PaymentProvider } from '../modules/payments/provider';

// What buildApp() hangs on the Fastify instance for every module.
declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: AppConfig;
    mailer: Mailer;
    /** Stripe or the offline LOCAL provider (modules/payments). */
    payments: PaymentProvider;
  }
  interface FastifyContextConfig {
    /** false: skip the CSRF check (none of today's routes). */
    csrf?: boolean;
  }
}

export {};
