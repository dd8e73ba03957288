import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { User } from '@guestspot/shared-api';
import { Spinner } from '@guestspot/shared-ui';
import type { SettingsAccess } from '../../../components/settings';
import { SettingsSection } from '../../../components/settings';

export { FEED_FAILED, FEED_LABEL } from './calendar-feed-text';

const CalendarFeedBody = lazy(() =>
  import('./calendar-feed-body').then((module) => ({ default: module.CalendarFeedBody })),
);

/**
 * Whether the element has come onto the screen (once true, it stays true); true at once where
 * IntersectionObserver does not exist.
 */
function useNearViewport() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      // on screen, not near it: a margin let the first load fetch them whenever the rows above
      // happened to be short (the settings page's first load is at its JavaScript goal)
      { rootMargin: '0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}

/**
 * Settings → Calendar feed (issue 33, decision 118): a private iCalendar URL of the user's
 * scheduled bookings. The frame is on the page at once; its rows are a chunk of their own
 * (calendar-feed-body.tsx), fetched once the section comes onto the screen (the settings page's
 * first load stays within its JavaScript goal), with the spinner the feed's loading state shows.
 */
export function CalendarFeedSection({ access }: { user: User; access: SettingsAccess }) {
  const { ref, near } = useNearViewport();
  const loading = <Spinner label="Loading your calendar feed" />;
  return (
    <SettingsSection
      id="calendar-feed"
      title="Calendar feed"
      description="Subscribe to your scheduled interviews from Google Calendar, Apple Calendar or Outlook. The URL is private: anyone who has it can see your interviews."
    >
      <div ref={ref}>
        {near ? (
          <Suspense fallback={loading}>
            <CalendarFeedBody access={access} />
          </Suspense>
        ) : (
          loading
        )}
      </div>
    </SettingsSection>
  );
}
