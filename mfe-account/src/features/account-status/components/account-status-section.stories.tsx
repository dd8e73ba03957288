import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { makeUser } from '@guestspot/shared-api/stories';
import { settingsAccess } from '../../../components/settings';
import { AccountStatusSection } from './account-status-section';

const active = makeUser();
const paused = makeUser({ status: 'paused' });
const agencyViewing = makeUser({
  impersonator: { id: 5, name: 'Jordan Blake', is_admin: false, team_role: 'agency' },
});

const meta = {
  title: 'Screens/Account/Settings/Account status',
  component: AccountStatusSection,
  tags: ['autodocs'],
  args: { user: active, access: settingsAccess(active) },
} satisfies Meta<typeof AccountStatusSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {};

/** On a phone each row stacks: the label, the state, then the action. */
export const Phone: Story = {
  ...Active,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Paused: Story = { args: { user: paused, access: settingsAccess(paused) } };

/** An agency member acting as the owner sees the status only. */
export const AgencyViewing: Story = {
  args: { user: agencyViewing, access: settingsAccess(agencyViewing) },
};
