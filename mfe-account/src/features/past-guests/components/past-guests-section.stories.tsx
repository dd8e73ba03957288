import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type GuestProfile } from '@guestspot/shared-api';
import { loadStateStories, withQueryData } from '@guestspot/shared-api/stories';
import { PastGuestsSection } from './past-guests-section';

const key = queryKeys.pastGuests(5);

const guest = (id: number, name: string): GuestProfile => ({
  id,
  user_id: id + 100,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  title: null,
  bio: null,
  imageUrl: null,
  thumbUrl: null,
  smallThumbUrl: null,
  avg_rating: null,
  type: 'guest',
  is_favourited: false,
  remove_branding: false,
  pronunciation: null,
  tags: [],
  categories: [],
  option_prices: [],
  lowest_price: null,
  pitch_settings: { is_enabled: false, price: null },
  color: '#336699',
  featured: false,
  premium: false,
  talent: false,
});

const meta = {
  title: 'Screens/Account/Details/Past guests',
  component: PastGuestsSection,
  tags: ['autodocs'],
  args: { showId: 5 },
} satisfies Meta<typeof PastGuestsSection>;

export default meta;
type Story = StoryObj<typeof meta>;
const loadStates = loadStateStories(key);

/** Two past guests, first added first, each linking to the guest's page. */
export const Listed: Story = {
  decorators: [
    withQueryData([[key, { data: [guest(1, 'Priya Patel'), guest(2, 'Maya Brooks')] }]]),
  ],
};

export const Empty: Story = {
  decorators: [withQueryData([[key, { data: [] }]])],
};

export const Loading: Story = loadStates.Loading;

export const Failed: Story = loadStates.Failed;
