import { useEffect, useRef } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { isApiError, type BookingMessage, type Conversation } from '@guestspot/shared-api';
import {
  Avatar,
  ButtonLink,
  ErrorState,
  IconChevronLeft,
  Spinner,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { MessageComposer } from '../../../components/message-composer';
import { MessageText } from '../../../components/message-text';
import { useBookingMessages, useMarkMessagesRead } from '../../../hooks/use-messages';
import { bookingPath, orderNumber } from '../../../lib/booking-format';
import {
  authorLabel,
  DATE_CHANGE_MARK,
  MESSAGES_PATH,
  sendingClosedReason,
} from '../../../lib/messages';
import { daySeparatorLabel, messageDay, messageTime } from '../lib/time-label';
import { useMessagesPage } from '../hooks/use-messages-page';

/** /messages/:bookingId: one booking's conversation, read and answered. */
export function ConversationView() {
  const { bookingId } = useParams();
  const id = Number(bookingId);
  if (!Number.isInteger(id) || id < 1) return <Navigate to={MESSAGES_PATH} replace />;
  // Another conversation starts afresh (its scroll, its draft, its read marks).
  return <ConversationOf key={id} id={id} />;
}

interface Day {
  key: string;
  label: string;
  messages: BookingMessage[];
}

/** The messages by the viewer's calendar day, oldest first, as the call answers them. */
function byDay(messages: BookingMessage[], zone: string, now: Date): Day[] {
  const days: Day[] = [];
  for (const message of messages) {
    const key = messageDay(message.created_at, zone);
    const last = days.at(-1);
    if (last?.key === key) last.messages.push(message);
    else {
      days.push({
        key,
        label: daySeparatorLabel(message.created_at, zone, now),
        messages: [message],
      });
    }
  }
  return days;
}

/** The other side's name: from the list, else from one of their messages. */
function counterpartOf(conversation: Conversation | null, messages: BookingMessage[] | undefined) {
  if (conversation) return conversation.counterpart;
  const theirs = messages?.find((message) => !message.is_mine)?.sender;
  return theirs ? { name: theirs.name, imageUrl: theirs.imageUrl } : null;
}

function ConversationOf({ id }: { id: number }) {
  const { conversations, phone, zone } = useMessagesPage();
  const conversation = conversations?.find((item) => item.booking_id === id) ?? null;
  const query = useBookingMessages(id);
  const messages = query.data;
  const navigate = useNavigate();
  const scroller = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const counterpart = counterpartOf(conversation, messages);
  const name = counterpart?.name ?? `Booking ${orderNumber(id)}`;

  // Opening a conversation reads it: the other side's unread messages on screen are marked.
  const unread = (messages ?? [])
    .filter((message) => !message.is_mine && message.read_at === null)
    .map((message) => message.id);
  useMarkMessagesRead(id, unread);

  // On a phone the list's screen is gone: the conversation's name takes the focus it had.
  useEffect(() => {
    if (phone) heading.current?.focus();
  }, [phone]);

  // The newest message is at the bottom: a load that changed the list scrolls there.
  const shown = messages?.map((message) => message.id).join() ?? null;
  useEffect(() => {
    const box = scroller.current;
    if (shown !== null && box) box.scrollTop = box.scrollHeight;
  }, [shown]);

  return (
    <section className="gs-conversation" aria-labelledby={`conversation-${id}`}>
      <header className="gs-conversation__header">
        {phone ? (
          <Link to={MESSAGES_PATH} className="gs-conversation__back">
            <IconChevronLeft aria-hidden="true" />
            Back<VisuallyHidden> to conversations</VisuallyHidden>
          </Link>
        ) : null}
        <span className="gs-conversation__avatar" aria-hidden="true">
          <Avatar src={counterpart?.imageUrl ?? null} name={name} size={40} />
        </span>
        <h2
          ref={heading}
          id={`conversation-${id}`}
          className="gs-conversation__title"
          tabIndex={-1}
        >
          {name}
        </h2>
        <ButtonLink
          to={bookingPath(id)}
          variant="secondary"
          size="sm"
          className="gs-conversation__booking"
        >
          View booking<VisuallyHidden> with {name}</VisuallyHidden>
        </ButtonLink>
      </header>
      {query.isPending ? (
        <div className="gs-conversation__loading">
          <Spinner label="Loading the conversation" />
        </div>
      ) : query.isError && !messages ? (
        <ErrorState
          titleAs="h3"
          title="The conversation could not be loaded."
          message={
            isApiError(query.error) && query.error.status < 500
              ? query.error.message
              : 'Check your connection, then try again.'
          }
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : messages ? (
        <div
          ref={scroller}
          className="gs-conversation__scroller"
          role="log"
          aria-label={`Messages with ${name}`}
          // A box that scrolls takes focus, so that a keyboard can scroll it too.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
        >
          {messages.length === 0 ? (
            <p className="gs-conversation__empty">No messages yet. Write the first one below.</p>
          ) : (
            <Days days={byDay(messages, zone, new Date())} zone={zone} />
          )}
        </div>
      ) : null}
      <MessageComposer
        bookingId={id}
        className="gs-conversation__composer"
        closedReason={sendingClosedReason(conversation?.booking_status)}
        // The booking page opens its calendar for this hash (spec §2 "#show-calendar").
        onScheduleLink={() => void navigate(`${bookingPath(id)}#show-calendar`)}
      />
    </section>
  );
}

function Days({ days, zone }: { days: Day[]; zone: string }) {
  return (
    <ol className="gs-conversation__days">
      {days.map((day) => (
        <li key={day.key} className="gs-conversation__day">
          <h3 className="gs-conversation__separator">
            <time dateTime={day.key}>{day.label}</time>
          </h3>
          <ol className="gs-conversation__messages">
            {day.messages.map((message) => (
              <ConversationMessage key={message.id} message={message} zone={zone} />
            ))}
          </ol>
        </li>
      ))}
    </ol>
  );
}

function ConversationMessage({ message, zone }: { message: BookingMessage; zone: string }) {
  return (
    <li className="gs-conversation__message" data-by={message.is_mine ? 'viewer' : 'other'}>
      <p className="gs-chat-message__author">
        {authorLabel(message.sender.name, message.sender.written_by)}
      </p>
      <MessageText text={message.body} />
      <p className="gs-chat-message__meta">
        <time dateTime={message.created_at}>{messageTime(message.created_at, zone)}</time>
        {message.edited_at ? <span className="gs-chat-message__mark">Edited</span> : null}
        {message.is_mine && message.read_at ? (
          <span className="gs-chat-message__mark">Seen</span>
        ) : null}
        {message.contains_schedule_link ? (
          <span className="gs-chat-message__mark">{DATE_CHANGE_MARK}</span>
        ) : null}
      </p>
    </li>
  );
}
