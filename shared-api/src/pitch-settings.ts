import { api } from '@guestspot/shared-api';
import type { DataEnvelope, PitchSettingsDetail } from './types';
import type { ProfileSide } from './types';

/** Which side of the marketplace a profile is on: its calls live under /guests or /shows. */

/** PUT body; `price` in cents, `null` clears it (the booking flow then falls back, spec §2.5). */
export interface PitchSettingsPayload {
  is_enabled?: boolean;
  price?: number | null;
}

const path = (kind: ProfileSide, profileId: number) => `${kind}s/${profileId}/pitch-settings`;

/** GET /{guests|shows}/{id}/pitch-settings: with `highest_price`, the most `price` may be. */
export async function getPitchSettings(
  kind: ProfileSide,
  profileId: number,
): Promise<PitchSettingsDetail> {
  return (await api.get(path(kind, profileId)).json<DataEnvelope<PitchSettingsDetail>>()).data;
}

/** PUT: a price above the highest booking option is a 422 on `price`. */
export async function updatePitchSettings(
  kind: ProfileSide,
  profileId: number,
  payload: PitchSettingsPayload,
): Promise<PitchSettingsDetail> {
  return (
    await api
      .put(path(kind, profileId), { json: payload })
      .json<DataEnvelope<PitchSettingsDetail>>()
  ).data;
}
