import { api } from '@guestspot/shared-api';
import type { SocialNetworkName } from './link-rules';
import type { DataEnvelope, ProfileReach } from './types';

// A guest's followers or listeners per social platform, under /guests/{id}/profile-reach
// (decision 097). The platforms are the profile links' social networks (link-rules).

export type ReachPlatform = SocialNetworkName;

/** POST body: sets the count on one platform (a new platform or a changed count). */
export interface ProfileReachPayload {
  platform: ReachPlatform;
  /** whole number, at least 0 */
  count: number;
}

const path = (guestId: number) => `guests/${guestId}/profile-reach`;

/** GET: the guest's reach in the platforms' order. */
export async function listProfileReach(guestId: number): Promise<ProfileReach[]> {
  return (await api.get(path(guestId)).json<DataEnvelope<ProfileReach[]>>()).data;
}

/** POST: 201 for a new platform, 200 for a changed count; 422 on `platform` or `count`. */
export async function saveProfileReach(
  guestId: number,
  payload: ProfileReachPayload,
): Promise<ProfileReach> {
  return (await api.post(path(guestId), { json: payload }).json<DataEnvelope<ProfileReach>>()).data;
}

/** DELETE …/{platform}: 404 when the guest has no count there. */
export async function deleteProfileReach(guestId: number, platform: ReachPlatform): Promise<void> {
  await api.delete(`${path(guestId)}/${platform}`);
}
