import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { Validator } from '../../http/validation';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { optionalUser } from '../auth/require-user';
import {
  findReferrerId,
  normaliseReferralCode,
  REFERRAL_CODE,
  setReferralCookie,
  visitorHash,
} from './referral-cookie';

/**
 * GET /referral-cookie?ref=CODE remembers who referred the visitor (registration reads it);
 * PUT /increment-views/{ref} counts one view of the referral link per visitor and day.
 */
export async function referralRoutes(app: FastifyInstance): Promise<void> {
  app.get('/referral-cookie', async (request, reply) => {
    const input = new Validator(request.query);
    const ref = input.string('ref', { required: true, max: 32 });
    if (ref !== undefined && !REFERRAL_CODE.test(ref.trim().toLowerCase())) {
      input.fail('ref', 'The ref field must only contain letters and numbers.');
    }
    input.throwIfInvalid();
    const code = normaliseReferralCode(ref);
    const referrerId = await findReferrerId(app.db, code);
    if (!code || referrerId === null) throw notFound();
    setReferralCookie(request, reply, code);
    return { data: { ref: code } };
  });

  app.put<{ Params: { ref: string } }>(
    '/increment-views/:ref',
    OPEN_TO_UNFINISHED_ACCOUNTS,
    async (request) => {
      const code = normaliseReferralCode(request.params.ref);
      const referrerId = await findReferrerId(app.db, code);
      if (referrerId === null) throw notFound();
      // The referrer opening their own link is not a view.
      const viewer = await optionalUser(request);
      if (viewer?.id === referrerId) return { data: { counted: false } };
      const inserted = await app.db
        .insertInto('referral_views')
        .values({ referrer_id: referrerId, visitor_hash: visitorHash(request) })
        .onConflict((conflict) => conflict.doNothing())
        .returning('referrer_id')
        .executeTakeFirst();
      return { data: { counted: inserted !== undefined } };
    },
  );
}
