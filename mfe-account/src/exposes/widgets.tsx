import { lazy } from 'react';
import type { RemoteWidgetsModule } from '@guestspot/shared-api';
import { AccountCard } from '../features/account-card/components/account-card';
import { ManagedAccountsWidget } from '../features/impersonation/components/managed-accounts-widget';

// The dashboard cards mfe-account owns (marketplace… §2.9, decision 118). Past the account card,
// each is its own chunk loaded when the shell shows it (the dashboard's JS budget): Unlock Pro
// never reaches a Pro account, and the others load in parallel, each in its own boundary.
const ReferralBanner = lazy(async () => ({
  default: (await import('../features/dashboard/components/referral-banner')).ReferralBanner,
}));
const BalanceCard = lazy(async () => ({
  default: (await import('../features/dashboard/components/balance-card')).BalanceCard,
}));
const ShowsCard = lazy(async () => ({
  default: (await import('../features/dashboard/components/shows-card')).ShowsCard,
}));
const UpsellPromoCard = lazy(async () => ({
  default: (await import('../features/dashboard/components/upsell-promo-card')).UpsellPromoCard,
}));
const UnlockProCard = lazy(async () => ({
  default: (await import('../features/dashboard/components/unlock-pro-card')).UnlockProCard,
}));

export const widgets: RemoteWidgetsModule['widgets'] = [
  { id: 'referral-banner', title: 'Referral', Component: ReferralBanner, order: 5 },
  { id: 'account-card', title: 'Account', Component: AccountCard, order: 10 },
  { id: 'balance', title: 'Balance', Component: BalanceCard, order: 12 },
  {
    id: 'managed-accounts',
    title: 'Accounts you manage',
    Component: ManagedAccountsWidget,
    order: 15,
  },
  { id: 'shows', title: 'Shows', Component: ShowsCard, order: 40 },
  { id: 'upsell-promo', title: 'Upsell packages', Component: UpsellPromoCard, order: 45 },
  {
    id: 'unlock-pro',
    title: 'Unlock Pro',
    Component: UnlockProCard,
    order: 50,
    standardOnly: true,
  },
];
