import type { RemoteWidgetsModule } from '@guestspot/shared-api';

/** The connect and public-profiles cards come with the dashboard issue. */
export const widgets: RemoteWidgetsModule['widgets'] = [];
