import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type GuestProfileDetail } from '@guestspot/shared-api';
import { AsUser, makeGuest, makeUser, QueryData } from '@guestspot/shared-api/stories';
import { GuestAvailabilityPage } from './guest-availability-page';

const guest: GuestProfileDetail = {
  ...makeGuest({
    id: 2,
    user_id: 7,
    slug: 'priya-patel',
    name: 'Priya Patel',
    title: 'Growth advisor and author of "Compounding Customers"',
  }),
  experience: [],
  topics: [],
  questions: [],
  reviews_count: 0,
  booking_options: [],
};

const meta = {
  title: 'Screens/Marketplace/Guest availability',
  component: GuestAvailabilityPage,
  tags: ['autodocs'],
  args: { guestId: 'priya-patel' },
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [
            queryKeys.profile('guests', 'priya-patel'),
            { data: { type: 'guests', profile: guest } },
          ],
        ]}
      >
        <Story />
      </QueryData>
    ),
  ],
} satisfies Meta<typeof GuestAvailabilityPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  decorators: [(Story) => <AsUser user={makeUser({ id: 50 })}>{<Story />}</AsUser>],
};

export const Visitor: Story = {
  decorators: [(Story) => <AsUser user={null}>{<Story />}</AsUser>],
};

export const OwnPage: Story = {
  decorators: [(Story) => <AsUser user={makeUser({ id: 7 })}>{<Story />}</AsUser>],
};
