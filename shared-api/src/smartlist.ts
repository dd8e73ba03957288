import { api } from './client';
import type { DataEnvelope, SmartlistGroup, SmartlistItem, SmartlistItemInput } from './types';

// The wishlist ("smartlist"): items and groups of the signed-in user (spec: wishlist, §7).

export async function listSmartlist(userId: number): Promise<SmartlistItem[]> {
  const body = await api.get(`users/${userId}/smartlist`).json<DataEnvelope<SmartlistItem[]>>();
  return body.data;
}

export async function addSmartlistItem(
  userId: number,
  input: SmartlistItemInput,
): Promise<SmartlistItem> {
  const body = await api
    .post(`users/${userId}/smartlist`, { json: input })
    .json<DataEnvelope<SmartlistItem>>();
  return body.data;
}
