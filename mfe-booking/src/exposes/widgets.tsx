import type { RemoteWidgetsModule } from '@guestspot/shared-api';
import { NewMessagesCard } from '../features/bookings/components/new-messages-card';
import { RecentBookingsCard } from '../features/bookings/components/recent-bookings-card';

export const widgets: RemoteWidgetsModule['widgets'] = [
  // marketplace… §2.9: the dashboard's new messages card (issue 31).
  { id: 'new-messages', title: 'New messages', Component: NewMessagesCard, order: 18 },
  { id: 'recent-bookings', title: 'Recent bookings', Component: RecentBookingsCard, order: 20 },
];
