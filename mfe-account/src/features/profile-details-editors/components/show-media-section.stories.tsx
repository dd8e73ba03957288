import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { ShowMediaSection } from './show-media-section';
import { storyShow } from './story-data';

const key = queryKeys.profileEditor('show', 4);

const meta = {
  title: 'Screens/Account/Details/Show cover and image',
  component: ShowMediaSection,
  tags: ['autodocs'],
  args: { profileId: 4 },
} satisfies Meta<typeof ShowMediaSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No image or cover uploaded yet: each can be picked and cropped. */
export const Saved: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { data: storyShow }]]}>
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
