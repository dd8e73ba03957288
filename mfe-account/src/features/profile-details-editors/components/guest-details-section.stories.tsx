import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { GuestDetailsSection } from './guest-details-section';
import { storyGuest } from './story-data';

const key = queryKeys.profileEditor('guest', 7);

const meta = {
  title: 'Screens/Account/Details/Guest details',
  component: GuestDetailsSection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof GuestDetailsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Priya's saved details; Edit opens the registration wizard's form (it loads the categories). */
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
