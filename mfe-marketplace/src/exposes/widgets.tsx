import type { RemoteWidgetsModule } from '@guestspot/shared-api';
import { ConnectCard } from '../features/connect/components/connect-card';
import { PublicProfilesCard } from '../features/public-profiles/components/public-profiles-card';

export const widgets: RemoteWidgetsModule['widgets'] = [
  { id: 'public-profiles', title: 'Public profiles', Component: PublicProfilesCard, order: 30 },
  // marketplace… §2.9 "connect card (pro only)" (decision 118).
  { id: 'connect', title: 'Connect', Component: ConnectCard, order: 35, proOnly: true },
];
