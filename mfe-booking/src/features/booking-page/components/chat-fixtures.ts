// Fixtures of the booking page's chat (tests and stories; no MSW here): messages as timeline
// entries of type 'message', and as the messages call answers them.
import type { BookingMessage, BookingTimelineEntry } from '@guestspot/shared-api';
import { BOOKING_ID, makeEntry } from './page-fixtures';

/** A message of the timeline: the other side's (The Build Show) unless told otherwise. */
export function makeMessageEntry(
  id: number,
  message: string,
  {
    mine = false,
    properties = {},
    ...overrides
  }: Partial<BookingTimelineEntry> & { mine?: boolean } = {},
): BookingTimelineEntry {
  return makeEntry({
    id: `activity-${id}`,
    type: 'message',
    description: mine ? 'You sent a message.' : 'The Build Show sent a message.',
    created_at: '2026-11-28T16:00:00Z',
    actor_side: mine ? 'guest' : 'show',
    by_viewer: mine,
    ...overrides,
    properties: {
      message_id: id,
      message,
      edited_at: null,
      read_at: null,
      written_by: null,
      contains_schedule_link: false,
      ...properties,
    },
  });
}

/** What POST /bookings/{id}/messages and PUT …/{messageId} answer: the viewer's (Grace's) own. */
export function makeSentMessage(overrides: Partial<BookingMessage> = {}): BookingMessage {
  return {
    id: 90,
    booking_id: BOOKING_ID,
    body: 'Hello',
    created_at: '2026-11-28T17:00:00Z',
    edited_at: null,
    read_at: null,
    contains_schedule_link: false,
    is_mine: true,
    sender: {
      user_id: 1,
      name: 'Grace Hopper',
      imageUrl: null,
      side: 'guest',
      written_by: null,
    },
    ...overrides,
  };
}
