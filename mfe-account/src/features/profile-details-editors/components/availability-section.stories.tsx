import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { AvailabilitySection } from './availability-section';
import { storyAvailability } from './story-data';

const key = queryKeys.guestAvailability(7);

const meta = {
  title: 'Screens/Account/Details/Availability',
  component: AvailabilitySection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof AvailabilitySection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A free 30 minutes and a paid hour, mornings Monday to Wednesday. */
export const Saved: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { data: storyAvailability }]]}>
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
