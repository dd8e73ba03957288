import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { ShowDetailsSection } from './show-details-section';
import { storyShow } from './story-data';

const key = queryKeys.profileEditor('show', 4);

const meta = {
  title: 'Screens/Account/Details/Show details',
  component: ShowDetailsSection,
  tags: ['autodocs'],
  args: { profileId: 4 },
} satisfies Meta<typeof ShowDetailsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The show's details, its Podcast type with its page. */
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
