import { api } from './client';
import type { DataEnvelope, User } from './types';

export async function getCurrentUser(): Promise<User> {
  const body = await api.get('users/me').json<DataEnvelope<User>>();
  return body.data;
}

/** PUT /users/{id}: only the fields given change. A password change needs current_password. */
export interface UpdateUserPayload {
  first_name?: string;
  last_name?: string;
  /** a new address must be verified again (status 'pending') */
  email?: string;
  phone?: string;
  title?: string | null;
  timezone?: string;
  /** the user's own upload (POST /uploads); null removes the picture */
  image_uuid?: string | null;
  email_notifications?: boolean;
  sms_notifications?: boolean;
  current_password?: string;
  password?: string;
  password_confirmation?: string;
}

export async function updateUser(id: number, payload: UpdateUserPayload): Promise<User> {
  const body = await api.put(`users/${id}`, { json: payload }).json<DataEnvelope<User>>();
  return body.data;
}
