import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { GuestMediaSection } from './guest-media-section';
import { storyGuest } from './story-data';

const key = queryKeys.profileEditor('guest', 7);

const meta = {
  title: 'Screens/Account/Details/Guest image',
  component: GuestMediaSection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof GuestMediaSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No picture yet: pick one, crop it (1.25, at least 400×400), 'Saving...', then the picture. */
export const Saved: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { data: storyGuest }]]}>
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
