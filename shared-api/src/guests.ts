import { api } from '@guestspot/shared-api';
import { toSearchParams, type ListParams } from '@guestspot/shared-api';
import type {
  AvailabilitySettings,
  DataEnvelope,
  GuestLinks,
  GuestProfile,
  GuestProfileDetail,
  GuestProfileInput,
  Paginated,
  ProfileInclude,
} from './types';

export function listGuests(params: ListParams = {}): Promise<Paginated<GuestProfile>> {
  return api.get('guests', { searchParams: toSearchParams(params) }).json();
}

export async function getGuest(idOrSlug: number | string): Promise<GuestProfile> {
  const body = await api.get(`guests/${idOrSlug}`).json<DataEnvelope<GuestProfile>>();
  return body.data;
}

/** GET /guests/{id|slug}?include=: the public profile page's payload. */
export async function getGuestDetail(
  idOrSlug: number | string,
  include: ProfileInclude[] = ['links', 'booking_options'],
): Promise<GuestProfileDetail> {
  const body = await api
    .get(`guests/${idOrSlug}`, {
      searchParams: include.length ? { include: include.join(',') } : {},
    })
    .json<DataEnvelope<GuestProfileDetail>>();
  return body.data;
}

/** POST /guests: the signed-in user's guest profile (one per user). */
export async function createGuest(payload: GuestProfileInput): Promise<GuestProfile> {
  const body = await api.post('guests', { json: payload }).json<DataEnvelope<GuestProfile>>();
  return body.data;
}

/** PUT /guests/{id}: fields left out stay as they are. */
export async function updateGuest(
  id: number,
  payload: Partial<GuestProfileInput>,
): Promise<GuestProfile> {
  const body = await api.put(`guests/${id}`, { json: payload }).json<DataEnvelope<GuestProfile>>();
  return body.data;
}

export async function getGuestLinks(id: number): Promise<GuestLinks> {
  const body = await api.get(`guests/${id}/links`).json<DataEnvelope<GuestLinks>>();
  return body.data;
}

export async function updateGuestLinks(id: number, links: GuestLinks): Promise<GuestLinks> {
  const body = await api
    .put(`guests/${id}/links`, { json: links })
    .json<DataEnvelope<GuestLinks>>();
  return body.data;
}

/** DELETE /guests/{id}/media/{uuid}: removes its picture or video; answers the profile. */
export async function deleteGuestMedia(id: number, uuid: string): Promise<GuestProfile> {
  const body = await api.delete(`guests/${id}/media/${uuid}`).json<DataEnvelope<GuestProfile>>();
  return body.data;
}

/** GET /guests/{id}/availability: the saved settings, else the product defaults. */
export async function getGuestAvailability(id: number): Promise<AvailabilitySettings> {
  const body = await api
    .get(`guests/${id}/availability`)
    .json<DataEnvelope<AvailabilitySettings>>();
  return body.data;
}

export async function updateGuestAvailability(
  id: number,
  settings: AvailabilitySettings,
): Promise<AvailabilitySettings> {
  const body = await api
    .put(`guests/${id}/availability`, { json: settings })
    .json<DataEnvelope<AvailabilitySettings>>();
  return body.data;
}
