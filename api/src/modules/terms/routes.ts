import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { NoBody } from '../../http/schema';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { requireUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import { loadUser } from '../users/queries';
import { acceptTerms } from './service';

export const OWNER_ACCEPTS_TERMS = 'Only the account owner can accept the Terms of Service.';

/**
 * POST /user/terms/approve: the signed-in user accepts the Terms of Service (the shell's terms
 * modal). Records the time of this acceptance and answers the updated user. Nobody accepts them
 * on another's behalf: an impersonator (admin or agency) is refused.
 */
export async function termsRoutes(app: FastifyInstance): Promise<void> {
  const options = { ...OPEN_TO_UNFINISHED_ACCOUNTS, schema: { body: NoBody } };
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post('/user/terms/approve', options, async (request) => {
      const user = await requireUser(request);
      if (await sessionImpersonator(request)) throw new HttpError(403, OWNER_ACCEPTS_TERMS);
      await acceptTerms(app.db, user.id);
      return { data: await loadUser(app.db, user.id) };
    });
}
