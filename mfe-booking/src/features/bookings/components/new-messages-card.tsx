import { Link } from 'react-router-dom';
import {
  Badge,
  ButtonLink,
  Card,
  Skeleton,
  SkeletonGroup,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { useConversations, useUnreadMessages } from '../../../hooks/use-messages';
import { conversationPath, MESSAGES_PATH } from '../../../lib/messages';
import './new-messages-card.css';

/** How many conversations with unread messages the card lists. */
export const NEW_MESSAGES_SHOWN = 3;

const unreadLabel = (count: number) =>
  count === 1 ? '1 unread message' : `${count} unread messages`;

/** "You have 3 new messages" (one: "message"; none: "no new messages"). */
export function newMessagesSentence(count: number): string {
  if (count === 0) return 'You have no new messages';
  return `You have ${count} new ${count === 1 ? 'message' : 'messages'}`;
}

/**
 * Dashboard card (marketplace… §2.9 "new messages card"): how many messages from the other sides
 * wait, the latest conversations holding some, and the way to the inbox.
 */
export function NewMessagesCard() {
  const unread = useUnreadMessages();
  const conversations = useConversations();
  const waiting = (conversations.data ?? [])
    .filter((conversation) => conversation.unread_count > 0)
    .slice(0, NEW_MESSAGES_SHOWN);

  return (
    <Card title="New messages">
      {unread.isPending ? (
        <SkeletonGroup label="Loading messages">
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </SkeletonGroup>
      ) : !unread.data ? (
        <p role="alert">The messages could not be loaded.</p>
      ) : (
        <>
          <p className="gs-new-messages__count">{newMessagesSentence(unread.data.count)}</p>
          {waiting.length > 0 ? (
            <ul className="gs-new-messages">
              {waiting.map((conversation) => (
                <li key={conversation.booking_id} className="gs-new-messages__item">
                  <Link
                    to={conversationPath(conversation.booking_id)}
                    className="gs-new-messages__link"
                  >
                    <span className="gs-new-messages__name">{conversation.counterpart.name}</span>
                    <VisuallyHidden>, </VisuallyHidden>
                    <Badge count={conversation.unread_count} label={unreadLabel} />
                  </Link>
                  <span className="gs-new-messages__preview">
                    {conversation.last_message.preview}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
      <ButtonLink to={MESSAGES_PATH} variant="secondary" size="sm">
        View all messages
      </ButtonLink>
    </Card>
  );
}
