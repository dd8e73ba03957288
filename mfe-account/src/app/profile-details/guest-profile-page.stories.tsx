import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makeUser, QueryData } from '@guestspot/shared-api/stories';
import { GuestProfilePage } from './guest-profile-page';

const guest = { id: 7, name: 'Priya Patel', slug: 'priya-patel', imageUrl: null };

const meta = {
  title: 'Screens/Account/Details/Guest profile page',
  component: GuestProfilePage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof GuestProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Priya's guest profile: her pitch settings, questions, upsells (none) and booking steps. */
export const WithProfile: Story = {
  decorators: [
    (Story) => (
      <AsUser user={makeUser({ first_name: 'Priya', last_name: 'Patel', guest })}>
        <QueryData
          entries={[
            [
              queryKeys.pitchSettings('guest', 7),
              { data: { is_enabled: true, price: 5000, highest_price: 40000 } },
            ],
            [
              queryKeys.bookingQuestions('guest', 7, 'booking'),
              {
                data: [
                  {
                    id: 1,
                    body: 'What is your show about?',
                    type: 'booking',
                    position: 0,
                    profile_type: 'guest',
                    profile_id: 7,
                  },
                ],
              },
            ],
            [queryKeys.bookingQuestions('guest', 7, 'pitch'), { data: [] }],
            [queryKeys.upsellPackages('guest', 7), { data: [] }],
            [
              queryKeys.bookingFlowPreferences('guest', 7),
              {
                data: {
                  pitch: true,
                  'miniview-questions': true,
                  questions: true,
                  upsells: true,
                  payment: true,
                },
              },
            ],
          ]}
        >
          <Story />
        </QueryData>
      </AsUser>
    ),
  ],
};

export const Phone: Story = {
  ...WithProfile,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

/** A user without a guest profile: the way to create one. */
export const NoProfile: Story = {
  decorators: [
    (Story) => (
      <AsUser user={makeUser()}>
        <Story />
      </AsUser>
    ),
  ],
};
