import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type ConnectCandidate, type ProfileListType } from '@guestspot/shared-api';
import { AsUser, makeGuest, makeUser, paginated, QueryData } from '@guestspot/shared-api/stories';
import { ConnectModal } from './connect-modal';

const candidates: ConnectCandidate[] = [
  {
    ...makeGuest({
      id: 1,
      name: 'Maya Brooks',
      title: 'Behavioral economist and author of "Small Nudges"',
      bio: 'Maya studies why people make the money decisions they do.',
      color: '#0e9384',
      option_prices: [
        { booking_option_id: 1, slug: 'virtual-interview', price: 7500 },
        { booking_option_id: 2, slug: 'guest-appearance', price: 0 },
      ],
    }),
    reach: [
      { label: 'Podcast appearances', value: '12' },
      { label: 'Social networks', value: '4' },
    ],
  },
  { ...makeGuest({ id: 2, name: 'Leo Marchetti' }), reach: [] },
];

const pages = (data: ConnectCandidate[]) => ({
  pages: [paginated(data, 1, 10, data.length)],
  pageParams: [[]],
});

function withQueue(type: ProfileListType, state: Parameters<typeof QueryData>[0]['entries'][0][1]) {
  return (Story: () => React.JSX.Element) => (
    <AsUser user={makeUser({ account_type: 'pro' })}>
      <QueryData entries={[[queryKeys.connectCandidates(type), state]]}>
        <Story />
      </QueryData>
    </AsUser>
  );
}

const meta = {
  title: 'Screens/Marketplace/Connect swipe modal',
  component: ConnectModal,
  tags: ['autodocs'],
  args: { type: 'guests', onClose: () => undefined },
} satisfies Meta<typeof ConnectModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Candidate: Story = { decorators: [withQueue('guests', { data: pages(candidates) })] };

export const Exhausted: Story = {
  args: { type: 'shows' },
  decorators: [withQueue('shows', { data: pages([]) })],
};

export const Loading: Story = { decorators: [withQueue('guests', { loading: true })] };

export const LoadFailed: Story = {
  decorators: [withQueue('guests', { error: 'Server Error' })],
};
