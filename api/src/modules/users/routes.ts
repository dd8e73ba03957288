import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { syncBilling } from '../billing/service';
import { forbidden, notFound } from '../../http/errors';
import { IdParam, idOf, Str } from '../../http/schema';
import { requireRecentLoginConfirmation } from '../auth/confirm-login';
import { authenticated, currentSession, requireUser } from '../auth/require-user';
import { sessionImpersonator } from '../impersonation/service';
import { loadUser, withUpsellPackages, type UserInclude } from './queries';
import { refuseSignInChangesByTeam } from './sign-in-details';
import { accountRules, OwnAccountPatch, updateAccount } from './update';
import { PRIVATE_ANSWER } from '../../http/private-cache';

export { TEAM_EMAIL_RULE } from './update';

const USER_INCLUDES: readonly UserInclude[] = ['guest.upsellPackages', 'shows.upsellPackages'];
const USER_INCLUDE = `(?:${USER_INCLUDES.map((part) => part.replace('.', '\\.')).join('|')})`;

/** `include`: a comma-separated list of guest.upsellPackages, shows.upsellPackages. */
const UserQuery = Type.Object({
  include: Type.Optional(
    Str({
      max: 200,
      pattern: {
        regex: `^\\s*(?:${USER_INCLUDE}\\s*)?(?:,\\s*(?:${USER_INCLUDE}\\s*)?)*$`,
        message: `The selected include is invalid. Allowed: ${USER_INCLUDES.join(', ')}.`,
      },
    }),
  ),
});

function includesOf(include: string | undefined): Set<UserInclude> {
  const parts = (include ?? '').split(',').map((part) => part.trim());
  return new Set(USER_INCLUDES.filter((part) => parts.includes(part)));
}

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get('/users/me', { config: PRIVATE_ANSWER }, async (request) => {
    const user = await requireUser(request);
    // A cancelled Pro subscription that has reached its end turns the account standard here.
    await syncBilling(app, user.id);
    return {
      data: await loadUser(app.db, user.id, { impersonator: await sessionImpersonator(request) }),
    };
  });

  // GET /users/{id}: the signed-in user (while impersonating, the managed owner) as
  // /users/me has it, with ?include=guest.upsellPackages,shows.upsellPackages (the dashboard's
  // upsell cards). Another user's id is 403.
  const ownUser = {
    preValidation: authenticated,
    config: PRIVATE_ANSWER,
    schema: { params: Type.Object({ id: IdParam() }), querystring: UserQuery },
  };
  api.get('/users/:id', ownUser, async (request) => {
    const user = await requireUser(request);
    if (Number(request.params.id) !== user.id) throw forbidden();
    const loaded = await loadUser(app.db, user.id, {
      impersonator: await sessionImpersonator(request),
    });
    return { data: await withUpsellPackages(app.db, loaded, includesOf(request.query.include)) };
  });

  // The user's own settings rows. Only the fields sent are changed; admins editing others use
  // the separate admin update (spec §6, PUT /admin/users/{id} in admin-routes.ts).
  const ownAccount = {
    // who may change what comes before what the fields hold
    preValidation: async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const user = await requireUser(request);
      const id = idOf(request.params.id);
      if (id === null) throw notFound();
      if (id !== user.id) throw forbidden();
      // Never a new email or password from a team member acting as the owner (decision 063).
      await refuseSignInChangesByTeam(
        request,
        user,
        (request.body ?? {}) as Record<string, unknown>,
      );
    },
    config: { rules: accountRules('own', requireUser) },
    schema: { params: Type.Object({ id: IdParam() }), body: OwnAccountPatch },
  };
  api.put('/users/:id', ownAccount, async (request) => {
    const user = await requireUser(request);
    const session = await currentSession(request);
    await updateAccount(
      app,
      user,
      request.body,
      {
        kind: 'own',
        keepSessionId: session?.sessionId ?? null,
        confirmEmailChange: () => requireRecentLoginConfirmation(request),
      },
      request.log,
    );
    return { data: await loadUser(app.db, user.id) };
  });
}
