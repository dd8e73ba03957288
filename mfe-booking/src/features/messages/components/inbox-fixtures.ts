// Fixtures of the inbox's tests and stories (no MSW here: stories load this in a browser). The
// viewer is Grace Hopper (a guest, user 1) in US/Central; "now" is Wed 2 Dec 2026, 10:30 AM
// there (16:30 UTC).
import type { BookingMessage, Conversation } from '@guestspot/shared-api';

export const INBOX_NOW = '2026-12-02T16:30:00Z';
export const INBOX_ZONE = 'US/Central';

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    booking_id: 5,
    booking_status: 'accepted',
    counterpart: { type: 'show', id: 4, name: 'The Build Show', imageUrl: null },
    last_message: {
      preview: 'Could we move it to Thursday afternoon? We would love to have…',
      created_at: '2026-12-02T15:05:00Z',
      is_mine: false,
    },
    unread_count: 2,
    ...overrides,
  };
}

/** Newest first, as the server lists them: today, two days ago, a fortnight ago. */
export const inboxConversations: Conversation[] = [
  makeConversation(),
  makeConversation({
    booking_id: 8,
    booking_status: 'scheduled',
    counterpart: { type: 'show', id: 6, name: 'Deep Dive Radio', imageUrl: null },
    last_message: {
      preview: 'See you on Monday!',
      created_at: '2026-11-30T18:00:00Z',
      is_mine: true,
    },
    unread_count: 0,
  }),
  makeConversation({
    booking_id: 3,
    booking_status: 'canceled',
    counterpart: { type: 'show', id: 9, name: 'Night Owls', imageUrl: null },
    last_message: {
      preview: 'Sorry we could not make it work.',
      created_at: '2026-11-18T18:00:00Z',
      is_mine: false,
    },
    unread_count: 1,
  }),
];

export function makeMessage(overrides: Partial<BookingMessage> = {}): BookingMessage {
  return {
    id: 1,
    booking_id: 5,
    body: 'Hello Grace!',
    created_at: '2026-12-01T15:00:00Z',
    edited_at: null,
    read_at: '2026-12-01T15:10:00Z',
    contains_schedule_link: false,
    is_mine: false,
    sender: {
      user_id: 7,
      name: 'The Build Show',
      imageUrl: null,
      side: 'show',
      written_by: null,
    },
    ...overrides,
  };
}

const grace = {
  user_id: 1,
  name: 'Grace Hopper',
  imageUrl: null,
  side: 'guest' as const,
  written_by: null,
};

/** Booking 5's conversation, oldest first: yesterday, then today (two still unread). */
export const conversationMessages: BookingMessage[] = [
  makeMessage({ id: 1, body: 'Hello Grace! Our notes: https://notes.example.com/ep-12' }),
  makeMessage({
    id: 2,
    body: 'Hi! Happy to join.',
    created_at: '2026-12-01T16:00:00Z',
    is_mine: true,
    read_at: '2026-12-01T16:30:00Z',
    sender: grace,
  }),
  makeMessage({
    id: 3,
    body: 'Great. One question about the date.',
    created_at: '2026-12-02T15:00:00Z',
    read_at: null,
    sender: {
      ...grace,
      user_id: 8,
      name: 'The Build Show',
      side: 'show',
      written_by: 'Ada Lovelace',
    },
    is_mine: false,
  }),
  makeMessage({
    id: 4,
    body: 'Could we move it to Thursday afternoon? We would love to have you then.',
    created_at: '2026-12-02T15:05:00Z',
    read_at: null,
    edited_at: '2026-12-02T15:06:00Z',
    contains_schedule_link: true,
  }),
];
