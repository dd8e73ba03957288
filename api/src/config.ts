import { isIP } from 'node:net';
import { PROVIDERS } from './oauth-providers';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** api/ itself, whatever the current directory is. */
export const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DEV_SESSION_SECRET = 'guestspot-dev-session-secret-change-me';

export interface AppConfig {
  /** Signs the XSRF-TOKEN cookie. */
  sessionSecret: string;
  /** Adds `Secure` to cookies (COOKIE_SECURE; on by default when APP_URL is https). */
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
   * The development-only routes (decision 062): the outbox, the local OAuth consent pages and the
   * local payout pages. Never with NODE_ENV=production; otherwise on while HOST is loopback, or
   * when DEV_SURFACES=1 says so; DEV_SURFACES=0 turns them off. Even on, they answer loopback
   * callers only (devSurfaceOnly).
   */
  devSurfaces: boolean;
  /**
   * The offline local OAuth provider (a consent page of our own) stands in for every provider
   * without credentials. Follows devSurfaces (OAUTH_LOCAL=0 turns it off): it lets anyone sign in
   * as any email, so it must never serve real users.
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
   * dashboard pages. Follows devSurfaces (PAYOUT_LOCAL=0 turns it off).
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
  /**
   * Whose X-Forwarded-For the API believes for the client's address (TRUST_PROXY, decision 064):
   * the proxy hops right in front of it, as addresses / CIDR ranges (default: loopback, the
   * site's own proxy, which overwrites the header with its peer's address), a number of hops,
   * or false (nobody: the socket's address is the client's).
   */
  trustProxy: false | number | string[];
  /**
   * Where resumable recording uploads keep their bytes until they complete (decision 086):
   * RECORDING_UPLOAD_DIR, by default `recording-uploads` beside the database folder (DATA_DIR's
   * parent, api/data/ in development). Never in the source tree; tests use a temporary folder.
   */
  recordingUploadDir: string;
  /**
   * Where uploads keep their bytes on local disk (decision 090): MEDIA_DIR, by default `media`
   * beside the database folder (api/data/media in development). Not used when `s3` is set; tests
   * use a temporary folder.
   */
  mediaDir: string;
  /** Set (S3_BUCKET): uploads are stored in this S3-compatible bucket instead of `mediaDir`. */
  s3: S3Config | null;
  /** The current time (decision 100): the system clock; tests give a fixed one. */
  now: () => Date;
  /**
   * Multiplies what the booking limits allow (decision 105): 1, except in the test harness,
   * which raises them for the suites that book and check codes more than a person would
   * (limits.test.ts keeps 1).
   */
  bookingLimitScale: number;
  /**
   * How often a serving API process looks for booking activities to tell people about (emails,
   * calendar events; decision 112): OUTBOX_POLL_MS, default a second; 0 turns the worker off
   * (the tests drain it themselves). A new activity also wakes it at once.
   */
  outboxPollMs: number;
  /**
   * The live stream's heartbeat (decision 113): a comment line every LIVE_HEARTBEAT_MS (default
   * 25 s) keeps proxies from closing an idle stream and lets a process find dead ones.
   */
  liveHeartbeatMs: number;
  /** Open live streams one user may hold on one API process (LIVE_STREAMS_PER_USER, default 10). */
  liveStreamsPerUser: number;
}

/** An S3-compatible bucket for uploads (decision 090). */
export interface S3Config {
  bucket: string;
  /** The service's origin (S3_ENDPOINT), e.g. https://s3.eu-west-1.amazonaws.com or MinIO's. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket in the path (endpoint/bucket/key), as MinIO wants, not in the host name. */
  pathStyle: boolean;
}

function oauthCredentialsFromEnv(env: NodeJS.ProcessEnv): AppConfig['oauthCredentials'] {
  const credentials: AppConfig['oauthCredentials'] = {};
  for (const provider of PROVIDERS) {
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
  /** API processes sharing the port (node:cluster), one per core at most; PostgreSQL only. */
  processes: number;
  /**
   * How often unanswered bookings past their expiry are expired and their holds released
   * (BOOKING_EXPIRY_SWEEP_MS, default a minute; 0 turns it off). Decision 103.
   */
  bookingExpirySweepMs: number;
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

function atLeastOne(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) {
    throw new Error(`${name} must be a whole number of at least 1, got "${value}".`);
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

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset, loopback only; `none` or `0`, nobody; a whole number, that many proxy
 * hops; otherwise a comma-separated list of addresses and CIDR ranges (and the names loopback,
 * linklocal, uniquelocal). `true` is refused: believing everybody lets any client pick its
 * address, and with it escape every per-IP limit.
 */
export function trustProxyFromEnv(value: string | undefined): AppConfig['trustProxy'] {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return ['loopback'];
  if (['none', 'false', 'off', 'no'].includes(text)) return false;
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  if (['true', 'on', 'yes', 'all', '*'].includes(text)) {
    throw new Error(
      `TRUST_PROXY=${value} would believe any client's X-Forwarded-For: list your proxies' addresses or CIDR ranges, or give the number of proxy hops.`,
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  if (!entries.every(isProxyRange)) {
    throw new Error(
      `TRUST_PROXY must be a comma-separated list of addresses or CIDR ranges (or loopback, linklocal, uniquelocal), a number of proxy hops, or none; got "${value}".`,
    );
  }
  return entries;
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 4000;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}".`);
  }
  return parsed;
}

/**
 * API_PROCESSES: how many API processes share the port (a whole number, or `auto` for one per
 * core). More than one needs DATABASE_URL: PGlite is one process's database (docs/deploy.md).
 */
function processes(value: string | undefined, databaseUrl: string | null): number {
  if (value === undefined || value === '') return 1;
  const count = value === 'auto' ? os.availableParallelism() : Number(value);
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(
      `API_PROCESSES must be a whole number of at least 1 or "auto", got "${value}".`,
    );
  }
  if (count > 1 && !databaseUrl) {
    throw new Error(
      `API_PROCESSES=${value} needs DATABASE_URL: the embedded database (PGlite) is one process's database.`,
    );
  }
  return count;
}

/**
 * S3_BUCKET with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; S3_REGION (default us-east-1);
 * S3_ENDPOINT (default AWS's endpoint of the region); S3_FORCE_PATH_STYLE (default on when
 * S3_ENDPOINT is set: MinIO and most S3-compatible stores want the bucket in the path). Null
 * without S3_BUCKET.
 */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3Config | null {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return null;
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId || !secretAccessKey) {
    throw new Error(
      'S3_BUCKET is set without S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both (or unset S3_BUCKET to store uploads in MEDIA_DIR).',
    );
  }
  const region = env.S3_REGION?.trim() || 'us-east-1';
  const endpoint = (env.S3_ENDPOINT?.trim() || `https://s3.${region}.amazonaws.com`).replace(
    /\/+$/,
    '',
  );
  if (!/^https?:\/\/[^/]+$/i.test(endpoint)) {
    throw new Error(
      `S3_ENDPOINT must be an origin such as https://s3.example.com (no path), got "${env.S3_ENDPOINT}".`,
    );
  }
  return {
    bucket,
    endpoint,
    region,
    accessKeyId,
    secretAccessKey,
    pathStyle: flag(env.S3_FORCE_PATH_STYLE, Boolean(env.S3_ENDPOINT?.trim())),
  };
}

function icloudCaldavUrl(env: NodeJS.ProcessEnv): string | null {
  const value = env.ICLOUD_CALDAV_URL;
  if (value === 'local') return null;
  if (value) return value.replace(/\/+$/, '');
  return env.NODE_ENV === 'production' ? 'https://caldav.icloud.com' : null;
}

/** 127.0.0.0/8 and ::1 (also IPv4-mapped, bracketed, or the name localhost). */
export function isLoopbackAddress(address: string): boolean {
  const value = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (value === 'localhost' || value === '::1') return true;
  const v4 = value.startsWith('::ffff:') ? value.slice('::ffff:'.length) : value;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

function devSurfaces(env: NodeJS.ProcessEnv): boolean {
  if (env.NODE_ENV === 'production') return false;
  return flag(env.DEV_SURFACES, isLoopbackAddress(env.HOST || '127.0.0.1'));
}

/** The local providers exist only with the development surfaces (whatever overrode them). */
export function withDevSurfaceRules(config: AppConfig): AppConfig {
  return {
    ...config,
    oauthLocal: config.devSurfaces && config.oauthLocal,
    payoutLocal: config.devSurfaces && config.payoutLocal,
  };
}

export function appConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const appUrl = (env.APP_URL || `http://127.0.0.1:${env.SHELL_PORT || 3000}`).replace(/\/+$/, '');
  const dev = devSurfaces(env);
  return {
    sessionSecret: env.SESSION_SECRET || DEV_SESSION_SECRET,
    cookieSecure: flag(env.COOKIE_SECURE, /^https:/i.test(appUrl)),
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Guestspot <hello@guestspot.test>',
    stripeSecretKey: env.STRIPE_SECRET_KEY || null,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    stripePriceMonthly: env.STRIPE_PRICE_MONTHLY || null,
    stripePriceYearly: env.STRIPE_PRICE_YEARLY || null,
    oauthCredentials: oauthCredentialsFromEnv(env),
    devSurfaces: dev,
    oauthLocal: dev && flag(env.OAUTH_LOCAL, true),
    icloudCaldavUrl: icloudCaldavUrl(env),
    payoutLocal: dev && flag(env.PAYOUT_LOCAL, true),
    payoutLocalActivationMs: milliseconds(
      'PAYOUT_LOCAL_ACTIVATION_MS',
      env.PAYOUT_LOCAL_ACTIVATION_MS,
      5000,
    ),
    geolocationUrl: env.GEOLOCATION_URL || null,
    geolocationTimeoutMs: milliseconds('GEOLOCATION_TIMEOUT_MS', env.GEOLOCATION_TIMEOUT_MS, 2000),
    geoDefaultCountry: countryCode(env.GEO_DEFAULT_COUNTRY),
    hunterApiKey: env.HUNTER_API_KEY || null,
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    emailLookupTimeoutMs: milliseconds(
      'EMAIL_LOOKUP_TIMEOUT_MS',
      env.EMAIL_LOOKUP_TIMEOUT_MS,
      5000,
    ),
    appUrl,
    recordingUploadDir: path.resolve(
      env.RECORDING_UPLOAD_DIR || path.join(path.dirname(dataDirFromEnv(env)), 'recording-uploads'),
    ),
    mediaDir: path.resolve(env.MEDIA_DIR || path.join(path.dirname(dataDirFromEnv(env)), 'media')),
    s3: s3ConfigFromEnv(env),
    now: () => new Date(),
    bookingLimitScale: 1,
    outboxPollMs: milliseconds('OUTBOX_POLL_MS', env.OUTBOX_POLL_MS, 1000),
    liveHeartbeatMs: atLeastOne('LIVE_HEARTBEAT_MS', env.LIVE_HEARTBEAT_MS, 25_000),
    liveStreamsPerUser: atLeastOne('LIVE_STREAMS_PER_USER', env.LIVE_STREAMS_PER_USER, 10),
  };
}

/** The PGlite database folder (DATA_DIR), api/data/pglite by default. */
function dataDirFromEnv(env: NodeJS.ProcessEnv): string {
  return path.resolve(env.DATA_DIR || path.join(API_ROOT, 'data', 'pglite'));
}

const MIN_SESSION_SECRET = 32;

/**
 * Why a production server must not start with this configuration, one sentence per problem, each
 * naming the variable to set; empty outside NODE_ENV=production (and when all is well).
 */
export function productionConfigProblems(
  config: AppConfig,
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  const secretHelp = `set SESSION_SECRET to a random string of at least ${MIN_SESSION_SECRET} characters (e.g. \`openssl rand -base64 48\`).`;
  if (!env.SESSION_SECRET) {
    problems.push(`SESSION_SECRET is not set: ${secretHelp}`);
  } else if (config.sessionSecret === DEV_SESSION_SECRET) {
    problems.push(`SESSION_SECRET is the development default: ${secretHelp}`);
  } else if (config.sessionSecret.length < MIN_SESSION_SECRET) {
    problems.push(
      `SESSION_SECRET is too short (${config.sessionSecret.length} characters): ${secretHelp}`,
    );
  }
  if (!config.smtpUrl) {
    problems.push(
      'SMTP_URL is not set: set it to the mail server (smtp://user:pass@host:port); without it email would only go to the development outbox.',
    );
  }
  if (/^https:/i.test(config.appUrl) && !config.cookieSecure) {
    problems.push(
      'COOKIE_SECURE is off while APP_URL is https: unset COOKIE_SECURE (on by default behind https) or set it to 1.',
    );
  }
  if (!env.APP_URL) {
    problems.push(
      'APP_URL is not set: set it to the public origin of the site (https://…); links in emails and the OAuth return pages are made from it.',
    );
  }
  if (!config.stripeSecretKey) {
    problems.push(
      'STRIPE_SECRET_KEY is not set: without it the local payment provider takes published test cards as payment.',
    );
  }
  if (!config.s3 && !env.MEDIA_DIR) {
    problems.push(
      "MEDIA_DIR is not set, nor S3_BUCKET: uploaded files would be written inside the API's own folder. Set S3_BUCKET (with S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION and, for a store other than AWS, S3_ENDPOINT) for an S3-compatible store, or MEDIA_DIR to a folder kept across deploys and shared by every API instance.",
    );
  }
  if (flag(env.SEED, false)) {
    problems.push(
      'SEED is on: the demo data signs in with one published password (an admin among them); unset SEED.',
    );
  }
  for (const name of ['DEV_SURFACES', 'OAUTH_LOCAL', 'PAYOUT_LOCAL']) {
    if (flag(env[name], false)) {
      problems.push(
        `${name} is on: development surfaces (the outbox, the local OAuth and payout pages) never run in production; unset ${name}.`,
      );
    }
  }
  return problems;
}

export function serverConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    ...appConfigFromEnv(env),
    port: port(env.PORT),
    host: env.HOST || '127.0.0.1',
    dataDir: dataDirFromEnv(env),
    databaseUrl: env.DATABASE_URL || null,
    // Never the demo accounts in production unless asked (and then it refuses to start).
    seed: flag(env.SEED, env.NODE_ENV !== 'production'),
    reset: flag(env.API_RESET, false),
    logLevel: env.LOG_LEVEL || 'info',
    processes: processes(env.API_PROCESSES, env.DATABASE_URL || null),
    bookingExpirySweepMs: milliseconds(
      'BOOKING_EXPIRY_SWEEP_MS',
      env.BOOKING_EXPIRY_SWEEP_MS,
      60_000,
    ),
  };
}
