import { api } from '@guestspot/shared-api';
import { toSearchParams, type ListParams } from '@guestspot/shared-api';
import type {
  DataEnvelope,
  Paginated,
  ProfileInclude,
  ShowLinks,
  ShowProfile,
  ShowProfileDetail,
  ShowProfileInput,
  ShowType,
} from './types';

export function listShows(params: ListParams = {}): Promise<Paginated<ShowProfile>> {
  return api.get('shows', { searchParams: toSearchParams(params) }).json();
}

export async function getShow(idOrSlug: number | string): Promise<ShowProfile> {
  const body = await api.get(`shows/${idOrSlug}`).json<DataEnvelope<ShowProfile>>();
  return body.data;
}

/** GET /shows/{id|slug}?include=: the public profile page's payload. */
export async function getShowDetail(
  idOrSlug: number | string,
  include: ProfileInclude[] = ['links', 'booking_options'],
): Promise<ShowProfileDetail> {
  const body = await api
    .get(`shows/${idOrSlug}`, {
      searchParams: include.length ? { include: include.join(',') } : {},
    })
    .json<DataEnvelope<ShowProfileDetail>>();
  return body.data;
}

/** POST /shows: a new show owned by the signed-in user (a user may own several). */
export async function createShow(payload: ShowProfileInput): Promise<ShowProfile> {
  const body = await api.post('shows', { json: payload }).json<DataEnvelope<ShowProfile>>();
  return body.data;
}

/** PUT /shows/{id}: fields left out stay as they are. */
export async function updateShow(
  id: number,
  payload: Partial<ShowProfileInput>,
): Promise<ShowProfile> {
  const body = await api.put(`shows/${id}`, { json: payload }).json<DataEnvelope<ShowProfile>>();
  return body.data;
}

export async function getShowLinks(id: number): Promise<ShowLinks> {
  const body = await api.get(`shows/${id}/links`).json<DataEnvelope<ShowLinks>>();
  return body.data;
}

export async function updateShowLinks(id: number, links: ShowLinks): Promise<ShowLinks> {
  const body = await api.put(`shows/${id}/links`, { json: links }).json<DataEnvelope<ShowLinks>>();
  return body.data;
}

/** DELETE /shows/{id}/media/{uuid}: removes the show's image or cover; answers the show. */
export async function deleteShowMedia(id: number, uuid: string): Promise<ShowProfile> {
  const body = await api.delete(`shows/${id}/media/${uuid}`).json<DataEnvelope<ShowProfile>>();
  return body.data;
}

/** GET /show-types */
export async function listShowTypes(): Promise<ShowType[]> {
  const body = await api.get('show-types').json<DataEnvelope<ShowType[]>>();
  return body.data;
}
