import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { AvailabilitySlotsAnswerSchema, AvailabilitySlotsQuerySchema } from '../../../contract';
import { notFound, ValidationError, type FieldErrors } from '../../../http/errors';
import { PUBLIC_ANSWER } from '../../../http/public-cache';
import { IdParam } from '../../../http/schema';
import { REGISTRATION_WIZARD_CALL } from '../../auth/account-setup-guard';
import { optionalUser } from '../../auth/require-user';
import { timezoneValid } from '../../auth/user-fields';
import { GUEST_KIND } from '../../profiles/queries';
import { managedProfile, manages } from '../../profiles/write';
import { findVisibleGuestId } from '../queries';
import {
  AvailabilityBody,
  availabilityRules,
  availabilitySettings,
  loadAvailability,
  ownerTimezone,
  saveAvailability,
} from './settings';
import { guestAvailability, guestMonthSlots } from './guest-slots';

const GuestParams = Type.Object({ guest: IdParam() });

/** How long a month of slots is kept (and served to everyone who asks for the same URL). */
export const SLOTS_KEPT_MS = 60_000;

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

  // Public for a public profile (and its owner). Kept like a public answer, but for a minute at
  // most: it changes with the time (notice, today's passed hours) as well as with the data.
  const slotsOptions = {
    config: { ...PUBLIC_ANSWER, keptForMs: SLOTS_KEPT_MS },
    // the zone is checked by the handler (timezoneValid)
    schema: {
      params: GuestParams,
      querystring: AvailabilitySlotsQuerySchema,
      response: { 200: AvailabilitySlotsAnswerSchema },
    },
  };
  api.get('/guests/:guest/availability/slots', slotsOptions, async (request) => {
    const { month, timezone, duration } = request.query;
    const errors: FieldErrors = {};
    timezoneValid('timezone', timezone, errors);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const viewer = await optionalUser(request);
    const key = { id: Number(request.params.guest) };
    const guestId = await findVisibleGuestId(app.db, key, viewer?.id ?? null);
    if (guestId === null) throw notFound();
    const settings = await guestAvailability(app.db, guestId);
    if (
      duration !== undefined &&
      !settings.interview_durations.some((d) => d.duration === duration)
    ) {
      throw ValidationError.single('duration', 'The selected duration is invalid.');
    }
    const now = app.config.now();
    return {
      data: await guestMonthSlots(app.db, guestId, settings, {
        month,
        timezone: timezone.trim(),
        duration,
        now,
      }),
    };
  });
}
