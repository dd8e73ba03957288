import { api } from '@guestspot/shared-api';
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

/** PUT: notes (one text or several to append, dated by the server), group_id (a move; null
 * ungroups), or any of the item's fields. Answers the item as saved. */
export interface SmartlistItemUpdate {
  name?: string;
  domain?: string | null;
  emails?: string[];
  phone?: string | null;
  notes?: string | string[];
  group_id?: number | null;
}

export async function updateSmartlistItem(
  userId: number,
  itemId: number,
  update: SmartlistItemUpdate,
): Promise<SmartlistItem> {
  const body = await api
    .put(`users/${userId}/smartlist/${itemId}`, { json: update })
    .json<DataEnvelope<SmartlistItem>>();
  return body.data;
}

/** Removing an entry linked to a profile also unfavourites it. */
export async function removeSmartlistItem(userId: number, itemId: number): Promise<void> {
  await api.delete(`users/${userId}/smartlist/${itemId}`);
}

/** GET smartlist-groups?include=items: the user's groups (of one type when given) with items. */
export async function listSmartlistGroups(
  userId: number,
  type?: SmartlistGroup['type'],
): Promise<SmartlistGroup[]> {
  const searchParams = new URLSearchParams({ include: 'items' });
  if (type) searchParams.set('type', type);
  const body = await api
    .get(`users/${userId}/smartlist-groups`, { searchParams })
    .json<DataEnvelope<SmartlistGroup[]>>();
  return body.data;
}

export async function createSmartlistGroup(
  userId: number,
  input: { name: string; type: SmartlistGroup['type'] },
): Promise<SmartlistGroup> {
  const body = await api
    .post(`users/${userId}/smartlist-groups`, { json: input })
    .json<DataEnvelope<SmartlistGroup>>();
  return body.data;
}

export async function renameSmartlistGroup(
  userId: number,
  groupId: number,
  name: string,
): Promise<SmartlistGroup> {
  const body = await api
    .put(`users/${userId}/smartlist-groups/${groupId}`, { json: { name } })
    .json<DataEnvelope<SmartlistGroup>>();
  return body.data;
}

/** Deleting a group keeps its items: they become ungrouped. */
export async function deleteSmartlistGroup(userId: number, groupId: number): Promise<void> {
  await api.delete(`users/${userId}/smartlist-groups/${groupId}`);
}

/** GET /email-addresses/{domain}: addresses found for the domain ('Get contact info'). */
export async function lookupEmailAddresses(domain: string): Promise<string[]> {
  const body = await api
    .get(`email-addresses/${encodeURIComponent(domain)}`)
    .json<DataEnvelope<string[]>>();
  return body.data;
}
