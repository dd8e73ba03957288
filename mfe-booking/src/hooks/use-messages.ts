import { useEffect, useRef, useSyncExternalStore } from 'react';
import {
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  queryKeys,
  useCurrentUser,
  type BookingMessage,
  type BookingMessageUpdatePayload,
} from '@guestspot/shared-api';
import {
  getBookingMessages,
  getConversations,
  getUnreadMessages,
  markBookingMessagesRead,
  sendBookingMessage,
  updateBookingMessage,
} from '@guestspot/shared-api/conversations';

// The conversation calls of this remote's two chat places (the booking page's Activity and the
// /messages inbox) and the dashboard's card: one cache entry each, so a send in one place shows
// in the others. The live event stream invalidates the same keys; the polls are its fallback.

/** The inbox's list and the unread figures: asked again every 60 seconds. */
export const CONVERSATIONS_POLL_MS = 60_000;
/** An open conversation, like the Activity feed (spec §9): every 10 seconds. */
export const MESSAGES_POLL_MS = 10_000;

/** GET /users/{id}/all-messages: the signed-in user's conversations, newest first. */
export function useConversations() {
  const userId = useCurrentUser()?.id;
  return useQuery({
    queryKey: queryKeys.conversations,
    queryFn: userId ? () => getConversations(userId) : skipToken,
    refetchInterval: CONVERSATIONS_POLL_MS,
  });
}

/** GET /users/{id}/unread-messages: the other sides' unread messages, over every booking. */
export function useUnreadMessages() {
  const userId = useCurrentUser()?.id;
  return useQuery({
    queryKey: queryKeys.unreadMessages,
    queryFn: userId ? () => getUnreadMessages(userId) : skipToken,
    refetchInterval: CONVERSATIONS_POLL_MS,
  });
}

/** GET /bookings/{id}/messages: one conversation, oldest first, polled while it is open. */
export function useBookingMessages(bookingId: number) {
  return useQuery({
    queryKey: queryKeys.bookingMessages(bookingId),
    queryFn: () => getBookingMessages(bookingId),
    refetchInterval: MESSAGES_POLL_MS,
  });
}

/**
 * What a message written, edited or flagged changes: the booking's timeline (both orders), its
 * conversation, and the inbox's list and figures. Resolves once the shown ones are read again,
 * so that a sent text leaves the field as it appears in the feed.
 */
export function invalidateMessages(client: QueryClient, bookingId: number): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.bookingActivities(bookingId, 'asc') }),
    client.invalidateQueries({ queryKey: queryKeys.bookingActivities(bookingId, 'desc') }),
    client.invalidateQueries({ queryKey: queryKeys.bookingMessages(bookingId) }),
    client.invalidateQueries({ queryKey: queryKeys.allMessages }),
  ]);
}

export interface SendMessageRequest {
  body: string;
  /** The sender answered Yes to "Are you trying to update the booking date?". */
  flag: boolean;
}

export interface SentMessage {
  message: BookingMessage;
  /** false when the flag was asked for and its PUT failed (the message itself was sent) */
  flagged: boolean;
}

/**
 * POST /bookings/{id}/messages, then, for a flagged one, PUT …/{messageId} with
 * contains_schedule_link: the POST carries the text only (the contract's body). A failed flag
 * does not undo the message: it is reported apart (spec §8 "Message flag fails").
 */
export function useSendMessage(bookingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, flag }: SendMessageRequest): Promise<SentMessage> => {
      const message = await sendBookingMessage(bookingId, { body });
      if (!flag) return { message, flagged: false };
      try {
        const flagged = await updateBookingMessage(bookingId, message.id, {
          contains_schedule_link: true,
        });
        return { message: flagged, flagged: true };
      } catch {
        return { message, flagged: false };
      }
    },
    onSettled: () => invalidateMessages(client, bookingId),
  });
}

/** PUT /bookings/{id}/messages/{messageId}: one's own text edited, or flagged, or both. */
export function useUpdateMessage(bookingId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      messageId,
      payload,
    }: {
      messageId: number;
      payload: BookingMessageUpdatePayload;
    }) => updateBookingMessage(bookingId, messageId, payload),
    onSettled: () => invalidateMessages(client, bookingId),
  });
}

/**
 * Spec §2 "marks unread messages from others as read": PATCH …/messages/read once the other
 * side's unread messages are on screen, then the inbox's counts are read again. `unreadIds` are
 * those shown (in any order), so each set is marked once, not on every poll (or change of
 * order) that still shows them unread; a failure lets the next change try again.
 */
export function useMarkMessagesRead(bookingId: number, unreadIds: readonly (string | number)[]) {
  const unread = unreadIds.map(String).sort().join();
  const client = useQueryClient();
  const marked = useRef(new Set<string>());
  // A tab in the background refetches on live events too: what arrives there is not seen yet.
  const visible = usePageVisible();
  useEffect(() => {
    if (!visible || unread === '' || marked.current.has(unread)) return;
    const done = marked.current;
    done.add(unread);
    markBookingMessagesRead(bookingId).then(
      () =>
        Promise.all([
          client.invalidateQueries({ queryKey: queryKeys.allMessages }),
          client.invalidateQueries({ queryKey: queryKeys.bookingMessages(bookingId) }),
          // The side's "wrote" notifications of the booking are read with them (decision 113).
          client.invalidateQueries({ queryKey: queryKeys.notifications }),
        ]),
      () => done.delete(unread),
    );
  }, [bookingId, unread, client, visible]);
}

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page is on screen (not a background tab or a minimised window). */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}
