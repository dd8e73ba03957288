import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/database';
import { parseId } from '../../http/validation';
import { REGISTRATION_WIZARD_CALL } from '../auth/account-setup-guard';
import { requireUser } from '../auth/require-user';
import { GUEST_KIND } from '../profiles/queries';
import { requireManageableProfile } from '../profiles/write';
import { loadAvailability, readAvailability, saveAvailability } from './settings';

async function ownerTimezone(db: DB, ownerId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('timezone')
    .where('id', '=', ownerId)
    .executeTakeFirst();
  return row?.timezone ?? 'UTC';
}

/** A guest's availability settings: only the owner and their team read and change them. */
export async function availabilityRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { guest: string } }>('/guests/:guest/availability', async (request) => {
    const user = await requireUser(request);
    const { id, ownerId } = await requireManageableProfile(
      app.db,
      GUEST_KIND,
      parseId(request.params.guest),
      user,
    );
    return { data: await loadAvailability(app.db, id, await ownerTimezone(app.db, ownerId)) };
  });

  app.put<{ Params: { guest: string } }>(
    '/guests/:guest/availability',
    REGISTRATION_WIZARD_CALL,
    async (request) => {
      const user = await requireUser(request);
      const { id, ownerId } = await requireManageableProfile(
        app.db,
        GUEST_KIND,
        parseId(request.params.guest),
        user,
      );
      const timezone = await ownerTimezone(app.db, ownerId);
      const { input, settings } = readAvailability(request.body, timezone);
      input.throwIfInvalid();
      await saveAvailability(app.db, id, settings);
      return { data: await loadAvailability(app.db, id, timezone) };
    },
  );
}
