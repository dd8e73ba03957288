import { api } from './client';
import type { DataEnvelope, User } from './types';

export interface LoginPayload {
  email: string;
  password: string;
  remember_me: boolean;
  /** The spec's device name for browser sessions. */
  device?: string;
}

export async function login(payload: LoginPayload): Promise<User> {
  const body = await api
    .post('auth/login', { json: { device: 'spa', ...payload } })
    .json<DataEnvelope<User>>();
  return body.data;
}

export async function logout(): Promise<void> {
  await api.post('auth/logout');
}
