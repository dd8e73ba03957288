import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError, ValidationError } from '../../http/errors';
import { enforceRateLimit, rateLimitKey, type RateLimit } from '../auth/rate-limit';
import { authenticated, requireUser } from '../auth/require-user';
import { normaliseDomain } from './provider';
import { cachedEmails, cacheEmails } from './service';

export const LOOKUP_FAILED_MESSAGE = 'Something went wrong.';
/** Lookups that reach the provider, per user (decision 057); cached answers do not count. */
export const LOOKUP_USER_LIMIT: RateLimit = { max: 30, windowSeconds: 60 * 60 };

/** A paid provider may answer: the account guard treats it like a write (decision 066). */
/** The domain is checked by normaliseDomain (422 'must be a valid domain') after the 401. */
const ACTS = {
  config: { sideEffects: true },
  preValidation: authenticated,
  schema: { params: Type.Object({ domain: Type.String() }) },
};

/**
 * GET /email-addresses/{domain} → {data: [emails]} for the wishlist's 'Get contact info'
 * (signed-in users only: a paid provider may stand behind it). Answers are cached per domain;
 * lookups that miss the cache are limited per user (429).
 */
export async function emailLookupRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/email-addresses/:domain', ACTS, async (request) => {
    const user = await requireUser(request);
    const domain = normaliseDomain(request.params.domain);
    if (!domain) throw ValidationError.single('domain', 'The domain field must be a valid domain.');

    const cached = await cachedEmails(app.db, domain, app.emailLookup.name);
    if (cached) return { data: cached };

    await enforceRateLimit(
      app.db,
      rateLimitKey('email-lookup', user.id),
      LOOKUP_USER_LIMIT,
      (wait) => `Too many contact lookups. Please try again in ${wait} seconds.`,
    );

    let emails: string[];
    try {
      emails = await app.emailLookup.findEmails(domain);
    } catch (error) {
      request.log.warn({ err: error, domain }, 'email lookup failed');
      throw new HttpError(502, LOOKUP_FAILED_MESSAGE);
    }
    await cacheEmails(app.db, domain, app.emailLookup.name, emails);
    return { data: emails };
  });
}
