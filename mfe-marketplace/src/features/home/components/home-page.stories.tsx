import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makeGuest, makeUser, paginated, QueryData } from '@guestspot/shared-api/stories';
import { HomePage } from './home-page';

const key = queryKeys.guests({ search: '', page: 1 });
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
    name,
    color: colors[index] ?? '#7f56d9',
    lowest_price: index === 2 ? 0 : 5000 * (index + 1),
  }),
);
const withGuests = (Story: () => React.JSX.Element) => (
  <QueryData entries={[[key, { data: paginated(guests, 1, 15, 58) }]]}>
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
  decorators: [withGuests, (Story) => <AsUser user={null}>{<Story />}</AsUser>],
};

export const SignedIn: Story = {
  decorators: [withGuests, (Story) => <AsUser user={makeUser()}>{<Story />}</AsUser>],
};

export const Loading: Story = {
  decorators: [(Story) => <QueryData entries={[[key, { loading: true }]]}>{<Story />}</QueryData>],
};
