import { api } from '@guestspot/shared-api';
import type { CalendarFeedStatus, DataEnvelope, NewCalendarFeed } from './types';

// The private calendar feed of Settings (decision 118): its status, making or rotating it (the
// answer holds the URL, shown that once), and revoking it.

export type { CalendarFeedStatus, NewCalendarFeed } from './types';

export async function getCalendarFeed(): Promise<CalendarFeedStatus> {
  return (await api.get('users/me/calendar-feed').json<DataEnvelope<CalendarFeedStatus>>()).data;
}

/** Makes the feed, or replaces it: the previous URL stops working at once. */
export async function createCalendarFeed(): Promise<NewCalendarFeed> {
  return (await api.post('users/me/calendar-feed').json<DataEnvelope<NewCalendarFeed>>()).data;
}

export async function revokeCalendarFeed(): Promise<void> {
  await api.delete('users/me/calendar-feed');
}
