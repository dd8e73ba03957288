import { api } from '@guestspot/shared-api';
import type { DataEnvelope, User } from './types';

/** PATCH /users/me/account/pause (needs a recent login confirmation: 428 otherwise). */
export async function pauseAccount(): Promise<User> {
  return (await api.patch('users/me/account/pause').json<DataEnvelope<User>>()).data;
}

/** PATCH /users/me/account/resume (needs a recent login confirmation: 428 otherwise). */
export async function resumeAccount(): Promise<User> {
  return (await api.patch('users/me/account/resume').json<DataEnvelope<User>>()).data;
}

/** DELETE /users/me/account/delete: the account and its sessions are gone afterwards. */
export async function deleteAccount(): Promise<void> {
  await api.delete('users/me/account/delete');
}
