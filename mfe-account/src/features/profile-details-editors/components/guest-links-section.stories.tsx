import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { GuestLinksSection } from './guest-links-section';
import { storyGuestLinks } from './story-data';

const key = queryKeys.profileLinks('guest', 7);

const meta = {
  title: 'Screens/Account/Details/Guest links',
  component: GuestLinksSection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof GuestLinksSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A LinkedIn page, a podcast appearance and an article. */
export const Saved: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { data: storyGuestLinks }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

export const Phone: Story = {
  ...Saved,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { loading: true }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

/** The load failed: the message and Retry. */
export const Failed: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { error: 'Server Error' }]]}>
        <Story />
      </QueryData>
    ),
  ],
};
