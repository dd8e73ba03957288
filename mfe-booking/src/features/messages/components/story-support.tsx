// Storybook helpers of the inbox: the page at its route, its queries filled beforehand.
import { useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, queryKeys, type BookingMessage, type Conversation } from '@guestspot/shared-api';
import { AsUser, makeUser } from '@guestspot/shared-api/stories';
import { ConfirmHost, ToastHost } from '@guestspot/shared-ui';
import { INBOX_NOW, INBOX_ZONE } from './inbox-fixtures';
import { ConversationView, MessagesPage, MessagesWelcome } from './messages-page';

const storyUser = makeUser({ id: 1, timezone: INBOX_ZONE });

/** The fixtures' times moved so that their "now" is the story's: today reads as today. */
function shifted(iso: string): string {
  return new Date(Date.parse(iso) + Date.now() - Date.parse(INBOX_NOW)).toISOString();
}

function shiftConversation(conversation: Conversation): Conversation {
  const { last_message: last } = conversation;
  return { ...conversation, last_message: { ...last, created_at: shifted(last.created_at) } };
}

function shiftMessage(message: BookingMessage): BookingMessage {
  return {
    ...message,
    created_at: shifted(message.created_at),
    edited_at: message.edited_at && shifted(message.edited_at),
    read_at: message.read_at && shifted(message.read_at),
  };
}

export type Loaded<T> = T | 'loading' | { failure: string };

/**
 * The inbox at `route` from a cache filled beforehand. Its queries never fetch (there is no
 * server in Storybook; the list would poll one every 60 seconds): Retry shows what a failed call
 * shows.
 */
export function StoryInbox({
  route = '/messages',
  conversations,
  messages = {},
}: {
  route?: string;
  conversations: Loaded<Conversation[]>;
  messages?: Record<number, Loaded<BookingMessage[]>>;
}) {
  const [client] = useState(() => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, enabled: false, staleTime: Infinity } },
    });
    const fill = <T,>(key: readonly unknown[], state: Loaded<T>, shift: (data: T) => T) => {
      if (state === 'loading') return;
      if (typeof state === 'object' && state !== null && 'failure' in state) {
        void queryClient.prefetchQuery({
          queryKey: key,
          queryFn: () => Promise.reject(new ApiError(500, state.failure)),
        });
        return;
      }
      queryClient.setQueryData(key, shift(state));
    };
    fill(queryKeys.conversations, conversations, (list) => list.map(shiftConversation));
    for (const [id, state] of Object.entries(messages)) {
      fill(queryKeys.bookingMessages(Number(id)), state, (list) => list.map(shiftMessage));
    }
    return queryClient;
  });
  return (
    <AsUser user={storyUser}>
      <QueryClientProvider client={client}>
        <Routes location={route}>
          <Route path="/messages" element={<MessagesPage />}>
            <Route index element={<MessagesWelcome />} />
            <Route path=":bookingId" element={<ConversationView />} />
          </Route>
        </Routes>
        <ToastHost />
        <ConfirmHost />
      </QueryClientProvider>
    </AsUser>
  );
}
