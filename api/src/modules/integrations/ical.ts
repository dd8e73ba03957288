import { createEvent, createEvents, type EventAttributes } from 'ics';
import type { CalendarEvent } from './providers';

// A booking's interview as an iCalendar object (RFC 5545), made by the `ics` package rather than
// by hand (decision 112): the invitation emailed to each side (METHOD:REQUEST, or CANCEL when the
// date is withdrawn, RFC 5546) and the event CalDAV stores (no METHOD, RFC 4791 §4.1).

export interface CalendarPerson {
  name: string;
  email: string;
}

export interface IcalOptions {
  /** an invitation's iTIP method; none for an event stored in a calendar */
  method?: 'REQUEST' | 'CANCEL';
  /** who sends the invitation (Guestspot's address) */
  organizer?: CalendarPerson;
  /** whom the invitation is for */
  attendee?: CalendarPerson;
}

export const ICAL_PRODUCT_ID = '-//Guestspot//Bookings//EN';

/** The `ics` package's attributes of one event: the one mapping every output below shares. */
function eventAttributes(
  event: Omit<CalendarEvent, 'ics'>,
  stamp: Date,
  { method, organizer, attendee }: IcalOptions,
): EventAttributes & { timestamp: number } {
  const utc = { startInputType: 'utc', startOutputType: 'utc' } as const;
  return {
    productId: ICAL_PRODUCT_ID,
    // '' leaves METHOD out (the package's default is PUBLISH)
    method: method ?? '',
    uid: event.uid,
    sequence: event.sequence,
    timestamp: stamp.getTime(),
    title: event.summary,
    description: event.description,
    url: event.url,
    start: event.startsAt.getTime(),
    ...utc,
    end: event.endsAt.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    ...(organizer ? { organizer } : {}),
    ...(attendee
      ? {
          attendees: [{ ...attendee, rsvp: false, partstat: 'ACCEPTED', role: 'REQ-PARTICIPANT' }],
        }
      : {}),
  };
}

/**
 * The event as an iCalendar file. The same input gives the same bytes: DTSTAMP is `stamp` (the
 * activity's time), not the clock, so a retried send or write carries the same file.
 */
export function icalendarOf(
  event: Omit<CalendarEvent, 'ics'>,
  stamp: Date,
  options: IcalOptions = {},
): string {
  const { error, value } = createEvent(eventAttributes(event, stamp, options));
  if (error || !value) throw error ?? new Error('The calendar event could not be written.');
  return value;
}

/** How often a subscribed calendar should read a feed again (RFC 7986 REFRESH-INTERVAL). */
export const FEED_REFRESH = 'PT1H';

/**
 * Many events as one published calendar (a subscription feed, decision 118): no METHOD (RFC 5545
 * objects, not iTIP messages), X-WR-CALNAME, and a refresh hint of an hour that Google, Apple and
 * Outlook read (X-PUBLISHED-TTL from the package, REFRESH-INTERVAL added here). Every event is
 * written exactly as the invitations write it (same UID, SEQUENCE, DTSTAMP, times).
 */
export function icalendarFeedOf(
  events: readonly { event: Omit<CalendarEvent, 'ics'>; stamp: Date }[],
  calendarName: string,
): string {
  const { error, value } = createEvents(
    events.map(({ event, stamp }) => eventAttributes(event, stamp, {})),
    { productId: ICAL_PRODUCT_ID, method: '', calName: calendarName },
  );
  if (error || !value) throw error ?? new Error('The calendar feed could not be written.');
  return value.replace(
    `X-PUBLISHED-TTL:${FEED_REFRESH}\r\n`,
    `X-PUBLISHED-TTL:${FEED_REFRESH}\r\nREFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}\r\n`,
  );
}

/** The event as a calendar stores it, its iCalendar object included (what CalDAV PUTs). */
export function calendarEventWithIcs(
  event: Omit<CalendarEvent, 'ics'>,
  stamp: Date,
): CalendarEvent {
  return { ...event, ics: icalendarOf(event, stamp) };
}
