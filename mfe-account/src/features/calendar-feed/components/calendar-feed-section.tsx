import { lazy, Suspense } from 'react';
import type { User } from '@guestspot/shared-api';
import { Spinner } from '@guestspot/shared-ui';
import type { SettingsAccess } from '../../../components/settings';
import { SettingsSection } from '../../../components/settings';

export { FEED_FAILED, FEED_LABEL } from './calendar-feed-text';

const CalendarFeedBody = lazy(() =>
  import('./calendar-feed-body').then((module) => ({ default: module.CalendarFeedBody })),
);

/**
 * Settings → Calendar feed (issue 33, decision 118): a private iCalendar URL of the user's
 * scheduled bookings. The frame is on the page at once; its rows load as their own chunk
 * (calendar-feed-body.tsx), showing the same spinner as while the feed's state loads.
 */
export function CalendarFeedSection({ access }: { user: User; access: SettingsAccess }) {
  return (
    <SettingsSection
      id="calendar-feed"
      title="Calendar feed"
      description="Subscribe to your scheduled interviews from Google Calendar, Apple Calendar or Outlook. The URL is private: anyone who has it can see your interviews."
    >
      <Suspense fallback={<Spinner label="Loading your calendar feed" />}>
        <CalendarFeedBody access={access} />
      </Suspense>
    </SettingsSection>
  );
}
