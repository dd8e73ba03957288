import { api } from '@guestspot/shared-api';
import type { BookingFlowPreferences, BookingFlowStep, DataEnvelope } from './types';
import type { ProfileSide } from './types';

/** Which side of the marketplace a profile is on: its calls live under /guests or /shows. */

/** The steps to change (others stay as saved); a show has no `miniview-questions` step. */
export type BookingFlowPreferencesUpdate = Partial<Record<BookingFlowStep, boolean>>;

const path = (kind: ProfileSide, profileId: number) =>
  `${kind}s/${profileId}/booking-flow-preferences`;

/** GET /{guests|shows}/{id}/booking-flow-preferences: the defaults until a profile saves any. */
export async function getBookingFlowPreferences(
  kind: ProfileSide,
  profileId: number,
): Promise<BookingFlowPreferences> {
  return (await api.get(path(kind, profileId)).json<DataEnvelope<BookingFlowPreferences>>()).data;
}

/** PUT `{updatedPreferences}`: answers every step of the profile's side after the change. */
export async function updateBookingFlowPreferences(
  kind: ProfileSide,
  profileId: number,
  updatedPreferences: BookingFlowPreferencesUpdate,
): Promise<BookingFlowPreferences> {
  return (
    await api
      .put(path(kind, profileId), { json: { updatedPreferences } })
      .json<DataEnvelope<BookingFlowPreferences>>()
  ).data;
}
