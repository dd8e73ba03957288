import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { ProfileReachSection } from './profile-reach-section';

const key = queryKeys.profileReach(7);

const meta = {
  title: 'Screens/Account/Details/Reach',
  component: ProfileReachSection,
  tags: ['autodocs'],
  args: { profileId: 7 },
} satisfies Meta<typeof ProfileReachSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three platforms, counts shown rounded as on the public profile (48.2k, 1.5M). */
export const Listed: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [
            key,
            {
              data: [
                { platform: 'linkedin', count: 48_200 },
                { platform: 'youtube', count: 1_500_000 },
                { platform: 'instagram', count: 920 },
              ],
            },
          ],
        ]}
      >
        <Story />
      </QueryData>
    ),
  ],
};

/** No platform yet: only "Add a platform". */
export const Empty: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { data: [] }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

/** On a phone each row stacks: platform, count, then Edit and Remove. */
export const Phone: Story = {
  ...Listed,
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

export const Failed: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[key, { error: 'Server Error' }]]}>
        <Story />
      </QueryData>
    ),
  ],
};
