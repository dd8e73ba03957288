import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type ShowProfileStat } from '@guestspot/shared-api';
import { loadStateStories, phoneGlobals, withQueryData } from '@guestspot/shared-api/stories';
import { ShowStatsSection } from './show-stats-section';

const key = queryKeys.showStats(5);

const stat = (
  slot: number,
  label: string,
  value: string,
  verification_status: ShowProfileStat['verification_status'] = null,
): ShowProfileStat => ({
  id: slot + 10,
  slot,
  label,
  value,
  verification_status,
  verification_requested_at: verification_status ? '2026-01-01T00:00:00.000Z' : null,
});

const meta = {
  title: 'Screens/Account/Details/Platform stats',
  component: ShowStatsSection,
  tags: ['autodocs'],
  args: { profileId: 5 },
} satisfies Meta<typeof ShowStatsSection>;

export default meta;
type Story = StoryObj<typeof meta>;
const loadStates = loadStateStories(key);

/** All three slots filled, one verified, and the show's Rephonic id. */
export const Filled: Story = {
  decorators: [
    withQueryData([
      [
        key,
        {
          data: {
            stats: [
              stat(1, 'Downloads per episode', '12.4k', 'verified'),
              stat(2, 'Countries', '40'),
              stat(3, 'Episodes', '210'),
            ],
            rephonic_id: 'the-founder-files',
          },
        },
      ],
    ]),
  ],
};

/** A figure waiting to be verified: the show may cancel the request. */
export const PendingVerification: Story = {
  decorators: [
    withQueryData([
      [
        key,
        {
          data: {
            stats: [stat(1, 'Downloads', '12.4k', 'pending')],
            rephonic_id: null,
          },
        },
      ],
    ]),
  ],
};

/** Nothing set: every slot and the Rephonic id read 'Not set'. */
export const Empty: Story = {
  decorators: [withQueryData([[key, { data: { stats: [], rephonic_id: null } }]])],
};

/** On a phone each row stacks: slot, figure, then Edit. */
export const Phone: Story = {
  ...PendingVerification,
  globals: phoneGlobals,
};

export const Loading: Story = loadStates.Loading;

export const Failed: Story = loadStates.Failed;
