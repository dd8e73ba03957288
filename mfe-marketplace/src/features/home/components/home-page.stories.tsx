import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type Category, type HomeSections } from '@guestspot/shared-api';
import { AsUser, makeGuest, makeUser, paginated, QueryData } from '@guestspot/shared-api/stories';
import { DEFAULT_FILTERS, toApiParams } from '../../../lib/browse-filters';
import { HomePage } from './home-page';

const names = [
  'Maya Brooks',
  'Priya Patel',
  'Tanya Petrov',
  'Samuel Iqbal',
  'Deborah Sullivan',
  'Leo Marchetti',
];
const colors = ['#7f56d9', '#f79009', '#0e9384', '#2e90fa', '#12b76a', '#ee46bc'];
const guests = names.map((name, index) =>
  makeGuest({
    id: index + 1,
    slug: `guest-${index + 1}`,
    name,
    color: colors[index] ?? '#7f56d9',
    option_prices: [
      {
        booking_option_id: 1,
        price: index === 2 ? 0 : 5000 * (index + 1),
        slug: 'virtual-interview',
      },
    ],
    lowest_price: index === 2 ? 0 : 5000 * (index + 1),
  }),
);
const sections: HomeSections = {
  featured: guests.slice(0, 4),
  talent: guests.slice(2, 6),
  premium: guests.slice(1, 5),
  free: guests.filter((guest) => guest.lowest_price === 0),
};
const categories: Category[] = [
  'Business',
  'Technology',
  'Health & Wellness',
  'Entrepreneurship',
  'Marketing',
  'Finance',
  'Comedy',
].map((name, index) => ({
  id: index + 1,
  name,
  image_url: null,
  counts: { guests: 12 - index, shows: index % 2 },
}));
const allKey = queryKeys.guests({ pages: 'infinite', ...toApiParams(DEFAULT_FILTERS) });

const withData = (Story: () => React.JSX.Element) => (
  <QueryData
    entries={[
      [queryKeys.home('guests'), { data: sections }],
      [queryKeys.categories, { data: categories }],
      [allKey, { data: { pages: [paginated(guests, 1, 15, 58)], pageParams: [1] } }],
    ]}
  >
    <Story />
  </QueryData>
);

const meta = {
  title: 'Screens/Marketplace/Home',
  component: HomePage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof HomePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  decorators: [withData, (Story) => <AsUser user={null}>{<Story />}</AsUser>],
};

export const SignedIn: Story = {
  decorators: [withData, (Story) => <AsUser user={makeUser()}>{<Story />}</AsUser>],
};

/** On a phone: the card rows scroll sideways, the next card showing at the edge. */
export const Phone: Story = {
  ...SignedIn,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.home('guests'), { loading: true }]]}>{<Story />}</QueryData>
    ),
  ],
};

export const Failed: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [queryKeys.home('guests'), { error: 'down' }],
          [allKey, { data: { pages: [paginated(guests)], pageParams: [1] } }],
        ]}
      >
        {<Story />}
      </QueryData>
    ),
  ],
};
