import { api } from '@guestspot/shared-api';
import type { DataEnvelope, RephonicStats, ShowProfileDetail, ShowProfileStat } from './types';

// A show's three stat slots with their verification requests, and its Rephonic id
// (decision 097). They are read from the show's detail (GET /shows/{id}); each has its own write.

/** How many stat slots a show has (1 to 3). */
export const STAT_SLOTS = 3;

export interface ShowStats {
  /** the filled slots, in slot order */
  stats: ShowProfileStat[];
  rephonic_id: string | null;
}

/** POST body: fills or replaces `slot`; a changed figure drops its verification state. */
export interface ShowStatPayload {
  slot: number;
  label: string;
  value: string;
  /** ask for the figure to be verified (a pending request) */
  request_verification?: boolean;
}

const path = (showId: number) => `shows/${showId}`;

/** GET /shows/{id}: the stat slots and Rephonic id of the show's detail. */
export async function getShowStats(showId: number): Promise<ShowStats> {
  const { data } = await api.get(path(showId)).json<DataEnvelope<ShowProfileDetail>>();
  return { stats: data.profile_stats ?? [], rephonic_id: data.rephonic_id };
}

/** POST /shows/{id}/profile-stats: 201 for a new slot, 200 for a replaced one. */
export async function saveShowStat(
  showId: number,
  payload: ShowStatPayload,
): Promise<ShowProfileStat> {
  return (
    await api
      .post(`${path(showId)}/profile-stats`, { json: payload })
      .json<DataEnvelope<ShowProfileStat>>()
  ).data;
}

/** PATCH …/{statId}/cancel-verification-request: 409 when no request is pending. */
export async function cancelStatVerification(
  showId: number,
  statId: number,
): Promise<ShowProfileStat> {
  return (
    await api
      .patch(`${path(showId)}/profile-stats/${statId}/cancel-verification-request`)
      .json<DataEnvelope<ShowProfileStat>>()
  ).data;
}

/** PUT /shows/{id}/rephonic-stats: '' or null clears the id. */
export async function updateRephonicId(
  showId: number,
  rephonicId: string | null,
): Promise<RephonicStats> {
  return (
    await api
      .put(`${path(showId)}/rephonic-stats`, { json: { rephonic_id: rephonicId } })
      .json<DataEnvelope<RephonicStats>>()
  ).data;
}
