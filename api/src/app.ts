import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import qs from 'qs';
import { appConfigFromEnv, withDevSurfaceRules, type AppConfig } from './config';
import type { DatabaseEvents, DB } from './db/database';
import './http/context';
import { errorBody, HttpError } from './http/errors';
import { ROUTE_SCHEMA_AJV, registerRouteSchemas, schemaFailure } from './http/schema';
import { registerPrivateCache } from './http/private-cache';
import { registerPublicCache } from './http/public-cache';
import { apiSecurityHeaders } from './http/security-headers';
import { accountStatusRoutes } from './modules/account-status/routes';
import { availabilityRequestRoutes } from './modules/profiles/availability-requests/routes';
import { inquiryRoutes } from './modules/inquiries/routes';
import { reviewRoutes } from './modules/profiles/reviews/routes';
import { bookingReviewRoutes } from './modules/reviews/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { registerAccountSetupGuard } from './modules/auth/account-setup-guard';
import { registerCsrf } from './modules/auth/csrf';
import { confirmLoginRoutes } from './modules/auth/confirm-login';
import { authRoutes } from './modules/auth/routes';
import { billingRoutes } from './modules/billing/routes';
import { registerBookingLimits } from './modules/booking-money/limits';
import { bookingMoneyRoutes } from './modules/booking-money/routes';
import { paymentRoutes } from './modules/booking-money/payments-routes';
import { ledgerCheckRoutes } from './modules/booking-money/ledger-check-routes';
import { bookingRoutes } from './modules/bookings/routes';
import { bookingActionRoutes } from './modules/bookings/action-routes';
import { completionRoutes } from './modules/bookings/completion-routes';
import { adjustableClock } from './modules/dev-clock/clock';
import { devClockRoutes } from './modules/dev-clock/routes';
import { bookingCreateRoutes } from './modules/bookings/create/routes';
import { pitchRoutes } from './modules/bookings/pitch-routes';
import { categoryRoutes } from './modules/categories/routes';
import { connectRoutes } from './modules/profiles/connect/routes';
import { availabilityRoutes } from './modules/guests/availability/routes';
import { guestRoutes } from './modules/guests/routes';
import { guestWriteRoutes } from './modules/guests/write-routes';
import { homeRoutes } from './modules/home/routes';
import { imageRoutes } from './modules/images/routes';
import { integrationRoutes } from './modules/integrations/routes';
import { calendarFeedRoutes } from './modules/calendar-feed/routes';
import { liveRoutes } from './modules/live/routes';
import { impersonationRoutes } from './modules/impersonation/routes';
import { createMailer } from './modules/mail/mailer';
import { mailRoutes } from './modules/mail/routes';
import { mailingListRoutes } from './modules/mailing-list/routes';
import { messageRoutes } from './modules/messages/routes';
import { startOutboxWorker, type OutboxWorker } from './modules/notify/outbox';
import { notificationRoutes } from './modules/notifications/routes';
import { miniviewRoutes } from './modules/miniviews/routes';
import { createPaymentProvider } from './modules/payments/create-provider';
import { oauthRoutes } from './modules/oauth/routes';
import { createPayoutProvider } from './modules/payouts/create-provider';
import { pageRoutes } from './modules/pages/routes';
import { payoutRoutes } from './modules/payouts/routes';
import { createGeolocationProvider } from './modules/geolocation/provider';
import { geolocationRoutes } from './modules/geolocation/routes';
import { createEmailLookupProvider } from './modules/email-lookup/provider';
import { emailLookupRoutes } from './modules/email-lookup/routes';
import { favoriteRoutes } from './modules/favorites/routes';
import { smartlistRoutes } from './modules/smartlist/routes';
import { profileLinkRoutes } from './modules/profiles/links-routes';
import { bookingSetupRoutes } from './modules/profiles/booking-setup/routes';
import { reachAndStatsRoutes } from './modules/profiles/reach-and-stats/routes';
import { optionPriceRoutes } from './modules/profiles/option-prices/routes';
import { pastGuestsRoutes } from './modules/profiles/past-guests/routes';
import { profileMediaRoutes } from './modules/profiles/media/routes';
import { referralRoutes } from './modules/referrals/routes';
import { priceStatsRoutes } from './modules/profiles/price-stats-routes';
import { showRoutes } from './modules/shows/routes';
import { showWriteRoutes } from './modules/shows/write-routes';
import { tagRoutes } from './modules/tags/routes';
import { teamRoutes } from './modules/teams/routes';
import { termsRoutes } from './modules/terms/routes';
import { resumableUploadRoutes } from './modules/uploads/resumable-routes';
import { createMediaStorage } from './modules/uploads/storage/create-storage';
import { uploadRoutes } from './modules/uploads/routes';
import { adminUserRoutes } from './modules/users/admin-routes';
import { userRoutes } from './modules/users/routes';

export const API_PREFIX = '/api/v1';

export interface BuildAppOptions {
  db: DB;
  /** The database's notifications and writes (OpenDatabase): kept answers learn of changes by them. */
  events?: DatabaseEvents;
  config?: Partial<AppConfig>;
  logger?: FastifyServerOptions['logger'];
}

/** A request slower than this is logged (warn), whatever its answer. */
export const SLOW_REQUEST_MS = 250;

/**
 * The request log: a server error at error level, a slow answer at warn, every other request
 * only at debug (LOG_LEVEL=debug shows them all).
 */
function logRequest(request: FastifyRequest, reply: FastifyReply) {
  const line = {
    method: request.method,
    url: request.url,
    statusCode: reply.statusCode,
    ms: Math.round(reply.elapsedTime),
  };
  if (reply.statusCode >= 500) request.log.error(line, 'request failed');
  else if (reply.elapsedTime > SLOW_REQUEST_MS) request.log.warn(line, 'slow request');
  else request.log.debug(line, 'request completed');
}

function isPgDataError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  // Class 22: data exceptions (bad number, string too long for a type...): the input's fault.
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** filter[guest_profiles.name]=x -> { filter: { 'guest_profiles.name': 'x' } } */
export function parseQueryString(query: string): Record<string, unknown> {
  return qs.parse(query, { depth: 2, arrayLimit: 50, parameterLimit: 100 });
}

export async function buildApp({
  db,
  events,
  config,
  logger = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const settings = withDevSurfaceRules({ ...appConfigFromEnv(), ...config });
  // The test clock (decision 116) exists only with the development surfaces (never in production).
  const devClock = settings.devSurfaces ? adjustableClock(settings.now) : null;
  const appConfig: AppConfig = devClock ? { ...settings, now: devClock.now } : settings;
  const app = Fastify({
    logger,
    // request.ip: X-Forwarded-For only from the proxy hops TRUST_PROXY names (default loopback:
    // the site's own proxy, which overwrites the header with its peer's address; decision 064).
    trustProxy: appConfig.trustProxy,
    // Malformed URLs and the like: our JSON shape instead of Fastify's.
    frameworkErrors: (error, _request, reply) => {
      // (its reply type is generic over route schemas we do not use)
      const plain = reply as FastifyReply;
      plain.code(error.statusCode ?? 400).send({ message: error.message });
    },
    // Route schemas (decision 069): every field's error, no coercion or key removal by Ajv.
    ajv: ROUTE_SCHEMA_AJV,
    routerOptions: {
      querystringParser: parseQueryString,
    },
    // One line per request only where it says something (logRequest below): at 50 requests a
    // second, two info lines for each cost more than many of the answers (issue 14).
    disableRequestLogging: true,
  });
  app.addHook('onResponse', async (request, reply) => logRequest(request, reply));
  app.decorate('db', db);
  app.decorate('config', appConfig);
  app.decorate('mailer', createMailer(db, appConfig));
  app.decorate('payments', await createPaymentProvider(db, appConfig));
  app.decorate('payouts', await createPayoutProvider(db, appConfig));
  app.decorate('geolocation', createGeolocationProvider(appConfig));
  app.decorate('emailLookup', createEmailLookupProvider(appConfig));
  app.decorate('media', createMediaStorage(appConfig));
  // Telling people (decision 112): a serving process drains the activity outbox (emails,
  // calendar events); tests (OUTBOX_POLL_MS=0, or never listening) drain it themselves.
  if (appConfig.outboxPollMs > 0) {
    let worker: OutboxWorker | null = null;
    app.addHook('onListen', async () => {
      worker ??= startOutboxWorker(app, { pollMs: appConfig.outboxPollMs, events });
    });
    app.addHook('onClose', async () => worker?.stop());
  }

  await app.register(cookie);
  // Visitors' answers kept until the data changes (decision 080): after the cookies are read.
  await registerPublicCache(app, db, events);
  // CSP, nosniff, frame denial, referrer policy, HSTS behind https (decision 068).
  await app.register(helmet, apiSecurityHeaders(appConfig));
  // Signed-in users' own answers kept until their data changes (decision 123): after helmet,
  // so that a kept answer carries the same security headers.
  await registerPrivateCache(app, db, events);

  // An empty JSON body (a bare POST /auth/logout from some clients) is an empty object.
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return parseJson(request, text, done);
  });

  app.setErrorHandler(async (caught: FastifyError, request, reply) => {
    // A route schema's failure reads as the 422 (or a path's 404) the handler would have sent.
    const error = (await schemaFailure(caught, request)) ?? caught;
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(errorBody(error));
    }
    if (isPgDataError(error)) {
      return reply.code(422).send({ message: 'The given data was invalid.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    request.log.error(error);
    return reply.code(500).send({ message: 'Server Error' });
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ message: 'Not found.' }));

  registerCsrf(app, API_PREFIX);

  await app.register(
    async (api) => {
      // Pending-email and terms-pending accounts: one rule for every route (decision 066).
      registerAccountSetupGuard(api);
      registerRouteSchemas(api);
      api.get('/health', async () => ({ status: 'ok' }));
      // The data version (decision 080): the site's server keeps a visitor's server-rendered
      // page while it stays the same (decision 077).
      api.get('/data-version', async () => ({ version: await app.dataVersion() }));
      await api.register(authRoutes);
      await api.register(confirmLoginRoutes);
      await api.register(impersonationRoutes);
      await api.register(oauthRoutes);
      await api.register(adminUserRoutes);
      await api.register(teamRoutes);
      await api.register(accountStatusRoutes);
      await api.register(userRoutes);
      await api.register(categoryRoutes);
      await api.register(connectRoutes);
      await api.register(homeRoutes);
      await api.register(tagRoutes);
      await api.register(priceStatsRoutes);
      await api.register(guestRoutes);
      await api.register(showRoutes);
      await api.register(guestWriteRoutes);
      await api.register(showWriteRoutes);
      await api.register(profileLinkRoutes);
      await api.register(bookingSetupRoutes);
      await api.register(reachAndStatsRoutes);
      await api.register(optionPriceRoutes);
      await api.register(pastGuestsRoutes);
      await api.register(profileMediaRoutes);
      await api.register(reviewRoutes);
      await api.register(bookingReviewRoutes);
      await api.register(inquiryRoutes);
      await api.register(availabilityRequestRoutes);
      await api.register(waitlistRoutes);
      await api.register(availabilityRoutes);
      await api.register(bookingRoutes);
      registerBookingLimits(api);
      await api.register(bookingCreateRoutes);
      await api.register(bookingActionRoutes);
      await api.register(completionRoutes);
      await api.register(pitchRoutes);
      await api.register(messageRoutes);
      await api.register(miniviewRoutes);
      await api.register(imageRoutes);
      await api.register(mailingListRoutes);
      await api.register(pageRoutes);
      await api.register(referralRoutes);
      await api.register(mailRoutes);
      await api.register(devClockRoutes, { clock: devClock });
      await api.register(billingRoutes);
      await api.register(bookingMoneyRoutes);
      await api.register(paymentRoutes);
      await api.register(ledgerCheckRoutes);
      await api.register(termsRoutes);
      await api.register(uploadRoutes);
      await api.register(resumableUploadRoutes);
      await api.register(integrationRoutes);
      await api.register(calendarFeedRoutes);
      await api.register(payoutRoutes);
      await api.register(geolocationRoutes);
      await api.register(favoriteRoutes);
      await api.register(smartlistRoutes);
      await api.register(emailLookupRoutes);
      await api.register(notificationRoutes);
      // The live stream (decision 113) listens through the database's notifications.
      await api.register(liveRoutes, { events });
    },
    { prefix: API_PREFIX },
  );

  return app;
}
