import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { makeUser } from '@guestspot/shared-api/stories';
import { settingsAccess } from '../../../components/settings';
import { NotificationsSection } from './notifications-section';

const withTeam = makeUser({ account_type: 'pro', has_team: true, sms_notifications: true });
const withoutTeam = makeUser({ has_team: false });

const meta = {
  title: 'Screens/Account/Settings/Notifications',
  component: NotificationsSection,
  tags: ['autodocs'],
  args: { user: withTeam, access: settingsAccess(withTeam) },
} satisfies Meta<typeof NotificationsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With a team: both choices can be changed (the server keeps one member on email). */
export const WithTeam: Story = {};

/** On a phone the row stacks: the label, the choices, then Edit. */
export const Phone: Story = {
  ...WithTeam,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** Without a team the email checkbox is disabled (open Edit to see why). */
export const WithoutTeam: Story = {
  args: { user: withoutTeam, access: settingsAccess(withoutTeam) },
};
