import type { RemoteWidgetsModule } from '@guestspot/shared-api';
import { RecentBookingsCard } from '../features/bookings/components/recent-bookings-card';

export const widgets: RemoteWidgetsModule['widgets'] = [
  { id: 'recent-bookings', title: 'Recent bookings', Component: RecentBookingsCard, order: 20 },
];
