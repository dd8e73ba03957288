import { createEvent, type EventAttributes } from 'ics';
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

/**
 * The event as an iCalendar file. The same input gives the same bytes: DTSTAMP is `stamp` (the
 * activity's time), not the clock, so a retried send or write carries the same file.
 */
export function icalendarOf(
  event: Omit<CalendarEvent, 'ics'>,
  stamp: Date,
  { method, organizer, attendee }: IcalOptions = {},
): string {
  const utc = { startInputType: 'utc', startOutputType: 'utc' } as const;
  const attributes: EventAttributes & { timestamp: number } = {
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
  const { error, value } = createEvent(attributes);
  if (error || !value) throw error ?? new Error('The calendar event could not be written.');
  return value;
}

/** The event as a calendar stores it, its iCalendar object included (what CalDAV PUTs). */
export function calendarEventWithIcs(
  event: Omit<CalendarEvent, 'ics'>,
  stamp: Date,
): CalendarEvent {
  return { ...event, ics: icalendarOf(event, stamp) };
}
