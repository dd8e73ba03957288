import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AsUser, makeUser } from '@guestspot/shared-api/stories';
import { Header } from './header';
import './layout.css';

const meta = {
  title: 'Screens/Shell/Header',
  component: Header,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { sidebarOpen: false, onToggleSidebar: () => undefined },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  decorators: [(Story) => <AsUser user={null}>{<Story />}</AsUser>],
};

export const SignedIn: Story = {
  decorators: [
    (Story) => (
      <AsUser user={makeUser({ first_name: 'Priya', last_name: 'Patel' })}>{<Story />}</AsUser>
    ),
  ],
};

export const AdminForTeam: Story = {
  decorators: [
    (Story) => (
      <AsUser
        user={makeUser({
          team_role: 'admin',
          teams: [{ id: 1, owner_id: 2, owner_name: 'Priya Patel', role: 'admin' }],
        })}
      >
        <Story />
      </AsUser>
    ),
  ],
};

const phone = { viewport: { value: 'phone', isRotated: false } };

/** 360 px: the menu, the logo and Sign in; Start free now moves to the drawer. */
export const Phone: Story = { ...Visitor, globals: phone };

/** 360 px signed in: the user menu is the avatar alone (its name stays the button's name). */
export const PhoneSignedIn: Story = { ...SignedIn, globals: phone };
