import { api } from './client';
import type { DataEnvelope, User } from './types';

export async function getCurrentUser(): Promise<User> {
  const body = await api.get('users/me').json<DataEnvelope<User>>();
  return body.data;
}
