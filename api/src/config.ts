import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** api/ itself, whatever the current directory is. */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEV_SESSION_SECRET = 'guestspot-dev-session-secret-change-me';

export interface AppConfig {
  /** Signs the XSRF-TOKEN cookie. */
  sessionSecret: string;
  /** Adds `Secure` to cookies; turn on behind HTTPS. */
  cookieSecure: boolean;
  /**
   * The site's public origin (the shell), without a trailing slash: links in emails and the
   * OAuth return pages point here.
   */
  appUrl: string;
  /** smtp://user:pass@host:port; unset: email goes to the local outbox (GET /api/v1/dev/outbox). */
  smtpUrl: string | null;
  mailFrom: string;
  /** Set: bill with Stripe. Unset: the offline LOCAL payment provider (test cards only). */
  stripeSecretKey: string | null;
  stripePublishableKey: string | null;
  /** Stripe Price ids of the Pro plans. */
  stripePriceMonthly: string | null;
  stripePriceYearly: string | null;
  /** OAuth client credentials per provider (FACEBOOK_CLIENT_ID + FACEBOOK_CLIENT_SECRET, ...). */
  oauthCredentials: Record<string, { clientId: string; clientSecret: string }>;
  /**
   * The offline local OAuth provider (a consent page of our own) stands in for every provider
   * without credentials. On unless NODE_ENV=production (OAUTH_LOCAL=1/0 overrides): it lets anyone
   * sign in as any email, so it must never serve real users.
   */
  oauthLocal: boolean;
  /**
   * iCloud calendars: the CalDAV server (https://caldav.icloud.com) to check app-specific
   * passwords against. Null: the offline LOCAL iCloud provider (decision 032). ICLOUD_CALDAV_URL
   * sets it ('local' forces the local provider); in production it defaults to iCloud.
   */
  icloudCaldavUrl: string | null;
  /**
   * Payout accounts without STRIPE_SECRET_KEY: the offline LOCAL provider's onboarding and
   * dashboard pages. On unless NODE_ENV=production (PAYOUT_LOCAL=1/0 overrides).
   */
  payoutLocal: boolean;
  /**
   * LOCAL provider: how long after the details are submitted charges become enabled
   * (PAYOUT_LOCAL_ACTIVATION_MS), so the settings page shows Pending before Connected.
   */
  payoutLocalActivationMs: number;
  /**
   * An IP geolocation service answering ip-api.com's JSON ({status, countryCode}); `{ip}` in the
   * URL is replaced by the caller's address (GEOLOCATION_URL). Unset: the offline local lookup.
   */
  geolocationUrl: string | null;
  /** How long to wait for that service before answering 'fail' (GEOLOCATION_TIMEOUT_MS). */
  geolocationTimeoutMs: number;
  /** The country of loopback and private addresses (GEO_DEFAULT_COUNTRY, ISO alpha-2). */
  geoDefaultCountry: string;
  /** Hunter.io key for the wishlist's email lookup (HUNTER_API_KEY). Unset: the offline local one. */
  hunterApiKey: string | null;
  /** How long to wait for the email lookup service (EMAIL_LOOKUP_TIMEOUT_MS). */
  emailLookupTimeoutMs: number;
}

const OAUTH_PROVIDERS = [
  'facebook',
  'google',
  'microsoft',
  'instagram',
  'youtube',
  'twitter',
  'tiktok',
  'stripe',
];

function oauthCredentialsFromEnv(env: NodeJS.ProcessEnv): AppConfig['oauthCredentials'] {
  const credentials: AppConfig['oauthCredentials'] = {};
  for (const provider of OAUTH_PROVIDERS) {
    const prefix = provider.toUpperCase();
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (clientId && clientSecret) credentials[provider] = { clientId, clientSecret };
  }
  return credentials;
}

export interface ServerConfig extends AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  seed: boolean;
  reset: boolean;
  logLevel: string;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

function milliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new Error(`${name} must be a whole number of milliseconds, got "${value}".`);
  }
  return parsed;
}

function countryCode(value: string | undefined): string {
  const code = (value ?? '').trim().toUpperCase();
  if (code === '') return 'US';
  if (!/^[A-Z]{2}$/.test(code)) {
    throw new Error(`GEO_DEFAULT_COUNTRY must be an ISO 3166-1 alpha-2 code, got "${value}".`);
  }
  return code;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 4000;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}".`);
  }
  return parsed;
}

function icloudCaldavUrl(env: NodeJS.ProcessEnv): string | null {
  const value = env.ICLOUD_CALDAV_URL;
  if (value === 'local') return null;
  if (value) return value.replace(/\/+$/, '');
  return env.NODE_ENV === 'production' ? 'https://caldav.icloud.com' : null;
}

export function appConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    sessionSecret: env.SESSION_SECRET || DEV_SESSION_SECRET,
    cookieSecure: flag(env.COOKIE_SECURE, false),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Guestspot <hello@guestspot.test>',
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    stripePriceMonthly: env.STRIPE_PRICE_MONTHLY || null,
    stripePriceYearly: env.STRIPE_PRICE_YEARLY || null,
    oauthCredentials: oauthCredentialsFromEnv(env),
    oauthLocal: flag(env.OAUTH_LOCAL, env.NODE_ENV !== 'production'),
    icloudCaldavUrl: icloudCaldavUrl(env),
    payoutLocal: flag(env.PAYOUT_LOCAL, env.NODE_ENV !== 'production'),
    payoutLocalActivationMs: milliseconds(
      'PAYOUT_LOCAL_ACTIVATION_MS',
      env.PAYOUT_LOCAL_ACTIVATION_MS,
      5000,
    ),
    geolocationUrl: env.GEOLOCATION_URL || null,
    geolocationTimeoutMs: milliseconds('GEOLOCATION_TIMEOUT_MS', env.GEOLOCATION_TIMEOUT_MS, 2000),
    geoDefaultCountry: countryCode(env.GEO_DEFAULT_COUNTRY),
    hunterApiKey: env.HUNTER_API_KEY || null,
    emailLookupTimeoutMs: milliseconds(
      'EMAIL_LOOKUP_TIMEOUT_MS',
      env.EMAIL_LOOKUP_TIMEOUT_MS,
      5000,
    ),
    appUrl: (env.APP_URL || `http://127.0.0.1:${env.SHELL_PORT || 3000}`).replace(/\/+$/, ''),
  };
}

export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    ...appConfigFromEnv(env),
    port: port(env.PORT),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || path.join(API_ROOT, 'data', 'pglite')),
    databaseUrl: env.DATABASE_URL || null,
    seed: flag(env.SEED, true),
    reset: flag(env.API_RESET, false),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
