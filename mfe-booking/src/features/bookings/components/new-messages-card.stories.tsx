import { useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { queryKeys, type Conversation } from '@guestspot/shared-api';
import { AsUser, makeUser } from '@guestspot/shared-api/stories';
import { NewMessagesCard } from './new-messages-card';

const conversation = (id: number, name: string, unread: number, preview: string): Conversation => ({
  booking_id: id,
  booking_status: 'accepted',
  counterpart: { type: 'show', id: id + 100, name, imageUrl: null },
  last_message: { preview, created_at: new Date().toISOString(), is_mine: false },
  unread_count: unread,
});

const conversations = [
  conversation(5, 'The Build Show', 2, 'Could we move it to Thursday afternoon? We would…'),
  conversation(8, 'Deep Dive Radio', 1, 'Here are the questions for next week.'),
  conversation(4, 'Quiet Show', 0, 'Thanks again!'),
  conversation(3, 'Night Owls', 3, 'Are you still available?'),
  conversation(2, 'Morning Brew', 1, 'One more thing about the intro.'),
];

/**
 * The card from a cache filled beforehand; its queries never fetch (no server in Storybook).
 * `unread` undefined: still loading; null: the figures failed.
 */
function Filled({
  unread,
  list = conversations,
  children,
}: {
  unread?: number | null;
  list?: Conversation[];
  children: ReactNode;
}) {
  const [client] = useState(() => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, enabled: false, staleTime: Infinity } },
    });
    queryClient.setQueryData(queryKeys.conversations, list);
    if (unread === null) {
      void queryClient.prefetchQuery({
        queryKey: queryKeys.unreadMessages,
        queryFn: () => Promise.reject(new Error('Server Error')),
      });
    } else if (unread !== undefined) {
      queryClient.setQueryData(queryKeys.unreadMessages, { count: unread, conversations: 4 });
    }
    return queryClient;
  });
  return (
    <AsUser user={makeUser({ id: 1 })}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </AsUser>
  );
}

const meta = {
  title: 'Booking/New messages card',
  component: NewMessagesCard,
  tags: ['autodocs'],
  parameters: { layout: 'centered' },
} satisfies Meta<typeof NewMessagesCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** "You have 7 new messages" and the three latest conversations that hold some. */
export const WithNewMessages: Story = {
  render: () => (
    <Filled unread={7}>
      <NewMessagesCard />
    </Filled>
  ),
};

export const NoneWaiting: Story = {
  render: () => (
    <Filled unread={0} list={conversations.map((item) => ({ ...item, unread_count: 0 }))}>
      <NewMessagesCard />
    </Filled>
  ),
};

export const Loading: Story = {
  render: () => (
    <Filled>
      <NewMessagesCard />
    </Filled>
  ),
};

export const LoadFailed: Story = {
  render: () => (
    <Filled unread={null}>
      <NewMessagesCard />
    </Filled>
  ),
};
