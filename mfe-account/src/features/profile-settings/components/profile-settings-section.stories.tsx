import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AsUser, makeUser } from '@guestspot/shared-api/stories';
import { settingsAccess } from '../../../components/settings';
import { ProfileSettingsSection } from './profile-settings-section';

const owner = makeUser({
  first_name: 'Priya',
  last_name: 'Patel',
  email: 'pro@guestspot.test',
  phone: '(512) 555-0100',
  title: 'Founder of Launchpad Labs',
  timezone: 'US/Central',
});
const agencyActing = makeUser({
  ...owner,
  impersonator: { id: 7, name: 'Ada Agency', is_admin: false, team_role: 'agency' },
});
const fromSignup = makeUser({ ...owner, title: null, phone: null, timezone: 'America/Chicago' });

const meta = {
  title: 'Screens/Account/Settings/Profile section',
  component: ProfileSettingsSection,
  tags: ['autodocs'],
  args: { user: owner, access: settingsAccess(owner) },
  decorators: [
    (Story, { args }) => (
      <AsUser user={args.user}>
        <Story />
      </AsUser>
    ),
  ],
} satisfies Meta<typeof ProfileSettingsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every row filled in, as the owner sees it. */
export const Owner: Story = {};

/** On a phone each row stacks: the label, the value under it, Edit on a line of its own. */
export const Phone: Story = {
  ...Owner,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** A new account: no phone, no title, and the browser's zone that is not one of the options. */
export const JustRegistered: Story = {
  args: { user: fromSignup, access: settingsAccess(fromSignup) },
};

/** An Agency member acting as the owner: the email without Edit (and why), no password row. */
export const TeamMemberActing: Story = {
  args: { user: agencyActing, access: settingsAccess(agencyActing) },
};
