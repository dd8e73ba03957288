import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makeUser, withQueryData } from '@guestspot/shared-api/stories';
import { BalanceCard } from './balance-card';
import { ReferralBanner } from './referral-banner';
import { ShowsCard } from './shows-card';
import { UnlockProCard } from './unlock-pro-card';
import { UpsellPromoCard } from './upsell-promo-card';

// The cards mfe-account adds to the dashboard (marketplace… §2.9, decision 118), one story per
// state.

const show = { id: 4, name: 'The Founder Files', slug: 'the-founder-files', imageUrl: null };
const guest = { id: 3, name: 'Priya Patel', slug: 'priya-patel', imageUrl: null };
const standard = makeUser({ referral_code: 'priyapatel', guest, shows: [show] });
const balance = {
  total_balance: 123_450,
  available_balance: 2_500,
  guestspot_cash: 2_500,
  guestspot_cash_expiration: 30,
  raw: { guestspot_cash: 2_500 },
};
const upsell = (id: number, title: string) => ({
  id,
  title,
  description: null,
  price: 5_000,
  currency: 'USD' as const,
  url: null,
  social_handle: null,
  profile_type: 'guest' as const,
  profile_name: guest.name,
  profile_id: guest.id,
});

const meta = {
  title: 'Screens/Dashboard/Account cards',
  component: ReferralBanner,
  tags: ['autodocs'],
  decorators: [(Story) => <AsUser user={standard}>{<Story />}</AsUser>],
} satisfies Meta<typeof ReferralBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InvitationBanner: Story = {};

export const Balance: Story = {
  render: () => <BalanceCard isPublished={() => true} />,
  decorators: [withQueryData([[queryKeys.balance, { data: balance }]])],
};

export const BalanceLoading: Story = {
  render: () => <BalanceCard isPublished={() => true} />,
  decorators: [withQueryData([[queryKeys.balance, { loading: true }]])],
};

/** A failed load hides the card (§8): nothing renders. */
export const BalanceFailed: Story = {
  render: () => <BalanceCard isPublished={() => true} />,
  decorators: [withQueryData([[queryKeys.balance, { error: 'Server Error' }]])],
};

export const Shows: Story = { render: () => <ShowsCard /> };

export const NoShows: Story = {
  render: () => <ShowsCard />,
  decorators: [(Story) => <AsUser user={makeUser()}>{<Story />}</AsUser>],
};

export const UnlockPro: Story = { render: () => <UnlockProCard /> };

export const UpsellPromos: Story = {
  render: () => <UpsellPromoCard />,
  decorators: [
    withQueryData([
      [queryKeys.upsellPackages('guest', guest.id), { data: [upsell(1, 'Newsletter mention')] }],
      [queryKeys.upsellPackages('show', show.id), { data: [upsell(2, 'Social shout-out')] }],
    ]),
  ],
};

export const NoUpsells: Story = {
  render: () => <UpsellPromoCard />,
  decorators: [
    withQueryData([
      [queryKeys.upsellPackages('guest', guest.id), { data: [] }],
      [queryKeys.upsellPackages('show', show.id), { data: [] }],
    ]),
  ],
};
