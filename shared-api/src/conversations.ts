import { api, handlesForbidden } from '@guestspot/shared-api';
import type {
  BookingMessage,
  BookingMessagePayload,
  BookingMessageUpdatePayload,
  Conversation,
  DataEnvelope,
} from './types';

// Conversations (booking-management… §7 "Messages and notifications" and the message calls of
// "Bookings", issue 31): a booking's messages, the inbox's list and the unread figures. The
// payloads and answers are the server's types (api/src/contract/conversations.ts).

export type { BookingMessage, Conversation } from './types';

/** GET /bookings/{id}/messages: the conversation, oldest first. */
export async function getBookingMessages(bookingId: number): Promise<BookingMessage[]> {
  const answer = await api
    .get(`bookings/${bookingId}/messages`)
    .json<DataEnvelope<BookingMessage[]>>();
  return answer.data;
}

/** POST /bookings/{id}/messages (409 when the booking is canceled or expired, 429 past the limit). */
export async function sendBookingMessage(
  bookingId: number,
  payload: BookingMessagePayload,
): Promise<BookingMessage> {
  const answer = await api
    .post(`bookings/${bookingId}/messages`, { json: payload })
    .json<DataEnvelope<BookingMessage>>();
  return answer.data;
}

/** PUT /bookings/{id}/messages/{messageId}: edit one's own message, or flag it. */
export async function updateBookingMessage(
  bookingId: number,
  messageId: number,
  payload: BookingMessageUpdatePayload,
): Promise<BookingMessage> {
  const answer = await api
    .put(`bookings/${bookingId}/messages/${messageId}`, { json: payload })
    .json<DataEnvelope<BookingMessage>>();
  return answer.data;
}

/** PATCH /bookings/{id}/messages/read: the other side's messages shown are read. */
export async function markBookingMessagesRead(bookingId: number): Promise<number> {
  const answer = await api
    .patch(`bookings/${bookingId}/messages/read`)
    .json<DataEnvelope<{ read: number }>>();
  return answer.data.read;
}

// Both name the user in the path: their 403 means only that the session's user changed under
// the caller (an impersonation started or stopped, another tab signed in as someone else) before
// it learned of it, not a page the user may not open. It fails the query (the caller keeps what
// it showed, and asks again as the new user), without the site-wide trip to /403-forbidden.

/** GET /users/{id}/all-messages: the inbox's conversations, newest first. */
export async function getConversations(userId: number): Promise<Conversation[]> {
  const answer = await api
    .get(`users/${userId}/all-messages`, handlesForbidden)
    .json<DataEnvelope<Conversation[]>>();
  return answer.data;
}

/** GET /users/{id}/unread-messages: the sidebar's count and the dashboard card's figures. */
export async function getUnreadMessages(
  userId: number,
): Promise<{ count: number; conversations: number }> {
  const answer = await api
    .get(`users/${userId}/unread-messages`, handlesForbidden)
    .json<DataEnvelope<{ count: number; conversations: number }>>();
  return answer.data;
}
