import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { DB } from '../../../db/database';
import { notFound, ValidationError, type FieldErrors } from '../../../http/errors';
import { IdParam, Int, Str } from '../../../http/schema';
import { REGISTRATION_WIZARD_CALL } from '../../auth/account-setup-guard';
import { optionalUser } from '../../auth/require-user';
import { TimezoneName, timezoneValid } from '../../auth/user-fields';
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
import { availabilitySlots, slotSearchRange, type ConfirmedTime } from './slots';

const GuestParams = Type.Object({ guest: IdParam() });

/** GET /guests/{id}/availability/slots: a viewer's month; the zone is checked by the handler. */
const SlotsQuery = Type.Object({
  /** 'YYYY-MM', in the viewer's zone */
  month: Str({
    max: 7,
    pattern: {
      regex: '^[0-9]{4}-(0[1-9]|1[0-2])$',
      message: 'The :attribute field must match the format Y-m.',
    },
  }),
  /** the viewer's IANA zone */
  timezone: TimezoneName(),
  /** interview minutes, one the guest offers; default the shortest */
  duration: Type.Optional(Int({ min: 1, max: 24 * 60 })),
});

/**
 * The guest's confirmed interviews that overlap [from, to): table guest_confirmed_times
 * (migration 032, one row per confirmed booking). The one place slots read bookings from.
 */
export async function confirmedTimes(
  db: DB,
  guestId: number,
  from: Date,
  to: Date,
): Promise<ConfirmedTime[]> {
  return db
    .selectFrom('guest_confirmed_times')
    .select(['starts_at', 'ends_at'])
    .where('guest_profile_id', '=', guestId)
    .where('starts_at', '<', to)
    .where('ends_at', '>', from)
    .orderBy('starts_at')
    .execute();
}

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

  // Public for a public profile (and its owner); never kept for visitors: it changes with time.
  const slotsOptions = { schema: { params: GuestParams, querystring: SlotsQuery } };
  api.get('/guests/:guest/availability/slots', slotsOptions, async (request) => {
    const { month, timezone, duration } = request.query;
    const errors: FieldErrors = {};
    timezoneValid('timezone', timezone, errors);
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    const viewer = await optionalUser(request);
    const key = { id: Number(request.params.guest) };
    const guestId = await findVisibleGuestId(app.db, key, viewer?.id ?? null);
    if (guestId === null) throw notFound();
    const { user_id: ownerId } = await app.db
      .selectFrom('guest_profiles')
      .select('user_id')
      .where('id', '=', guestId)
      .executeTakeFirstOrThrow();
    const settings = await loadAvailability(app.db, guestId, await ownerTimezone(app.db, ownerId));
    if (
      duration !== undefined &&
      !settings.interview_durations.some((d) => d.duration === duration)
    ) {
      throw ValidationError.single('duration', 'The selected duration is invalid.');
    }
    const zone = timezone.trim();
    const range = slotSearchRange(month, zone);
    const confirmed = await confirmedTimes(app.db, guestId, range.from, range.to);
    const now = app.config.now();
    return {
      data: availabilitySlots({ settings, confirmed, now, month, timezone: zone, duration }),
    };
  });
}
