import { api } from '@guestspot/shared-api';

export async function subscribeToMailingList(email: string): Promise<{ message: string }> {
  return api.post('mailing-list', { json: { email } }).json();
}
