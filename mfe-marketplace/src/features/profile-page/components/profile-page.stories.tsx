import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type GuestProfileDetail, type ShowProfileDetail } from '@guestspot/shared-api';
import {
  AsUser,
  makeGuest,
  makeShow,
  makeUser,
  paginated,
  QueryData,
} from '@guestspot/shared-api/stories';
import { ProfilePage } from './profile-page';

const social = {
  linkedin: 'https://www.linkedin.com/in/priya-patel-demo',
  twitter: null,
  instagram: null,
  youtube: null,
  facebook: null,
  wikipedia: null,
  website: 'https://priyapatel.example.com',
  tiktok: null,
};

const guest: GuestProfileDetail = {
  ...makeGuest({
    id: 2,
    slug: 'priya-patel',
    name: 'Priya Patel',
    title: 'Growth advisor and author of "Compounding Customers"',
    pronunciation: 'PREE-yah PAH-tel',
    avg_rating: 4.3,
    categories: [{ id: 1, name: 'Marketing' }],
    tags: [{ id: 1, name: 'startups', slug: 'startups' }],
  }),
  experience: [{ title: 'VP Growth', organization: 'Brightcart', years: '2019–2022' }],
  topics: ['Retention-led growth', 'Pricing experiments'],
  questions: ['When should a startup raise its prices?'],
  reviews_count: 2,
  links: {
    social_media: social,
    podcasts: ['https://podcasts.example.com/growth-talk/episode-12'],
    videos: [],
    articles: ['https://news.example.com/compounding-customers-review'],
  },
  booking_options: [
    {
      id: 1,
      name: 'Virtual Interview',
      slug: 'virtual-interview',
      icon_url: null,
      prices: [
        { id: 1, interview_duration: 30, amount: 15000 },
        { id: 2, interview_duration: 60, amount: 25000 },
      ],
    },
  ],
};

const show: ShowProfileDetail = {
  ...makeShow({
    id: 3,
    slug: 'morning-momentum',
    name: 'Morning Momentum',
    types: [{ id: 1, name: 'Podcast' }],
    platform_stats: [
      { label: 'Downloads', value: '25k / month' },
      { label: 'Subscribers', value: '8k' },
      { label: 'Episodes', value: '140' },
    ],
  }),
  avg_rating: null,
  reviews_count: 0,
  links: { social_media: social, episodes: ['https://ep.example.com/140'], media_features: [] },
  booking_options: [],
};

const reviews = paginated(
  [
    {
      id: 1,
      rating: 5,
      body: 'Prepared and generous with stories.',
      reviewer_name: 'Jordan Blake',
      created_at: '2025-01-10T10:00:00Z',
    },
    {
      id: 2,
      rating: 4,
      body: 'Great insights.',
      reviewer_name: 'Marcus Hill',
      created_at: '2024-12-02T10:00:00Z',
    },
  ],
  1,
  5,
  2,
);

const meta = {
  title: 'Screens/Marketplace/Profile',
  component: ProfilePage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { type: 'guests', idOrSlug: 'priya-patel' },
} satisfies Meta<typeof ProfilePage>;

export default meta;
type Story = StoryObj<typeof meta>;

const guestData = (Story: () => React.JSX.Element) => (
  <QueryData
    entries={[
      [queryKeys.profile('guests', 'priya-patel'), { data: { type: 'guests', profile: guest } }],
      [queryKeys.reviews('guests', 2, 1), { data: reviews }],
    ]}
  >
    <Story />
  </QueryData>
);

export const GuestSignedIn: Story = {
  decorators: [guestData, (Story) => <AsUser user={makeUser({ id: 50 })}>{<Story />}</AsUser>],
};

/** On a phone: one column, Book and Pitch sharing the width. */
export const Phone: Story = {
  ...GuestSignedIn,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const GuestVisitor: Story = {
  decorators: [guestData, (Story) => <AsUser user={null}>{<Story />}</AsUser>],
};

export const ShowWithoutBookingOptions: Story = {
  args: { type: 'shows', idOrSlug: 'morning-momentum' },
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [
            queryKeys.profile('shows', 'morning-momentum'),
            { data: { type: 'shows', profile: show } },
          ],
          [queryKeys.reviews('shows', 3, 1), { data: paginated([]) }],
        ]}
      >
        <Story />
      </QueryData>
    ),
    (Story) => <AsUser user={makeUser({ id: 50 })}>{<Story />}</AsUser>,
  ],
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.profile('guests', 'priya-patel'), { loading: true }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

export const LoadError: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[[queryKeys.profile('guests', 'priya-patel'), { error: 'Server error' }]]}
      >
        <Story />
      </QueryData>
    ),
  ],
};
