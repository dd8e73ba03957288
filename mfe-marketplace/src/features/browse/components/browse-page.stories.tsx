import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type Category } from '@guestspot/shared-api';
import { AsUser, makeGuest, makeUser, paginated, QueryData } from '@guestspot/shared-api/stories';
import { DEFAULT_FILTERS, toApiParams } from '../../../lib/browse-filters';
import { BrowsePage } from './browse-page';

const guests = ['Maya Brooks', 'Priya Patel', 'Tanya Petrov', 'Samuel Iqbal', 'Leo Marchetti'].map(
  (name, index) =>
    makeGuest({
      id: index + 1,
      slug: `guest-${index + 1}`,
      name,
      option_prices:
        index === 4
          ? []
          : [
              { booking_option_id: 1, price: 10_000 * (index + 1), slug: 'virtual-interview' },
              { booking_option_id: 2, price: 30_000 * (index + 1), slug: 'guest-appearance' },
            ],
      lowest_price: index === 4 ? null : 10_000 * (index + 1),
    }),
);
const categories: Category[] = [
  'Business',
  'Technology',
  'Marketing',
  'Finance',
  'Comedy',
  'Sports',
].map((name, index) => ({
  id: index + 1,
  name,
  image_url: null,
  counts: { guests: 10 - index, shows: 2 },
}));
const listKey = queryKeys.guests({ pages: 'infinite', ...toApiParams(DEFAULT_FILTERS) });
type Entries = Parameters<typeof QueryData>[0]['entries'];
const common: Entries = [
  [queryKeys.categories, { data: categories }],
  [queryKeys.tags('guests'), { data: [{ id: 1, name: 'Leadership', slug: 'leadership' }] }],
  [queryKeys.priceStats('guests'), { data: { min: 0, max: 900 } }],
];

const withList = (list: Entries[number][1]) =>
  function WithList(Story: () => React.JSX.Element) {
    return (
      <QueryData entries={[...common, [listKey, list]]}>
        <Story />
      </QueryData>
    );
  };

const meta = {
  title: 'Screens/Marketplace/Browse',
  component: BrowsePage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof BrowsePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  decorators: [
    withList({ data: { pages: [paginated(guests, 1, 15, 40)], pageParams: [1] } }),
    (Story) => <AsUser user={null}>{<Story />}</AsUser>,
  ],
};

/** On a phone: the filters open above the results from the Filters button; one column of cards. */
export const Phone: Story = {
  ...Visitor,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const SignedInAtTheEnd: Story = {
  decorators: [
    withList({ data: { pages: [paginated(guests)], pageParams: [1] } }),
    (Story) => <AsUser user={makeUser()}>{<Story />}</AsUser>,
  ],
};

export const NoResults: Story = {
  decorators: [withList({ data: { pages: [paginated([])], pageParams: [1] } })],
};

export const Loading: Story = { decorators: [withList({ loading: true })] };

export const Failed: Story = { decorators: [withList({ error: 'down' })] };
