import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { notFound } from '../../../http/errors';
import { IdParam, UuidParam } from '../../../http/schema';
import { requireUser } from '../../auth/require-user';
import { loadGuestProfiles } from '../../guests/queries';
import { loadShowProfiles } from '../../shows/queries';
import { removeDeletedMedia } from '../../uploads/service';
import { GUEST_KIND, SHOW_KIND } from '../queries';
import { managedProfile, manages } from '../write';
import { removeProfileMedia } from './service';

const GuestMediaParams = Type.Object({ guest: IdParam(), uuid: UuidParam() });
const ShowMediaParams = Type.Object({ show: IdParam(), uuid: UuidParam() });

/**
 * DELETE /guests/{guest}/media/{uuid} and DELETE /shows/{show}/media/{uuid} (decision 096): the
 * profile's owner or a member of their team removes the profile's image (a show's cover, a
 * guest's video too).
 * 404 when the profile does not show that upload. Answers the updated profile.
 */
export async function profileMediaRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.delete(
    '/guests/:guest/media/:uuid',
    { preValidation: manages(GUEST_KIND, 'guest'), schema: { params: GuestMediaParams } },
    async (request) => {
      const user = await requireUser(request);
      const { id } = await managedProfile(request, GUEST_KIND, 'guest');
      if (!(await removeProfileMedia(app.db, GUEST_KIND, id, request.params.uuid))) {
        throw notFound();
      }
      await removeDeletedMedia(app);
      const [profile] = await loadGuestProfiles(app.db, [id], user.id);
      return { data: profile };
    },
  );

  api.delete(
    '/shows/:show/media/:uuid',
    { preValidation: manages(SHOW_KIND, 'show'), schema: { params: ShowMediaParams } },
    async (request) => {
      const user = await requireUser(request);
      const { id } = await managedProfile(request, SHOW_KIND, 'show');
      if (!(await removeProfileMedia(app.db, SHOW_KIND, id, request.params.uuid))) {
        throw notFound();
      }
      await removeDeletedMedia(app);
      const [profile] = await loadShowProfiles(app.db, [id], user.id);
      return { data: profile };
    },
  );
}
