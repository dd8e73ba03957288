import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { FieldRules } from './schema';
import type { DB } from '../db/database';
import type { Mailer } from '../modules/mail/mailer';
import type { PaymentProvider } from '../modules/payments/provider';
import type { PayoutProvider } from '../modules/payouts/provider';
import type { GeolocationProvider } from '../modules/geolocation/provider';
import type { EmailLookupProvider } from '../modules/email-lookup/provider';
import type { MediaStorage } from '../modules/uploads/storage/storage';

// What buildApp() hangs on the Fastify instance for every module.
declare module 'fastify' {
  interface FastifyInstance {
    db: DB;
    config: AppConfig;
    mailer: Mailer;
    /** Stripe or the offline LOCAL provider (modules/payments). */
    payments: PaymentProvider;
    /** Stripe Connect, the offline LOCAL provider, or null when neither may run (modules/payouts). */
    payouts: PayoutProvider | null;
    /** The visitor's country by IP (modules/geolocation). */
    geolocation: GeolocationProvider;
    /** The data version now (http/public-cache.ts, decision 080). */
    dataVersion: () => Promise<string>;
    /** Hunter.io or the offline local lookup of a domain's emails (modules/email-lookup). */
    emailLookup: EmailLookupProvider;
    /** Uploads' bytes: the MEDIA_DIR folder or an S3-compatible bucket (modules/uploads/storage). */
    media: MediaStorage;
  }
  interface FastifyContextConfig {
    /** false: skip the CSRF check (the local payout onboarding form, which checks otherwise). */
    csrf?: boolean;
    /** true: a user whose email is not verified may make this write (decision 066). */
    allowPendingEmail?: boolean;
    /** true: a user who has not accepted the Terms of Service may make this write (066). */
    allowTermsPending?: boolean;
    /** true: a GET that acts (pays a provider, creates something there): guarded like a write. */
    sideEffects?: boolean;
    /** Field rules beyond the body schema (decision 069; http/schema.ts bodyRules). */
    rules?: FieldRules;
    /**
     * true: a visitor's answer (no session) depends only on the URL and the data, and is kept
     * until the data version changes (http/public-cache.ts, decision 080).
     */
    publicCache?: boolean;
    /**
     * With publicCache: the answer's profiles differ for a signed-in user only by their
     * `is_favourited`, of this profile type; a kept answer serves them with their favourites
     * marked (http/public-cache.ts, decision 080).
     */
    favouritesOf?: (request: FastifyRequest) => 'guest' | 'show';
    /**
     * With publicCache: the answer also depends on the time, so it is kept at most this long
     * (and never past a data change); a signed-in user who is not the profile's owner gets the
     * same answer as a visitor, so a kept one serves them too (availability slots, decision 104).
     */
    keptForMs?: number;
    /**
     * true: a signed-in user's answer (a GET) depends only on the URL, their session and the
     * data, and is kept for them until their data or the data version changes, at most
     * PRIVATE_KEPT_MS (http/private-cache.ts, decision 123).
     */
    privateCache?: boolean;
  }
}

export {};
