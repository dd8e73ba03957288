import { useDeferredValue, useState } from 'react';
import { NavLink } from 'react-router-dom';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Conversation } from '@guestspot/shared-api';
import {
  Avatar,
  Badge,
  ButtonLink,
  EmptyState,
  ErrorState,
  IconSearch,
  Skeleton,
  SkeletonGroup,
  TextField,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { conversationPath } from '../../../lib/messages';
import { conversationTimeLabel } from '../lib/time-label';

const unreadLabel = (count: number) =>
  count === 1 ? '1 unread message' : `${count} unread messages`;

/** Spec §2: the list is searched by the other side's name and the last message (in the browser). */
export function matchesSearch(conversation: Conversation, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase('en-US');
  if (wanted === '') return true;
  return [conversation.counterpart.name, conversation.last_message.preview].some((text) =>
    text.toLocaleLowerCase('en-US').includes(wanted),
  );
}

/**
 * The inbox's left-hand side: a search box and a list of links, one per conversation, each
 * named by what it shows (the other side, when, the last message, how many are unread).
 */
export function ConversationList({
  query,
  zone,
}: {
  query: UseQueryResult<Conversation[]>;
  zone: string;
}) {
  const [search, setSearch] = useState('');
  const wanted = useDeferredValue(search);
  const conversations = query.data;
  const shown = conversations?.filter((conversation) => matchesSearch(conversation, wanted));
  const now = new Date();

  return (
    <nav className="gs-conversation-list" aria-label="Conversations">
      <div role="search" className="gs-conversation-list__search">
        <TextField
          type="search"
          label="Search conversations"
          hideLabel
          placeholder="Search by name or message"
          leadingIcon={<IconSearch />}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          disabled={!conversations || conversations.length === 0}
        />
      </div>
      {query.isPending ? (
        <SkeletonGroup label="Loading conversations" className="gs-conversation-list__loading">
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </SkeletonGroup>
      ) : query.isError && !conversations ? (
        <ErrorState
          titleAs="h2"
          title="The conversations could not be loaded."
          message="Check your connection, then try again."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : conversations && conversations.length === 0 ? (
        <EmptyState
          size="sm"
          titleAs="h2"
          title="No conversations yet"
          message="Write to the other side of a booking from its page: the conversation shows here."
          action={
            <ButtonLink to="/bookings" variant="secondary" size="sm">
              View bookings
            </ButtonLink>
          }
        />
      ) : shown ? (
        <>
          <p className="gs-conversation-list__status" role="status">
            {shown.length === 0 ? `No conversations match “${wanted.trim()}”.` : null}
          </p>
          <ul className="gs-conversation-list__items">
            {shown.map((conversation) => (
              <li key={conversation.booking_id}>
                <ConversationRow conversation={conversation} zone={zone} now={now} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </nav>
  );
}

/** One conversation; NavLink marks the open one aria-current="page". */
function ConversationRow({
  conversation,
  zone,
  now,
}: {
  conversation: Conversation;
  zone: string;
  now: Date;
}) {
  const { counterpart, last_message: last, unread_count: unread } = conversation;
  return (
    <NavLink
      to={conversationPath(conversation.booking_id)}
      className="gs-conversation-row"
      data-unread={unread > 0 || undefined}
    >
      <span className="gs-conversation-row__avatar" aria-hidden="true">
        <Avatar src={counterpart.imageUrl} name={counterpart.name} size={44} />
      </span>
      <span className="gs-conversation-row__main">
        <span className="gs-conversation-row__top">
          <span className="gs-conversation-row__name">{counterpart.name}</span>
          <VisuallyHidden>, </VisuallyHidden>
          <time className="gs-conversation-row__time" dateTime={last.created_at}>
            {conversationTimeLabel(last.created_at, zone, now)}
          </time>
        </span>
        <VisuallyHidden>, </VisuallyHidden>
        <span className="gs-conversation-row__preview">
          {last.is_mine ? 'You: ' : ''}
          {last.preview}
        </span>
      </span>
      {unread > 0 ? <VisuallyHidden>, </VisuallyHidden> : null}
      <Badge className="gs-conversation-row__badge" count={unread} label={unreadLabel} />
    </NavLink>
  );
}
