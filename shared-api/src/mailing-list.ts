import { api } from './client';

export async function subscribeToMailingList(email: string): Promise<{ message: string }> {
  return api.post('mailing-list', { json: { email } }).json();
}
