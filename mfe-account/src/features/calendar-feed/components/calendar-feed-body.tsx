import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, serverMessage } from '@guestspot/shared-api';
import {
  createCalendarFeed,
  getCalendarFeed,
  revokeCalendarFeed,
  type CalendarFeedStatus,
  type NewCalendarFeed,
} from '@guestspot/shared-api/calendar-feed';
import { Alert, Button, confirm, CopyLink, formatDate } from '@guestspot/shared-ui';
import type { SettingsAccess } from '../../../components/settings';
import { SettingsQuery, SettingsRow } from '../../../components/settings';
import './calendar-feed.css';

import { FEED_FAILED, FEED_LABEL } from './calendar-feed-text';

/**
 * The Calendar feed section's rows (issue 33, decision 118), a chunk of their own: the settings
 * page's first load carries only the section's frame (its JavaScript budget is at its goal).
 * Settings → Calendar feed: a private iCalendar URL of the user's
 * scheduled bookings that Google Calendar, Apple Calendar and Outlook subscribe to. The URL is
 * shown once, when made or rotated (the server keeps only its hash); Rotate replaces it (the old
 * one stops), Turn off revokes it. A team member acting as the owner sees the state only.
 */
export function CalendarFeedBody({ access }: { access: SettingsAccess }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: queryKeys.calendarFeed, queryFn: getCalendarFeed });
  const [made, setMade] = useState<NewCalendarFeed | null>(null);
  const [error, setError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: createCalendarFeed,
    onMutate: () => setError(null),
    onSuccess: (feed) => {
      setMade(feed);
      queryClient.setQueryData<CalendarFeedStatus>(queryKeys.calendarFeed, {
        active: true,
        created_at: feed.created_at,
        last_used_at: null,
      });
    },
    onError: (failure) => setError(serverMessage(failure, FEED_FAILED)),
  });

  const revoke = async () => {
    setError(null);
    await confirm({
      title: 'Turn off the calendar feed?',
      message: 'Calendars subscribed to it stop receiving your bookings.',
      confirmLabel: 'Turn off',
      tone: 'danger',
      onConfirm: async () => {
        await revokeCalendarFeed();
        setMade(null);
        queryClient.setQueryData<CalendarFeedStatus>(queryKeys.calendarFeed, {
          active: false,
          created_at: null,
          last_used_at: null,
        });
      },
    });
  };

  const rotate = async () => {
    setError(null);
    const confirmed = await confirm({
      title: 'Make a new calendar feed URL?',
      message:
        'The current URL stops working at once: calendars subscribed to it must subscribe to the new one.',
      confirmLabel: 'Make a new URL',
    });
    if (confirmed) create.mutate();
  };

  return (
    <SettingsQuery
      query={query}
      loadingLabel="Loading your calendar feed"
      errorMessage="Your calendar feed could not be loaded."
    >
      {(status) => (
        <SettingsRow
          label="Subscription URL"
          actions={
            !access.manageAccount ? null : status.active ? (
              <>
                <Button
                  variant="secondary"
                  size="sm"
                  loading={create.isPending}
                  onClick={() => void rotate()}
                >
                  Make a new URL
                </Button>
                <Button variant="danger" size="sm" onClick={() => void revoke()}>
                  Turn off
                </Button>
              </>
            ) : (
              <Button size="sm" loading={create.isPending} onClick={() => create.mutate()}>
                Create feed URL
              </Button>
            )
          }
        >
          {error ? <Alert tone="danger">{error}</Alert> : null}
          {made ? (
            <div className="gs-calendar-feed__made">
              <CopyLink url={made.url} label={FEED_LABEL} copyLabel="Copy" />
              <p className="gs-calendar-feed__hint">
                Copy it now: it is shown only this once. In Google Calendar choose Other calendars →
                From URL; in Outlook, Add calendar → Subscribe from web.{' '}
                <a href={made.webcal_url}>Open in Apple Calendar</a>
              </p>
            </div>
          ) : status.active ? (
            <p className="gs-calendar-feed__state">
              On since {formatDate(status.created_at ?? '', 'long-date')}
              {status.last_used_at
                ? `, last read by a calendar ${formatDate(status.last_used_at, 'date-time')}`
                : ', not read by a calendar yet'}
              . To see the URL again, make a new one.
            </p>
          ) : (
            <p className="gs-calendar-feed__state">Off</p>
          )}
          {!access.manageAccount ? (
            <p className="gs-calendar-feed__hint">
              Only the account owner can turn the calendar feed on or off.
            </p>
          ) : null}
        </SettingsRow>
      )}
    </SettingsQuery>
  );
}
