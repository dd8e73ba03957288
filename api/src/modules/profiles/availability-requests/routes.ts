import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { HttpError, notFound, type FieldErrors } from '../../../http/errors';
import { bodyRules, IdParam, Int, OneOf } from '../../../http/schema';
import { authenticated, requireUser } from '../../auth/require-user';
import { findPublicProfileOwner } from '../owner';
import { requestAvailability } from './service';
import type { ProfileSide } from '../../../booking-facts';

export const AVAILABILITY_REQUEST_MESSAGE =
  "Your request was sent. We'll let you know when their availability opens up.";
export const OWN_AVAILABILITY_MESSAGE = 'You cannot request availability from your own profile.';

const RequestParams = Type.Object({ id: IdParam() });
/** Names the profile of the address again (the form's own check). */
const AvailabilityRequest = Type.Object({
  profileId: Int({ min: 1 }),
  profileType: OneOf(['guest', 'show']),
});

/**
 * POST /guests/{id}/guest-availability-request and /shows/{id}/show-availability-request
 * {profileId, profileType}: a signed-in user asks the owner to open (more) booking availability
 * (see requestAvailability()).
 */
export async function availabilityRequestRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const register = (type: ProfileSide, path: string) => {
    // The body must name this address's profile.
    const rules = bodyRules(AvailabilityRequest, (body, request) => {
      const errors: FieldErrors = {};
      // the path's id, which RequestParams checked before the rules run
      const { id } = request.params as { id: string };
      if (body.profileId !== undefined && body.profileId !== Number(id)) {
        errors.profileId = ['The profileId must be the profile of this address.'];
      }
      if (body.profileType !== undefined && body.profileType !== type) {
        errors.profileType = [`The profileType must be ${type}.`];
      }
      return errors;
    });
    const options = {
      config: { rules },
      preValidation: authenticated,
      schema: { params: RequestParams, body: AvailabilityRequest },
    };
    api.post(path, options, async (request, reply) => {
      const user = await requireUser(request);
      const profile = await findPublicProfileOwner(app.db, type, Number(request.params.id));
      if (!profile) throw notFound();
      if (profile.ownerId === user.id) throw new HttpError(403, OWN_AVAILABILITY_MESSAGE);
      const { created } = await requestAvailability(app, user, type, profile);
      return reply.code(created ? 201 : 200).send({ message: AVAILABILITY_REQUEST_MESSAGE });
    });
  };

  register('guest', '/guests/:id/guest-availability-request');
  register('show', '/shows/:id/show-availability-request');
}
