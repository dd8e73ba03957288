import { api } from '@guestspot/shared-api';
import type { DataEnvelope, GuestProfile } from './types';

// A show's past guests (decision 098): guest profiles it has had on, first added first.

const path = (showId: number) => `shows/${showId}/past-guests`;

/** GET /shows/{id}/past-guests: public guest cards. */
export async function listPastGuests(showId: number): Promise<GuestProfile[]> {
  return (await api.get(path(showId)).json<DataEnvelope<GuestProfile[]>>()).data;
}

/**
 * POST {guest_profile_id}: the list after adding (adding a past guest again changes nothing). An
 * unknown or hidden guest profile is a 422 on `guest_profile_id`.
 */
export async function addPastGuest(
  showId: number,
  guestProfileId: number,
): Promise<GuestProfile[]> {
  return (
    await api
      .post(path(showId), { json: { guest_profile_id: guestProfileId } })
      .json<DataEnvelope<GuestProfile[]>>()
  ).data;
}

/** DELETE ?guest_profile_id= (the id in the query, not a body); answers 204. */
export async function removePastGuest(showId: number, guestProfileId: number): Promise<void> {
  await api.delete(path(showId), { searchParams: { guest_profile_id: guestProfileId } });
}
