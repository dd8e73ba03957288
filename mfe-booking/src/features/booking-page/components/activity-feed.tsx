import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { Alert, Button, Select, Spinner } from '@guestspot/shared-ui';
import { useMarkMessagesRead } from '../../../hooks/use-messages';
import { useBookingActivities, type ActivitySort } from '../hooks/use-booking';
import { useBookingPage } from '../hooks/use-booking-page';
import { ActivityEntry } from './activity-entry';
import { BookingChat } from './booking-chat';

const SORT_OPTIONS = [
  { value: 'desc', label: 'Newest Activity' },
  { value: 'asc', label: 'Oldest Activity' },
] as const;

/**
 * The Activity view (/bookings/{id}, the default child): the timeline worded for the viewer,
 * sorted newest or oldest first, polled every 10 seconds, in a box of at most 700 px that scrolls
 * to the newest entry after each load that changed it (spec §2 "Activity feed", §9: its bottom
 * when oldest first, as the spec says; its top when newest first, decision 111). The chat's
 * messages are entries of the feed, its composer sits under it, and the other side's unread
 * messages are marked read once shown.
 */
export function BookingActivityView() {
  const { booking, zone, openAction } = useBookingPage();
  const [sort, setSort] = useState<ActivitySort>('desc');
  const activities = useBookingActivities(booking.id, sort);
  const client = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const entries = activities.data;

  // A load that changed the feed (or another order) scrolls to its newest entry; a poll that
  // brought nothing new leaves the reader where they are.
  const shown = entries ? `${sort}:${entries.map((entry) => entry.id).join()}` : null;
  useEffect(() => {
    const box = scroller.current;
    if (shown && box) box.scrollTop = shown.startsWith('asc') ? box.scrollHeight : 0;
  }, [shown]);

  // The other side's messages on screen that nobody marked read yet.
  const unreadMessages = (entries ?? [])
    .filter((entry) => entry.type === 'message' && !entry.by_viewer && !entry.properties.read_at)
    .map((entry) => entry.id);
  useMarkMessagesRead(booking.id, unreadMessages);

  // New entries mean the booking moved (the other side answered): its actions are read again.
  const known = new Set(booking.timeline.map((entry) => entry.id));
  const unknown = (entries ?? [])
    .filter((entry) => !known.has(entry.id))
    .map((entry) => entry.id)
    .join();
  useEffect(() => {
    if (unknown === '') return;
    void client.invalidateQueries(
      { queryKey: queryKeys.booking(booking.id), exact: true },
      { cancelRefetch: false },
    );
  }, [unknown, client, booking.id]);

  return (
    <section className="gs-activity" aria-labelledby={headingId}>
      <div className="gs-activity__head">
        <h2 id={headingId} className="gs-booking-page__subtitle">
          Activity
        </h2>
        <Select
          label="Sort"
          size="sm"
          containerClassName="gs-activity__sort"
          options={SORT_OPTIONS}
          value={sort}
          onChange={(event) => setSort(event.target.value === 'asc' ? 'asc' : 'desc')}
        />
      </div>
      {activities.isPending ? (
        <div className="gs-activity__loading">
          <Spinner label="Loading the activity" />
        </div>
      ) : null}
      {activities.isError ? (
        <Alert
          tone="danger"
          className="gs-activity__error"
          action={
            <Button
              size="sm"
              variant="secondary"
              loading={activities.isFetching}
              onClick={() => void activities.refetch()}
            >
              Retry
            </Button>
          }
        >
          The activity could not be loaded.
        </Alert>
      ) : null}
      {entries ? (
        <div
          ref={scroller}
          className="gs-activity__scroller"
          role="region"
          aria-label="Activity entries"
          // A box that scrolls takes focus, so that a keyboard can scroll it too.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          {entries.length === 0 ? (
            <p className="gs-activity__empty">No activity yet.</p>
          ) : (
            <ol className="gs-activity__list">
              {entries.map((entry) => (
                <ActivityEntry
                  key={entry.id}
                  entry={entry}
                  booking={booking}
                  zone={zone}
                  openAction={openAction}
                />
              ))}
            </ol>
          )}
        </div>
      ) : null}
      <BookingChat booking={booking} openAction={openAction} />
    </section>
  );
}
