import { useId } from 'react';
import { Outlet, useMatch } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { EmptyState, media, useMediaQuery } from '@guestspot/shared-ui';
import { viewerTimezone } from '@guestspot/shared-ui/calendar-picker';
import { useConversations } from '../../../hooks/use-messages';
import { useMessagesPage, type MessagesPageContext } from '../hooks/use-messages-page';
import { ConversationList } from './conversation-list';
import './messages.css';

// The nested views, from this module so that the inbox is one chunk of its own (routes.tsx).
export { ConversationView } from './conversation-view';

/**
 * /messages and /messages/:bookingId (spec §2 "Messages inbox"): the searchable list of the
 * viewer's conversations on the left, the open one (or the welcome) on the right. On a phone
 * (≤ 640 px) they are two screens by route: the list at /messages, a conversation at its own
 * path, so that Back and deep links work.
 */
export function MessagesPage() {
  const titleId = useId();
  const open = useMatch('/messages/:bookingId');
  const phone = useMediaQuery(media.phone);
  const zone = viewerTimezone(useCurrentUser()?.timezone);
  const conversations = useConversations();
  const context: MessagesPageContext = {
    conversations: conversations.data ?? null,
    phone,
    zone,
  };

  return (
    <section
      className="gs-page gs-messages"
      aria-labelledby={titleId}
      data-view={open ? 'conversation' : 'list'}
    >
      <h1 id={titleId} className="gs-page__title gs-messages__title">
        Messages
      </h1>
      <div className="gs-messages__layout" data-screens={phone ? 'one' : 'two'}>
        {phone && open ? null : <ConversationList query={conversations} zone={zone} />}
        {phone && !open ? null : (
          <div className="gs-messages__pane">
            <Outlet context={context} />
          </div>
        )}
      </div>
    </section>
  );
}

/** /messages with no conversation chosen (the right-hand side; a phone shows the list only). */
export function MessagesWelcome() {
  const { conversations } = useMessagesPage();
  const none = conversations?.length === 0;
  return (
    <EmptyState
      className="gs-messages__welcome"
      title="Welcome to Messages!"
      message={
        none
          ? 'You have no conversations yet. Messages you exchange about a booking gather here.'
          : 'Choose a conversation to read it and reply.'
      }
    />
  );
}
