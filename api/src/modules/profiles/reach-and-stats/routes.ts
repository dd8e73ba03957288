import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import {
  ProfileReachSchema,
  RephonicStatsSchema,
  ShowProfileStatSchema,
} from '../../../contract-schemas';
import { notFound } from '../../../http/errors';
import { PUBLIC_ANSWER } from '../../../http/public-cache';
import {
  Bool,
  Filled,
  IdParam,
  Int,
  MAX_INT4,
  MAX_STRING,
  NoBody,
  Nullable,
  OneOf,
  Patch,
  Str,
} from '../../../http/schema';
import { optionalUser } from '../../auth/require-user';
import { findReadableProfile } from '../booking-setup/queries';
import { GUEST_KIND, SHOW_KIND } from '../queries';
import { managedProfile, manages } from '../write';
import { listReach, REACH_PLATFORMS, STAT_SLOTS } from './queries';
import {
  cancelVerificationRequest,
  deleteReach,
  MAX_STAT_TEXT,
  saveRephonicId,
  saveReach,
  saveStat,
} from './service';

// A guest's reach and a show's platform stats (issue 16, decision 097):
//   GET/POST /guests/{guest}/profile-reach, DELETE /guests/{guest}/profile-reach/{platform};
//   POST /shows/{show}/profile-stats,
//   PATCH /shows/{show}/profile-stats/{statId}/cancel-verification-request,
//   PUT /shows/{show}/rephonic-stats.
// The reach list is public for a public profile; the show's stats and Rephonic id are read from
// GET /shows/{id} (profile_stats, rephonic_id). Writes are the owner's or a team member's who
// may manage the owner's profiles (profiles/write.ts), checked before the body is read.

const GuestParams = Type.Object({ guest: IdParam() });
const ReachParams = Type.Object({ guest: IdParam(), platform: OneOf(REACH_PLATFORMS) });
const ShowParams = Type.Object({ show: IdParam() });
const StatParams = Type.Object({ show: IdParam(), statId: IdParam() });

const ReachBody = Type.Object({
  platform: OneOf(REACH_PLATFORMS),
  count: Int({ min: 0, max: MAX_INT4 }),
});

const StatBody = Type.Object({
  slot: Int({ min: 1, max: STAT_SLOTS }),
  label: Filled({ max: MAX_STAT_TEXT }),
  value: Filled({ max: MAX_STAT_TEXT }),
  request_verification: Type.Optional(Bool()),
});

/** Rephonic's ids are slugs ('the-founder-files'); null or '' clears the id. */
const RephonicBody = Patch({
  rephonic_id: Nullable(
    Str({
      max: MAX_STRING,
      pattern: {
        regex: '^(?:[A-Za-z0-9][A-Za-z0-9._-]*)?$',
        message:
          'The :attribute field may only contain letters, numbers, dots, dashes and underscores.',
      },
    }),
  ),
});

const data = <T extends TSchema>(schema: T) => Type.Object({ data: schema });

export async function reachAndStatsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const guestWrite = { preValidation: manages(GUEST_KIND, 'guest') };
  const showWrite = { preValidation: manages(SHOW_KIND, 'show') };
  const guestOf = async (request: FastifyRequest) =>
    (await managedProfile(request, GUEST_KIND, 'guest')).id;
  const showOf = async (request: FastifyRequest) =>
    (await managedProfile(request, SHOW_KIND, 'show')).id;

  // ---- a guest's reach ----
  api.get(
    '/guests/:guest/profile-reach',
    {
      config: PUBLIC_ANSWER,
      schema: { params: GuestParams, response: { 200: data(Type.Array(ProfileReachSchema)) } },
    },
    async (request) => {
      const id = await findReadableProfile(
        app.db,
        GUEST_KIND,
        Number(request.params.guest),
        await optionalUser(request),
      );
      if (id === null) throw notFound();
      return { data: await listReach(app.db, id) };
    },
  );

  api.post(
    '/guests/:guest/profile-reach',
    {
      ...guestWrite,
      schema: {
        params: GuestParams,
        body: ReachBody,
        response: { 200: data(ProfileReachSchema), 201: data(ProfileReachSchema) },
      },
    },
    async (request, reply) => {
      const { reach, created } = await saveReach(app.db, await guestOf(request), request.body);
      return reply.code(created ? 201 : 200).send({ data: reach });
    },
  );

  api.delete(
    '/guests/:guest/profile-reach/:platform',
    { ...guestWrite, schema: { params: ReachParams } },
    async (request, reply) => {
      if (!(await deleteReach(app.db, await guestOf(request), request.params.platform))) {
        throw notFound();
      }
      return reply.code(204).send();
    },
  );

  // ---- a show's stats and Rephonic id ----
  api.post(
    '/shows/:show/profile-stats',
    {
      ...showWrite,
      schema: {
        params: ShowParams,
        body: StatBody,
        response: { 200: data(ShowProfileStatSchema), 201: data(ShowProfileStatSchema) },
      },
    },
    async (request, reply) => {
      const { stat, created } = await saveStat(app.db, await showOf(request), request.body);
      return reply.code(created ? 201 : 200).send({ data: stat });
    },
  );

  api.patch(
    '/shows/:show/profile-stats/:statId/cancel-verification-request',
    {
      ...showWrite,
      schema: { params: StatParams, body: NoBody, response: { 200: data(ShowProfileStatSchema) } },
    },
    async (request) => {
      const stat = await cancelVerificationRequest(
        app.db,
        await showOf(request),
        Number(request.params.statId),
      );
      if (!stat) throw notFound();
      return { data: stat };
    },
  );

  api.put(
    '/shows/:show/rephonic-stats',
    {
      ...showWrite,
      schema: {
        params: ShowParams,
        body: RephonicBody,
        response: { 200: data(RephonicStatsSchema) },
      },
    },
    async (request) => ({
      data: await saveRephonicId(app.db, await showOf(request), request.body.rephonic_id ?? null),
    }),
  );
}
