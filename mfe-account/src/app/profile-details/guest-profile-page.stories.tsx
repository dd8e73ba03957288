import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makeUser, QueryData } from '@guestspot/shared-api/stories';
import {
  storyAvailability,
  storyGuest,
  storyGuestLinks,
} from '../../features/profile-details-editors/components/story-data';
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

/**
 * Priya's guest profile: her details, picture (none), links, reach, availability, booking
 * option prices, pitch settings, questions, upsells (none) and booking steps.
 */
export const WithProfile: Story = {
  decorators: [
    (Story) => (
      <AsUser user={makeUser({ first_name: 'Priya', last_name: 'Patel', guest })}>
        <QueryData
          entries={[
            [queryKeys.profileEditor('guest', 7), { data: storyGuest }],
            [queryKeys.profileLinks('guest', 7), { data: storyGuestLinks }],
            [
              queryKeys.profileReach(7),
              {
                data: [
                  { platform: 'linkedin', count: 48_200 },
                  { platform: 'youtube', count: 1_500_000 },
                ],
              },
            ],
            [queryKeys.guestAvailability(7), { data: storyAvailability }],
            [
              queryKeys.optionPrices('guest', 7),
              {
                data: {
                  booking_options: [
                    {
                      id: 1,
                      name: 'Virtual Interview',
                      slug: 'virtual-interview',
                      editable: false,
                    },
                    { id: 2, name: 'Guest Appearance', slug: 'guest-appearance', editable: true },
                  ],
                  option_prices: [
                    {
                      booking_option_id: 1,
                      slug: 'virtual-interview',
                      interview_duration: 30,
                      price: 15000,
                    },
                    {
                      booking_option_id: 2,
                      slug: 'guest-appearance',
                      interview_duration: 60,
                      price: 40000,
                    },
                  ],
                },
              },
            ],
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
