import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { IdParam } from '../../../http/schema';
import { REGISTRATION_WIZARD_CALL } from '../../auth/account-setup-guard';
import { GUEST_KIND } from '../../profiles/queries';
import { managedProfile, manages } from '../../profiles/write';
import {
  AvailabilityBody,
  availabilityRules,
  availabilitySettings,
  loadAvailability,
  ownerTimezone,
  saveAvailability,
} from './settings';

const GuestParams = Type.Object({ guest: IdParam() });

/** A guest's availability settings: only the owner and their team read and change them. */
export async function availabilityRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const editor = manages(GUEST_KIND, 'guest');

  const readOptions = { preValidation: editor, schema: { params: GuestParams } };
  api.get('/guests/:guest/availability', readOptions, async (request) => {
    const { id, ownerId } = await managedProfile(request, GUEST_KIND, 'guest');
    return { data: await loadAvailability(app.db, id, await ownerTimezone(app.db, ownerId)) };
  });

  const writeOptions = {
    config: { ...REGISTRATION_WIZARD_CALL.config, rules: availabilityRules },
    preValidation: editor,
    schema: { params: GuestParams, body: AvailabilityBody },
  };
  api.put('/guests/:guest/availability', writeOptions, async (request) => {
    const { id, ownerId } = await managedProfile(request, GUEST_KIND, 'guest');
    const timezone = await ownerTimezone(app.db, ownerId);
    await saveAvailability(app.db, id, availabilitySettings(request.body));
    return { data: await loadAvailability(app.db, id, timezone) };
  });
}
