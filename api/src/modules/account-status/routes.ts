import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { NoBody } from '../../http/schema';
import { requireRecentLoginConfirmation } from '../auth/confirm-login';
import { setCsrfCookie } from '../auth/csrf';
import { clearSessionCookie } from '../auth/sessions';
import { requireAccountOwner } from '../impersonation/service';
import { removeDeletedMedia } from '../uploads/service';
import { loadUser } from '../users/queries';
import {
  ACCOUNT_DELETED,
  ACCOUNT_PAUSED,
  ACCOUNT_RESUMED,
  deleteAccount,
  OWNER_ONLY,
  pauseAccount,
  resumeAccount,
} from './service';

/** Seconds a password reconfirmation counts for these calls (spec §5: they need one). */
const CONFIRMATION_SECONDS = 900;

/**
 * Account status (spec account §7): only the account owner (or a site admin impersonating them)
 * after a recent login confirmation; an agency member impersonating gets 403, a stale
 * confirmation 428 'Login not confirmed.'.
 */
export async function accountStatusRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const noInput = { schema: { body: NoBody } };
  api.patch('/users/me/account/pause', noInput, async (request) => {
    const user = await requireAccountOwner(request, OWNER_ONLY);
    await requireRecentLoginConfirmation(request, CONFIRMATION_SECONDS);
    await pauseAccount(app, user);
    return { message: ACCOUNT_PAUSED, data: await loadUser(app.db, user.id) };
  });

  api.patch('/users/me/account/resume', noInput, async (request) => {
    const user = await requireAccountOwner(request, OWNER_ONLY);
    await requireRecentLoginConfirmation(request, CONFIRMATION_SECONDS);
    await resumeAccount(app, user);
    return { message: ACCOUNT_RESUMED, data: await loadUser(app.db, user.id) };
  });

  api.delete('/users/me/account/delete', async (request, reply) => {
    const user = await requireAccountOwner(request, OWNER_ONLY);
    await requireRecentLoginConfirmation(request, CONFIRMATION_SECONDS);
    await deleteAccount(app, user);
    // Its uploads (and its miniviews' answers) went with it: their files too.
    await removeDeletedMedia(app);
    // The session went with the account: forget its cookie, keep CSRF working for a new login.
    clearSessionCookie(reply);
    setCsrfCookie(reply);
    return { message: ACCOUNT_DELETED };
  });
}
