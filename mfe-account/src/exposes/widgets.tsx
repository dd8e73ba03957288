import type { RemoteWidgetsModule } from '@guestspot/shared-api';
import { AccountCard } from '../features/account-card/components/account-card';

export const widgets: RemoteWidgetsModule['widgets'] = [
  { id: 'account-card', title: 'Account', Component: AccountCard, order: 10 },
];
