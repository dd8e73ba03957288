import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { phoneGlobals } from '@guestspot/shared-api/stories';
import { conversationMessages, inboxConversations } from './inbox-fixtures';
import { MessagesPage } from './messages-page';
import { StoryInbox } from './story-support';

const meta = {
  title: 'Screens/Booking/Messages inbox',
  component: MessagesPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof MessagesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** /messages: the list (today's time, "2 days ago", a date; unread counts) and the welcome. */
export const Welcome: Story = {
  render: () => <StoryInbox conversations={inboxConversations} />,
};

/** /messages/5: the open conversation by day, a team member's message, its composer. */
export const Conversation: Story = {
  render: () => (
    <StoryInbox
      route="/messages/5"
      conversations={inboxConversations}
      messages={{ 5: conversationMessages }}
    />
  ),
};

/** A conversation of a canceled booking: it can be read, not written to. */
export const CanceledConversation: Story = {
  render: () => (
    <StoryInbox
      route="/messages/3"
      conversations={inboxConversations}
      messages={{ 3: conversationMessages.slice(0, 2) }}
    />
  ),
};

/** No conversations yet. */
export const Empty: Story = {
  render: () => <StoryInbox conversations={[]} />,
};

export const Loading: Story = {
  render: () => <StoryInbox conversations="loading" />,
};

/** The list failed: Retry (which, without a server here, fails again). */
export const LoadFailed: Story = {
  render: () => <StoryInbox conversations={{ failure: 'Server Error' }} />,
};

/** The conversation failed while the list is there. */
export const ConversationFailed: Story = {
  render: () => (
    <StoryInbox
      route="/messages/5"
      conversations={inboxConversations}
      messages={{ 5: { failure: 'Server Error' } }}
    />
  ),
};

/** On a 360 px phone, /messages: the list is the whole screen. */
export const PhoneList: Story = {
  ...Welcome,
  globals: phoneGlobals,
};

/** On a 360 px phone, /messages/5: the conversation alone, with Back to the list. */
export const PhoneConversation: Story = {
  ...Conversation,
  globals: phoneGlobals,
};
