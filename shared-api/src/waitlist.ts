import { api } from '@guestspot/shared-api';
import type { MessageBody, WaitlistInput } from './types';

/** POST /join-waitlist {email, source 'app'}; naming the profile lets its owner know. */
export function joinWaitlist(payload: WaitlistInput): Promise<MessageBody> {
  return api.post('join-waitlist', { json: payload }).json();
}
