import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ValidationError, notFound } from '../../http/errors';
import { NoBody, Str } from '../../http/schema';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { optionalUser } from '../auth/require-user';
import {
  findReferrerId,
  normaliseReferralCode,
  REFERRAL_CODE,
  setReferralCookie,
  visitorHash,
} from './referral-cookie';
import { recordReferralView } from './service';

/**
 * GET /referral-cookie?ref=CODE remembers who referred the visitor (registration reads it);
 * PUT /increment-views/{ref} counts one view of the referral link per visitor and day.
 */
const ReferralQuery = Type.Object({ ref: Str({ max: 32 }) });
/** Any text: an unknown or malformed code is simply not counted (404). */
const RefParams = Type.Object({ ref: Type.String() });

export async function referralRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/referral-cookie',
    { schema: { querystring: ReferralQuery } },
    async (request, reply) => {
      const { ref } = request.query;
      if (!REFERRAL_CODE.test(ref.trim().toLowerCase())) {
        throw ValidationError.single('ref', 'The ref field must only contain letters and numbers.');
      }
      const code = normaliseReferralCode(ref);
      const referrerId = await findReferrerId(app.db, code);
      if (!code || referrerId === null) throw notFound();
      setReferralCookie(request, reply, code);
      return { data: { ref: code } };
    },
  );

  api.put(
    '/increment-views/:ref',
    { ...OPEN_TO_UNFINISHED_ACCOUNTS, schema: { params: RefParams, body: NoBody } },
    async (request) => {
      const code = normaliseReferralCode(request.params.ref);
      const referrerId = await findReferrerId(app.db, code);
      if (referrerId === null) throw notFound();
      // The referrer opening their own link is not a view.
      const viewer = await optionalUser(request);
      if (viewer?.id === referrerId) return { data: { counted: false } };
      const counted = await recordReferralView(app.db, referrerId, visitorHash(request));
      return { data: { counted } };
    },
  );
}
