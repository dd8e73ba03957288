import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { ShowLinksSection } from './show-links-section';
import { storyShowLinks } from './story-data';

const key = queryKeys.profileLinks('show', 4);

const meta = {
  title: 'Screens/Account/Details/Show links',
  component: ShowLinksSection,
  tags: ['autodocs'],
  args: { profileId: 4 },
} satisfies Meta<typeof ShowLinksSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A YouTube channel and one episode; no media features yet. */
export const Saved: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { data: storyShowLinks }]]}>
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
