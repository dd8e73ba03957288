import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  GENERIC_ERROR_MESSAGE,
  queryKeys,
  useSessionStore,
  type TeamInvitation,
  type TeamMember,
  type User,
} from '@guestspot/shared-api';
import * as teamApi from '@guestspot/shared-api/team';
import {
  Badge,
  Button,
  Checkbox,
  confirm,
  EmptyState,
  ErrorState,
  Skeleton,
  toast,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { SettingsSection, type SettingsAccess } from '../../../components/settings';
import {
  useTeamInvitations,
  useTeamMembers,
  useToggleMemberNotification,
  type NotificationFlag,
} from '../hooks/use-team';
import { InviteMemberDialog, ROLE_OPTIONS } from './invite-member-dialog';
import './team-settings.css';

const roleLabel = (role: TeamMember['pivot']['role']) =>
  ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;

/**
 * Team members (spec §2, §6, §8): members with their role and notification toggles, pending
 * invitations, the 'Invite Team Member' dialog. Viewers who may not manage the account (an
 * agency member acting as the owner) see the lists without the actions.
 */
export function TeamSection({ access }: { user: User; access: SettingsAccess }) {
  const [inviting, setInviting] = useState(false);
  const canManage = access.manageAccount;
  return (
    <SettingsSection
      id="team"
      title="Team members"
      description="People who help you manage your profiles. Basic members handle everyday tasks; Agency members can manage everything, including payout setup."
    >
      {canManage ? (
        <div className="gs-team__toolbar">
          <Button onClick={() => setInviting(true)}>Invite Team Member</Button>
        </div>
      ) : null}
      <MembersPanel canManage={canManage} />
      <InvitationsPanel canManage={canManage} />
      {canManage ? <InviteMemberDialog open={inviting} onClose={() => setInviting(false)} /> : null}
    </SettingsSection>
  );
}

/**
 * A member's notification box. The choice shows at once (the saved value takes over when the
 * call settles; a refused one goes back with a toast): a box that flips back until the list is
 * updated reads as a click that did not take.
 */
function MemberFlag({
  member,
  flag,
  name,
  canManage,
}: {
  member: TeamMember;
  flag: NotificationFlag;
  name: string;
  canManage: boolean;
}) {
  const toggle = useToggleMemberNotification();
  const [chosen, setChosen] = useState<boolean | null>(null);
  return (
    <>
      <Checkbox
        label={
          <VisuallyHidden>
            {name} for {member.email}
          </VisuallyHidden>
        }
        checked={chosen ?? member.pivot[flag] === 1}
        disabled={!canManage}
        onChange={(event) => {
          const on = event.currentTarget.checked;
          setChosen(on);
          toggle.mutate({ member, flag, on }, { onSettled: () => setChosen(null) });
        }}
      />
      {/* The column's header names the box; on a phone, where rows are cards, a name shows. */}
      <span className="gs-team__flag-name" aria-hidden="true">
        {name}
      </span>
    </>
  );
}

function MembersPanel({ canManage }: { canManage: boolean }) {
  const members = useTeamMembers();
  const client = useQueryClient();

  if (members.isPending) {
    return (
      <div role="status" aria-label="Loading team members" className="gs-team__loading">
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </div>
    );
  }
  if (members.isError) {
    return (
      <ErrorState
        titleAs="h3"
        title="Team members could not be loaded"
        onRetry={() => void members.refetch()}
        retrying={members.isFetching}
      />
    );
  }
  if (members.data.length === 0) {
    return <EmptyState titleAs="h3" size="sm" title="No team members added" />;
  }

  async function remove(member: TeamMember) {
    await confirm({
      title: 'Remove team member?',
      message: `${member.email} will no longer be able to manage your profiles.`,
      confirmLabel: 'Remove',
      tone: 'danger',
      onConfirm: async () => {
        try {
          await teamApi.removeTeamMember(member.id);
          toast.success('Team member removed!');
          await client.invalidateQueries({ queryKey: queryKeys.teamMembers });
          // has_team (the notifications row) may have changed.
          await useSessionStore
            .getState()
            .refetch()
            .catch(() => null);
        } catch {
          toast.error(GENERIC_ERROR_MESSAGE);
        }
      },
    });
  }

  return (
    <table className="gs-team__table gs-settings-table">
      <caption className="gs-team__caption">Members</caption>
      <thead className="visually-hidden-phone">
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Role</th>
          <th scope="col">Email notifications</th>
          <th scope="col">SMS notifications</th>
          {canManage ? (
            <th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {members.data.map((member) => (
          <tr key={member.id}>
            <th scope="row" className="gs-team__email">
              {member.email}
            </th>
            <td className="gs-team__role">
              <Badge tone={member.pivot.role === 'agency' ? 'brand' : 'neutral'}>
                {roleLabel(member.pivot.role)}
              </Badge>
            </td>
            <td className="gs-team__flag">
              <MemberFlag
                member={member}
                flag="email_notifications"
                name="Email notifications"
                canManage={canManage}
              />
            </td>
            <td className="gs-team__flag">
              <MemberFlag
                member={member}
                flag="sms_notifications"
                name="SMS notifications"
                canManage={canManage}
              />
            </td>
            {canManage ? (
              <td className="gs-team__actions">
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Remove ${member.email}`}
                  onClick={() => void remove(member)}
                >
                  Remove
                </Button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InvitationsPanel({ canManage }: { canManage: boolean }) {
  const invitations = useTeamInvitations();
  if (invitations.isPending) return null;
  if (invitations.isError) {
    return (
      <ErrorState
        titleAs="h3"
        title="Pending invitations could not be loaded"
        onRetry={() => void invitations.refetch()}
        retrying={invitations.isFetching}
      />
    );
  }
  if (invitations.data.length === 0) return null;
  return (
    <div className="gs-team__invitations">
      <h3 className="gs-team__subtitle">Pending invitations</h3>
      <ul className="gs-team__invitation-list">
        {invitations.data.map((invitation) => (
          <InvitationItem key={invitation.id} invitation={invitation} canManage={canManage} />
        ))}
      </ul>
    </div>
  );
}

function InvitationItem({
  invitation,
  canManage,
}: {
  invitation: TeamInvitation;
  canManage: boolean;
}) {
  const client = useQueryClient();
  const [cancelling, setCancelling] = useState(false);

  async function cancel() {
    setCancelling(true);
    try {
      await teamApi.cancelTeamInvitation(invitation.id);
      toast.success('The invitation was canceled');
      await client.invalidateQueries({ queryKey: queryKeys.teamInvitations });
    } catch {
      toast.error('The invitation was not canceled');
      setCancelling(false);
    }
  }

  return (
    <li className="gs-team__invitation">
      <span className="gs-team__email">{invitation.email}</span>
      <Badge tone="neutral">{roleLabel(invitation.role)}</Badge>
      <Badge tone="warning">Pending</Badge>
      {canManage ? (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Cancel the invitation of ${invitation.email}`}
          loading={cancelling}
          disabled={cancelling}
          onClick={() => void cancel()}
        >
          Cancel
        </Button>
      ) : null}
    </li>
  );
}
