import { api, handlesForbidden } from '@guestspot/shared-api';
import type { AdminUserSummary, DataEnvelope, User } from './types';

/** POST /auth/impersonate/{id}: the session becomes that user's (a 403 is the page's to show). */
export async function startImpersonation(userId: number): Promise<User> {
  const body = await api
    .post(`auth/impersonate/${userId}`, { json: { device: 'spa' }, ...handlesForbidden })
    .json<DataEnvelope<User>>();
  return body.data;
}

/** DELETE /auth/impersonate: back to the real user on the same session. */
export async function stopImpersonation(): Promise<User> {
  const body = await api.delete('auth/impersonate', handlesForbidden).json<DataEnvelope<User>>();
  return body.data;
}

/** GET /admin/users?search= (admins). */
export async function searchAdminUsers(search: string): Promise<AdminUserSummary[]> {
  const body = await api
    .get('admin/users', { searchParams: { search } })
    .json<DataEnvelope<AdminUserSummary[]>>();
  return body.data;
}
