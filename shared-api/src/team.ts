import { api, handlesForbidden } from '@guestspot/shared-api';
import type {
  DataEnvelope,
  PublicTeamInvitation,
  TeamInvitation,
  TeamMember,
  TeamRole,
  User,
} from './types';

export async function listTeamMembers(): Promise<TeamMember[]> {
  return (await api.get('users/me/team/members').json<DataEnvelope<TeamMember[]>>()).data;
}

export async function inviteTeamMember(payload: {
  email: string;
  role: TeamRole;
}): Promise<TeamInvitation> {
  return (
    await api.post('users/me/team/members', { json: payload }).json<DataEnvelope<TeamInvitation>>()
  ).data;
}

export async function updateTeamMember(
  memberId: number,
  payload: { email_notifications?: 0 | 1; sms_notifications?: 0 | 1 },
): Promise<TeamMember> {
  return (
    await api
      .patch(`users/me/team/members/${memberId}`, { json: payload })
      .json<DataEnvelope<TeamMember>>()
  ).data;
}

export async function removeTeamMember(memberId: number): Promise<void> {
  await api.delete(`users/me/team/members/${memberId}`);
}

export async function listTeamInvitations(): Promise<TeamInvitation[]> {
  return (await api.get('users/me/team/invitations').json<DataEnvelope<TeamInvitation[]>>()).data;
}

export async function cancelTeamInvitation(invitationId: number): Promise<void> {
  await api.delete(`users/me/team/invitations/${invitationId}`);
}

/** GET /team-invitations/{id}?token= (public: the link from the email). */
export async function getTeamInvitation(
  invitationId: string,
  token: string,
): Promise<PublicTeamInvitation> {
  return (
    await api
      .get(`team-invitations/${encodeURIComponent(invitationId)}`, { searchParams: { token } })
      .json<DataEnvelope<PublicTeamInvitation>>()
  ).data;
}

/** Accept as the signed-in user (a 403 "sent to another email address" is the page's to show). */
export async function acceptTeamInvitation(invitationId: string, token: string): Promise<User> {
  return (
    await api
      .post(`team-invitations/${encodeURIComponent(invitationId)}/accept`, {
        json: { token },
        ...handlesForbidden,
      })
      .json<DataEnvelope<User>>()
  ).data;
}

export async function declineTeamInvitation(invitationId: string, token: string): Promise<void> {
  await api.post(`team-invitations/${encodeURIComponent(invitationId)}/decline`, {
    json: { token },
  });
}
