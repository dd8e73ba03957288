import { calendarEventWithIcs, icalendarOf, type CalendarPerson } from '../integrations/ical';
import type { CalendarEvent } from '../integrations/providers';
import type { MailAttachment } from '../mail/mailer';
import { bookingEventUid, type InterviewDate, type NotifyContext, type Party } from './context';

// The booking's interview as one calendar event (decision 112): the same UID, summary and link
// in the invitations emailed to both sides and in their connected calendars.

/** The booking's page on the site: every email links there. */
export const bookingLink = (appUrl: string, bookingId: number) => `${appUrl}/bookings/${bookingId}`;

/** The event of the booking's interview at `date` (without its iCalendar text). */
export function interviewEvent(
  context: NotifyContext,
  date: InterviewDate,
  sequence: number,
  appUrl: string,
): Omit<CalendarEvent, 'ics'> {
  const { guest, show } = context.parties;
  const url = bookingLink(appUrl, context.booking.id);
  return {
    uid: bookingEventUid(context.booking.id),
    summary: `Interview: ${guest.profileName} on ${show.profileName}`,
    description: `${guest.profileName} is interviewed on ${show.profileName}, booked on Guestspot.\nThe booking: ${url}`,
    url,
    startsAt: date.startsAt,
    endsAt: date.endsAt,
    sequence,
  };
}

/** The event as the sides' calendars store it (CalDAV's iCalendar object included). */
export function storedInterviewEvent(
  context: NotifyContext,
  date: InterviewDate,
  sequence: number,
  appUrl: string,
  stamp: Date,
): CalendarEvent {
  return calendarEventWithIcs(interviewEvent(context, date, sequence, appUrl), stamp);
}

/** 'Guestspot <hello@guestspot.test>' → {name, email}; a bare address is its own name. */
export function mailbox(from: string): CalendarPerson {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (match) return { name: match[1]?.trim() || match[2]!, email: match[2]!.trim() };
  return { name: 'Guestspot', email: from.trim() };
}

/** The invitation (or its cancellation) for one side, as the email's invite.ics. */
export function invitationFile(
  event: Omit<CalendarEvent, 'ics'>,
  method: 'REQUEST' | 'CANCEL',
  { stamp, organizer, recipient }: { stamp: Date; organizer: CalendarPerson; recipient: Party },
): MailAttachment {
  return {
    filename: 'invite.ics',
    contentType: `text/calendar; method=${method}`,
    content: icalendarOf(event, stamp, {
      method,
      organizer,
      attendee: { name: recipient.profileName, email: recipient.email },
    }),
  };
}
