import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CalendarFeedStatusAnswerSchema,
  MessageSchema,
  NewCalendarFeedAnswerSchema,
} from '../../contract';
import { HttpError, notFound } from '../../http/errors';
import { NoBody } from '../../http/schema';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { enforceRateLimit, rateLimitKey, type RateLimit } from '../auth/rate-limit';
import { authenticated, requireUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import {
  feedCalendarOf,
  feedOwnerOf,
  feedStatusOf,
  feedVersionOf,
  issueFeedToken,
  revokeFeedToken,
} from './service';

/**
 * The private calendar feed (issue 33, decision 118). Settings manages it under
 * /users/me/calendar-feed; calendar apps read GET /calendar-feed/{token}.ics without cookies.
 */

export const FEED_OWNER_ONLY = 'Only the account owner can manage the calendar feed.';
export const FEED_TOO_MANY = (seconds: number) =>
  `Too many calendar feed requests. Please try again in ${seconds} seconds.`;

/**
 * Calendar apps read a feed every 15 minutes to a day; these leave room for several apps on one
 * feed and for many users behind one address (Google's and Microsoft's fetchers), while a
 * runaway client or a scan of tokens is stopped.
 */
export const FEED_TOKEN_LIMIT: RateLimit = { max: 120, windowSeconds: 60 * 60 };
export const FEED_ADDRESS_LIMIT: RateLimit = { max: 2_000, windowSeconds: 60 * 60 };
/** How long a calendar (or the browser) may keep the answer before asking again. */
export const FEED_MAX_AGE_SECONDS = 15 * 60;

const FeedParams = Type.Object({ file: Type.String({ maxLength: 100 }) });

/** The feed's address: the site's origin, where /api is served (shell/server/serve-static). */
const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/v1/calendar-feed/${token}.ics`;

/** A team member acting as the owner may not hand out the owner's calendar, nor may support. */
async function refuseImpersonator(request: FastifyRequest): Promise<void> {
  if (await sessionImpersonator(request)) throw new HttpError(403, FEED_OWNER_ONLY);
}

export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/users/me/calendar-feed',
    {
      preValidation: authenticated,
      schema: { response: { 200: CalendarFeedStatusAnswerSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return { data: await feedStatusOf(app.db, user.id) };
    },
  );

  /** Makes the feed, or rotates it: a new URL, and the old one stops answering at once. */
  api.post(
    '/users/me/calendar-feed',
    {
      preValidation: authenticated,
      schema: {
        body: NoBody,
        response: { 201: NewCalendarFeedAnswerSchema, 403: MessageSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await refuseImpersonator(request);
      const { token, createdAt } = await issueFeedToken(app.db, user.id);
      const url = feedUrl(app.config.appUrl, token);
      reply.code(201).header('cache-control', 'no-store');
      return {
        data: {
          active: true as const,
          created_at: createdAt.toISOString(),
          last_used_at: null,
          url,
          webcal_url: url.replace(/^https?:/, 'webcal:'),
        },
      };
    },
  );

  api.delete(
    '/users/me/calendar-feed',
    {
      preValidation: authenticated,
      schema: { response: { 204: Type.Null(), 403: MessageSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await refuseImpersonator(request);
      await revokeFeedToken(app.db, user.id);
      return reply.code(204).send();
    },
  );

  /**
   * The feed itself: public (the token is the credential), never reads or sets a cookie,
   * answers text/calendar with an ETag (a calendar asking again with If-None-Match gets a 304
   * without the events being built) and 404 for an unknown or revoked token.
   */
  api.get(
    '/calendar-feed/:file',
    {
      ...OPEN_TO_UNFINISHED_ACCOUNTS,
      schema: {
        params: FeedParams,
        response: {
          /** text/calendar */
          200: Type.String(),
          304: Type.Null(),
          404: MessageSchema,
          429: MessageSchema,
        },
      },
    },
    async (request, reply) => {
      const token = /^(.+)\.ics$/.exec(request.params.file)?.[1];
      if (!token) throw notFound();
      await enforceRateLimit(
        app.db,
        rateLimitKey('calendar-feed-ip', request.ip),
        FEED_ADDRESS_LIMIT,
        FEED_TOO_MANY,
      );
      const userId = await feedOwnerOf(app.db, token);
      if (userId === null) throw notFound();
      await enforceRateLimit(
        app.db,
        rateLimitKey('calendar-feed-token', token),
        FEED_TOKEN_LIMIT,
        FEED_TOO_MANY,
      );
      const version = await feedVersionOf(app.db, userId, app.config.appUrl, app.config.now());
      reply
        .header('cache-control', `private, max-age=${FEED_MAX_AGE_SECONDS}`)
        .header('etag', version.etag)
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer');
      if (request.headers['if-none-match'] === version.etag) return reply.code(304).send();
      const body = await feedCalendarOf(app.db, version.bookings, app.config.appUrl);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="guestspot.ics"')
        .send(body);
    },
  );
}
