import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AsUser, makeUser } from '@guestspot/shared-api/stories';
import { ShowListPage } from './show-list-page';

const meta = {
  title: 'Screens/Account/Details/Show list page',
  component: ShowListPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ShowListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two shows, each a link to its editors. */
export const WithShows: Story = {
  decorators: [
    (Story) => (
      <AsUser
        user={makeUser({
          shows: [
            { id: 3, name: 'The Founder Files', slug: 'the-founder-files', imageUrl: null },
            { id: 4, name: 'Morning Momentum', slug: 'morning-momentum', imageUrl: null },
          ],
        })}
      >
        <Story />
      </AsUser>
    ),
  ],
};

export const Phone: Story = {
  ...WithShows,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** No show yet: the way to create one. */
export const NoShows: Story = {
  decorators: [
    (Story) => (
      <AsUser user={makeUser()}>
        <Story />
      </AsUser>
    ),
  ],
};
