import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { GuestProfileSchema } from '../../../contract-schemas';
import { notFound, ValidationError } from '../../../http/errors';
import { PUBLIC_ANSWER } from '../../../http/public-cache';
import { bodyRules, Id, IdParam } from '../../../http/schema';
import { optionalUser } from '../../auth/require-user';
import { findReadableProfile } from '../booking-setup/queries';
import { SHOW_KIND } from '../queries';
import { managedProfile, manages } from '../write';
import {
  addPastGuest,
  listPastGuests,
  pastGuestErrors,
  removePastGuest,
  UNKNOWN_GUEST,
} from './service';

// A show's past guests (issue 16, decision 098):
//   GET    /shows/{show}/past-guests                      the list (guest cards), public
//   POST   /shows/{show}/past-guests {guest_profile_id}   adds one (again: no change), the list
//   DELETE /shows/{show}/past-guests?guest_profile_id=n   removes one (not there: no change)
// DELETE reads the id from the query, not a body: a DELETE body has no defined meaning (RFC
// 9110 §9.3.5) and proxies may drop it. Writes are the owner's or a team member's who may
// manage the owner's profiles (profiles/write.ts), checked before the input is read.

const Params = Type.Object({ show: IdParam() });
const PastGuestInput = Type.Object({ guest_profile_id: Id() });
const PastGuests = Type.Object({ data: Type.Array(GuestProfileSchema) });

export async function pastGuestsRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/shows/:show/past-guests';
  const write = { preValidation: manages(SHOW_KIND, 'show') };

  async function managedShow(request: FastifyRequest): Promise<number> {
    return (await managedProfile(request, SHOW_KIND, 'show')).id;
  }

  api.get(
    base,
    { config: PUBLIC_ANSWER, schema: { params: Params, response: { 200: PastGuests } } },
    async (request) => {
      const viewer = await optionalUser(request);
      const show = await findReadableProfile(
        app.db,
        SHOW_KIND,
        Number(request.params.show),
        viewer,
      );
      if (show === null) throw notFound();
      return { data: await listPastGuests(app.db, show, viewer?.id ?? null) };
    },
  );

  const addRule = bodyRules(PastGuestInput, async (body, request) =>
    pastGuestErrors(app.db, await managedShow(request), body.guest_profile_id),
  );
  api.post(
    base,
    {
      ...write,
      config: { rules: addRule },
      schema: {
        params: Params,
        body: PastGuestInput,
        response: { 200: PastGuests, 201: PastGuests },
      },
    },
    async (request, reply) => {
      const show = await managedShow(request);
      const outcome = await addPastGuest(app.db, show, request.body.guest_profile_id);
      if (outcome === 'unknown') throw ValidationError.single('guest_profile_id', UNKNOWN_GUEST);
      const data = await listPastGuests(app.db, show, (await optionalUser(request))?.id ?? null);
      return reply.code(outcome === 'added' ? 201 : 200).send({ data });
    },
  );

  api.delete(
    base,
    { ...write, schema: { params: Params, querystring: PastGuestInput } },
    async (request, reply) => {
      await removePastGuest(app.db, await managedShow(request), request.query.guest_profile_id);
      return reply.code(204).send();
    },
  );
}
