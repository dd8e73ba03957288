import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AsUser, makeUser } from '@guestspot/shared-api/stories';
import { FavouriteButton } from './favourite-button';

const meta = {
  title: 'Marketplace/FavouriteButton',
  component: FavouriteButton,
  tags: ['autodocs'],
  args: { type: 'guests', id: 1, name: 'Maya Brooks', favourited: false, redirect: '/guests/1' },
  decorators: [(Story) => <AsUser user={makeUser()}>{<Story />}</AsUser>],
} satisfies Meta<typeof FavouriteButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NotFavourited: Story = {};
export const Favourited: Story = { args: { favourited: true } };
export const Small: Story = { args: { size: 'sm' } };
export const Visitor: Story = {
  decorators: [(Story) => <AsUser user={null}>{<Story />}</AsUser>],
};
