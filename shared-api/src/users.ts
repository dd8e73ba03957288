import { api, handlesForbidden } from './client';
import type { DataEnvelope, User } from './types';

export async function getCurrentUser(): Promise<User> {
  const body = await api.get('users/me').json<DataEnvelope<User>>();
  return body.data;
}

/**
 * PUT /users/{id}: only the fields given change. A password change needs current_password; a new
 * email address a recent login confirmation (428: run it through withLoginConfirmation). A team
 * member acting as the owner gets 403 for either, shown by the form (decision 063).
 */
export interface UpdateUserPayload {
  first_name?: string;
  last_name?: string;
  /** a new address must be verified again (status 'pending'); the old one is told */
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
  const body = await api
    .put(`users/${id}`, { json: payload, ...handlesForbidden })
    .json<DataEnvelope<User>>();
  return body.data;
}
