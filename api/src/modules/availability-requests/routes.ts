import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { HttpError, notFound } from '../../http/errors';
import { parseId, Validator } from '../../http/validation';
import { requireUser } from '../auth/require-user';
import { findPublicProfileOwner, profilePath, type ProfileType } from '../profiles/owner';

export const AVAILABILITY_REQUEST_MESSAGE =
  "Your request was sent. We'll let you know when their availability opens up.";
export const OWN_AVAILABILITY_MESSAGE = 'You cannot request availability from your own profile.';

/**
 * POST /guests/{id}/guest-availability-request and /shows/{id}/show-availability-request
 * {profileId, profileType}: a signed-in user asks the owner to open (more) booking availability.
 * One row per requester and profile; asking again refreshes it, and the owner is emailed at most
 * once a day per requester (decision 044).
 */
export async function availabilityRequestRoutes(app: FastifyInstance): Promise<void> {
  const register = (type: ProfileType, path: string) =>
    app.post<{ Params: { id: string } }>(path, async (request, reply) => {
      const user = await requireUser(request);
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      const input = new Validator(request.body);
      const profileId = input.integer('profileId', { required: true, min: 1 });
      const profileType = input.oneOf('profileType', ['guest', 'show'] as const);
      if (!input.has('profileType'))
        input.fail('profileType', 'The profileType field is required.');
      if (profileId !== undefined && profileId !== id) {
        input.fail('profileId', 'The profileId must be the profile of this address.');
      }
      if (profileType !== undefined && profileType !== type) {
        input.fail('profileType', `The profileType must be ${type}.`);
      }
      input.throwIfInvalid();

      const profile = await findPublicProfileOwner(app.db, type, id);
      if (!profile) throw notFound();
      if (profile.ownerId === user.id) throw new HttpError(403, OWN_AVAILABILITY_MESSAGE);

      const row = await app.db
        .insertInto('availability_requests')
        .values({ user_id: user.id, profile_type: type, profile_id: id })
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'profile_type', 'profile_id'])
            .doUpdateSet({ requested_at: sql`now()` }),
        )
        .returning([
          'id',
          sql<boolean>`notified_at is null or notified_at < now() - interval '1 day'`.as('notify'),
          sql<boolean>`created_at = requested_at`.as('created'),
        ])
        .executeTakeFirstOrThrow();

      if (row.notify) {
        const requester = [user.first_name, user.last_name].filter(Boolean).join(' ');
        await app.mailer.send({
          to: profile.ownerEmail,
          subject: `${requester} would like to book ${profile.name}`,
          text: [
            `Hi ${profile.ownerFirstName},`,
            '',
            `${requester} (${user.email}) would like to book ${profile.name} on Guestspot and asked you to open your availability.`,
            `Add or update your booking options and availability: ${app.config.appUrl}/dashboard`,
            '',
            `Your profile: ${app.config.appUrl}${profilePath(type, profile.slug)}`,
          ].join('\n'),
        });
        await app.db
          .updateTable('availability_requests')
          .set({ notified_at: sql`now()` })
          .where('id', '=', row.id)
          .execute();
      }
      return reply.code(row.created ? 201 : 200).send({ message: AVAILABILITY_REQUEST_MESSAGE });
    });

  register('guest', '/guests/:id/guest-availability-request');
  register('show', '/shows/:id/show-availability-request');
}
