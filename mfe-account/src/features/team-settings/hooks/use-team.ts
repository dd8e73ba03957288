import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GENERIC_ERROR_MESSAGE,
  isApiError,
  queryKeys,
  type TeamMember,
} from '@guestspot/shared-api';
import * as teamApi from '@guestspot/shared-api/team';
import { toast } from '@guestspot/shared-ui';

export const TEAM_EMAIL_RULE =
  'At least one team member needs to have the email notifications turned on';

/** Spec §8: failed loads of team lists are only logged (the panel still offers a retry). */
function logged<T>(what: string, load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      console.error(`The team ${what} could not be loaded.`, error);
      throw error;
    }
  };
}

export function useTeamMembers() {
  return useQuery({
    queryKey: queryKeys.teamMembers,
    queryFn: logged('members', teamApi.listTeamMembers),
  });
}

export function useTeamInvitations() {
  return useQuery({
    queryKey: queryKeys.teamInvitations,
    queryFn: logged('invitations', teamApi.listTeamInvitations),
  });
}

export type NotificationFlag = 'email_notifications' | 'sms_notifications';

/**
 * A member's email/SMS toggle: shown at once, put back if the server refuses (spec §8 'Error!
 * Something went wrong.' — or the team email rule when that was the reason).
 */
export function useToggleMemberNotification() {
  const client = useQueryClient();
  const setFlag = (memberId: number, flag: NotificationFlag, on: boolean) =>
    client.setQueryData<TeamMember[]>(queryKeys.teamMembers, (members) =>
      members?.map((item) =>
        item.id === memberId ? { ...item, pivot: { ...item.pivot, [flag]: on ? 1 : 0 } } : item,
      ),
    );
  return useMutation({
    mutationFn: ({
      member,
      flag,
      on,
    }: {
      member: TeamMember;
      flag: NotificationFlag;
      on: boolean;
    }) => teamApi.updateTeamMember(member.id, { [flag]: on ? 1 : 0 }),
    onMutate: async ({ member, flag, on }) => {
      await client.cancelQueries({ queryKey: queryKeys.teamMembers });
      setFlag(member.id, flag, on);
    },
    onError: (error, { member, flag, on }) => {
      // Only this toggle goes back: another one in flight keeps its own state.
      setFlag(member.id, flag, !on);
      const rule =
        isApiError(error) &&
        error.fieldErrors.email_notifications?.includes(TEAM_EMAIL_RULE) === true;
      toast.error(rule ? TEAM_EMAIL_RULE : GENERIC_ERROR_MESSAGE);
    },
    onSuccess: (saved) => {
      client.setQueryData<TeamMember[]>(queryKeys.teamMembers, (members) =>
        members?.map((item) => (item.id === saved.id ? saved : item)),
      );
    },
  });
}
