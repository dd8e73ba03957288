import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AsUser } from '@guestspot/shared-api/stories';
import { LoginPage } from './login-page';

const meta = {
  title: 'Screens/Account/Login page',
  component: LoginPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <AsUser user={null}>{<Story />}</AsUser>],
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** On a phone the card fills the screen; Forgot password? and Sign up are full touch targets. */
export const Phone: Story = {
  ...Default,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
