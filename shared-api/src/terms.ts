import { api } from '@guestspot/shared-api';
import type { DataEnvelope, User } from './types';

/** POST /user/terms/approve: the signed-in user accepts the Terms of Service. */
export async function approveTerms(): Promise<User> {
  const body = await api.post('user/terms/approve').json<DataEnvelope<User>>();
  return body.data;
}
