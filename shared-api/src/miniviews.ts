import { api } from '@guestspot/shared-api';
import { toSearchParams, type ListParams } from '@guestspot/shared-api';
import type { Miniview, MiniviewDetail, Paginated, PublicMiniview } from './types';

export function listMiniviews(params: ListParams = {}): Promise<Paginated<Miniview>> {
  return api.get('miniviews', { searchParams: toSearchParams(params) }).json();
}

/** One of the user's MINIVIEWs with its questions and answer groups. */
export async function getMiniview(id: number): Promise<MiniviewDetail> {
  return (await api.get(`miniviews/${id}`).json<{ data: MiniviewDetail }>()).data;
}

/** A new MINIVIEW: its questions in order, each with the owner's recording if it has one. */
export interface NewMiniviewPayload {
  title: string;
  questions: { body: string; media_uuid?: string | null }[];
}

/** POST /miniviews (Pro only: 426 otherwise): the created MINIVIEW, its link's uuid included. */
export async function createMiniview(payload: NewMiniviewPayload): Promise<MiniviewDetail> {
  return (await api.post('miniviews', { json: payload }).json<{ data: MiniviewDetail }>()).data;
}

/** Deletes one of the user's MINIVIEWs (by the uuid of its link), answers included. */
export async function deleteMiniview(uuid: string): Promise<void> {
  await api.delete(`miniviews/${uuid}`);
}

/** GET /miniviews/public/{uuid}: a MINIVIEW as the person answering it sees it (no account). */
export async function getPublicMiniview(uuid: string): Promise<PublicMiniview> {
  return (await api.get(`miniviews/public/${uuid}`).json<{ data: PublicMiniview }>()).data;
}

/** One person's answers: every question once, each with a recording uploaded for this MINIVIEW. */
export interface MiniviewAnswersPayload {
  name: string;
  answers: { question_id: number; media_uuid: string }[];
}

/** POST /miniviews/public/{uuid}/answers: sends one answer group (after its recordings). */
export async function submitMiniviewAnswers(
  uuid: string,
  payload: MiniviewAnswersPayload,
): Promise<{ id: number }> {
  return (
    await api
      .post(`miniviews/public/${uuid}/answers`, { json: payload })
      .json<{ data: { id: number } }>()
  ).data;
}

/** Where a person answers a MINIVIEW: the link its owner shares. */
export function miniviewShareUrl(uuid: string, origin = window.location.origin): string {
  return `${origin}/miniviews/${uuid}`;
}

/** The download address of a stored recording (GET /download/media/{uuid}). */
export function mediaDownloadUrl(url: string): string {
  return url.replace('/api/v1/media/', '/api/v1/download/media/');
}
