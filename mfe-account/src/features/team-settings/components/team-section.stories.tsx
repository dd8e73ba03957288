import type { ComponentProps } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type TeamInvitation, type TeamMember } from '@guestspot/shared-api';
import { AsUser, makeUser, QueryData } from '@guestspot/shared-api/stories';
import { settingsAccess } from '../../../components/settings';
import { TeamSection } from './team-section';

const owner = makeUser({ account_type: 'pro', has_team: true });
const agencyViewing = makeUser({
  account_type: 'pro',
  has_team: true,
  impersonator: { id: 5, name: 'Jordan Blake', is_admin: false, team_role: 'agency' },
});
const members: TeamMember[] = [
  {
    id: 5,
    email: 'agency@guestspot.test',
    first_name: 'Jordan',
    last_name: 'Blake',
    pivot: { role: 'agency', email_notifications: 1, sms_notifications: 0 },
  },
  {
    id: 6,
    email: 'sam@guestspot.test',
    first_name: 'Sam',
    last_name: 'Lee',
    pivot: { role: 'admin', email_notifications: 0, sms_notifications: 1 },
  },
];
const invitations: TeamInvitation[] = [
  { id: 9, email: 'assistant@guestspot.test', role: 'admin', created_at: '2026-01-02T00:00:00Z' },
];

type State = { data: unknown } | { loading: true } | { error: string };

function render(user: typeof owner, memberState: State, invitationState: State) {
  return function Story(args: ComponentProps<typeof TeamSection>) {
    return (
      <AsUser user={user}>
        <QueryData
          entries={[
            [queryKeys.teamMembers, memberState],
            [queryKeys.teamInvitations, invitationState],
          ]}
        >
          <TeamSection {...args} />
        </QueryData>
      </AsUser>
    );
  };
}

const meta = {
  title: 'Screens/Account/Settings/Team members',
  component: TeamSection,
  tags: ['autodocs'],
  args: { user: owner, access: settingsAccess(owner) },
} satisfies Meta<typeof TeamSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MembersAndInvitations: Story = {
  render: render(owner, { data: members }, { data: invitations }),
};

/** On a phone each member is a card: email and role, each notification with its name, Remove. */
export const Phone: Story = {
  ...MembersAndInvitations,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Empty: Story = { render: render(owner, { data: [] }, { data: [] }) };

export const Loading: Story = { render: render(owner, { loading: true }, { loading: true }) };

/** Failed loads are logged; the panel offers a retry. */
export const LoadFailed: Story = {
  render: render(owner, { error: 'Server Error' }, { data: [] }),
};

/** An agency member acting as the owner: lists only, no actions. */
export const AgencyViewing: Story = {
  args: { user: agencyViewing, access: settingsAccess(agencyViewing) },
  render: render(agencyViewing, { data: members }, { data: invitations }),
};
