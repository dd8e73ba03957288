import { api, handlesForbidden } from '@guestspot/shared-api';
import type { DataEnvelope, User } from './types';

/**
 * PUT /admin/users/{id}, the admin update (site admins only): only the fields given change. A new
 * password needs no current password; the title is the user's own and cannot be sent.
 */
export interface AdminUpdateUserPayload {
  first_name?: string;
  last_name?: string;
  /** a new address must be verified again by its owner (status 'pending') */
  email?: string;
  phone?: string;
  timezone?: string;
  /** an upload by the admin or the user (POST /uploads); null removes the picture */
  image_uuid?: string | null;
  email_notifications?: boolean;
  sms_notifications?: boolean;
  password?: string;
  password_confirmation?: string;
}

// A 403 here (the account is an admin's) is the page's to show, not a trip to /403-forbidden.

/** GET /admin/users/{id}: the user's account as their own settings show it (site admins only). */
export async function getAdminUser(id: number): Promise<User> {
  const body = await api.get(`admin/users/${id}`, handlesForbidden).json<DataEnvelope<User>>();
  return body.data;
}

export async function adminUpdateUser(id: number, payload: AdminUpdateUserPayload): Promise<User> {
  const body = await api
    .put(`admin/users/${id}`, { json: payload, ...handlesForbidden })
    .json<DataEnvelope<User>>();
  return body.data;
}
