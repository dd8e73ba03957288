import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type SmartlistGroup, type SmartlistItem } from '@guestspot/shared-api';
import { AsUser, makeUser, QueryData } from '@guestspot/shared-api/stories';
import { WishlistPage } from './wishlist-page';

const user = makeUser({ id: 1, account_type: 'standard' });
const itemsKey = queryKeys.smartlistItems(1);
const groupsKey = queryKeys.smartlistGroups(1);

const item = (id: number, name: string, group: number | null, note?: string): SmartlistItem => ({
  id,
  type: 'guest',
  name,
  domain: `${name.split(' ')[0]?.toLowerCase() ?? 'someone'}.com`,
  emails: [],
  phone: null,
  notes: note ? [{ text: note, created_at: '2026-01-05T15:00:00Z' }] : [],
  group,
  profile: null,
});

const groups: SmartlistGroup[] = [
  { id: 7, name: 'Tech founders', type: 'guest', items: [] },
  { id: 8, name: 'Maybe later', type: 'guest', items: [] },
];
const items = [
  item(1, 'Maya Brooks', null, 'Loved her talk on remote teams; ask about the new book.'),
  item(2, 'Priya Patel', 7),
  item(3, 'Samuel Iqbal', 7, 'Prefers mornings'),
  item(4, 'Leo Marchetti', 8),
];

const withData =
  (entries: Parameters<typeof QueryData>[0]['entries'], account = user) =>
  (Story: () => React.JSX.Element) => (
    <QueryData entries={entries}>
      <AsUser user={account}>
        <Story />
      </AsUser>
    </QueryData>
  );

const meta = {
  title: 'Screens/Marketplace/Wishlist',
  component: WishlistPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof WishlistPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithGroups: Story = {
  decorators: [
    withData([
      [itemsKey, { data: items }],
      [groupsKey, { data: groups }],
    ]),
  ],
};

/** On a phone: one group per row; a tap anywhere on a person opens their details. */
export const Phone: Story = {
  ...WithGroups,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Empty: Story = {
  decorators: [
    withData([
      [itemsKey, { data: [] }],
      [groupsKey, { data: [] }],
    ]),
  ],
};

export const AtTheLimit: Story = {
  decorators: [
    withData([
      [
        itemsKey,
        {
          data: Array.from({ length: 10 }, (_, index) =>
            item(index + 1, `Person ${index + 1}`, null),
          ),
        },
      ],
      [groupsKey, { data: [] }],
    ]),
  ],
};

export const Loading: Story = {
  decorators: [
    withData([
      [itemsKey, { loading: true }],
      [groupsKey, { loading: true }],
    ]),
  ],
};

export const Failed: Story = {
  decorators: [
    withData([
      [itemsKey, { error: 'Server Error' }],
      [groupsKey, { data: [] }],
    ]),
  ],
};
