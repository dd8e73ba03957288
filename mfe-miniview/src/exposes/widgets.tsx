import type { RemoteWidgetsModule } from '@guestspot/shared-api';
import { MiniviewBanner } from '../features/banner/components/miniview-banner';

export const widgets: RemoteWidgetsModule['widgets'] = [
  { id: 'miniview-banner', title: 'MINIVIEW', Component: MiniviewBanner, order: 0 },
];
