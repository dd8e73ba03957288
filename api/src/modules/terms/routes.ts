import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { OPEN_TO_UNFINISHED_ACCOUNTS } from '../auth/account-setup-guard';
import { HttpError } from '../../http/errors';
import { requireUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import { loadUser } from '../users/queries';

export const OWNER_ACCEPTS_TERMS = 'Only the account owner can accept the Terms of Service.';

/**
 * POST /user/terms/approve: the signed-in user accepts the Terms of Service (the shell's terms
 * modal). Records the time of this acceptance and answers the updated user. Nobody accepts them
 * on another's behalf: an impersonator (admin or agency) is refused.
 */
export async function termsRoutes(app: FastifyInstance): Promise<void> {
  app.post('/user/terms/approve', OPEN_TO_UNFINISHED_ACCOUNTS, async (request) => {
    const user = await requireUser(request);
    if (await sessionImpersonator(request)) throw new HttpError(403, OWNER_ACCEPTS_TERMS);
    await app.db
      .updateTable('users')
      .set({ terms_accepted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', user.id)
      .execute();
    return { data: await loadUser(app.db, user.id) };
  });
}
