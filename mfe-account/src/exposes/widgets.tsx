import type { RemoteWidgetsModule } from '@guestspot/shared-api';
import { AccountCard } from '../features/account-card/components/account-card';
import { ManagedAccountsWidget } from '../features/impersonation/components/managed-accounts-widget';

export const widgets: RemoteWidgetsModule['widgets'] = [
  { id: 'account-card', title: 'Account', Component: AccountCard, order: 10 },
  {
    id: 'managed-accounts',
    title: 'Accounts you manage',
    Component: ManagedAccountsWidget,
    order: 15,
  },
];
