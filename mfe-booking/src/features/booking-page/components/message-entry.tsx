import { useRef, useState } from 'react';
import type { BookingDetail, BookingTimelineEntry } from '@guestspot/shared-api';
import { Button, confirm, Field, VisuallyHidden } from '@guestspot/shared-ui';
import { formatEntryTime } from '@guestspot/shared-ui/calendar-picker';
import { MessageText } from '../../../components/message-text';
import { useUpdateMessage } from '../../../hooks/use-messages';
import {
  authorLabel,
  containsUrlLikeText,
  DATE_CHANGE_MARK,
  MESSAGE_MAX_LENGTH,
  messageFailure,
  SCHEDULE_LINK_QUESTION,
} from '../../../lib/messages';
import { actionLabels, calendarActionOf, type DialogAction } from '../lib/booking-view';
import { chatClosedReason } from './booking-chat';
import './booking-chat.css';

interface MessageEntryProps {
  entry: BookingTimelineEntry;
  booking: BookingDetail;
  zone: string;
  openAction: (action: DialogAction) => void;
}

/**
 * A 'message' entry of the feed: who wrote it (a team member "for" the profile), its text with
 * safe links, when, whether it was edited and, for the viewer's own, whether the other side has
 * seen it. The viewer edits their own in place while the booking takes messages.
 */
export function MessageEntry({ entry, booking, zone, openAction }: MessageEntryProps) {
  const { properties } = entry;
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const mine = entry.by_viewer;
  const profile = entry.actor_side === 'show' ? booking.show_profile : booking.guest_profile;
  const text = properties.message ?? '';
  const canEdit = mine && properties.message_id !== undefined && chatClosedReason(booking) === null;
  const aboutDate = properties.contains_schedule_link === true;
  // A message about the date offers the calendar the viewer may open now (spec §2 message_intent).
  const calendar = aboutDate ? calendarActionOf(booking) : null;

  const stopEditing = () => {
    setEditing(false);
    // Focus goes back where the edit started; the button is back once the form is gone.
    requestAnimationFrame(() => editButton.current?.focus());
  };

  return (
    <li
      className="gs-activity__entry gs-booking-message"
      data-by={mine ? 'viewer' : 'other'}
      data-type="message"
      data-state={editing ? 'editing' : 'idle'}
    >
      <p className="gs-chat-message__author">{authorLabel(profile.name, properties.written_by)}</p>
      {editing && properties.message_id !== undefined ? (
        <MessageEditForm
          booking={booking}
          messageId={properties.message_id}
          text={text}
          flagged={aboutDate}
          openAction={openAction}
          onDone={stopEditing}
        />
      ) : (
        <MessageText text={text} />
      )}
      <p className="gs-chat-message__meta">
        <time dateTime={entry.created_at}>{formatEntryTime(entry.created_at, zone)}</time>
        {properties.edited_at ? <span className="gs-chat-message__mark">Edited</span> : null}
        {mine && properties.read_at ? <span className="gs-chat-message__mark">Seen</span> : null}
        {aboutDate ? <span className="gs-chat-message__mark">{DATE_CHANGE_MARK}</span> : null}
        {calendar && !editing ? (
          <Button size="sm" variant="link" onClick={() => openAction(calendar)}>
            {actionLabels[calendar]}
          </Button>
        ) : null}
        {canEdit && !editing ? (
          <Button ref={editButton} size="sm" variant="link" onClick={() => setEditing(true)}>
            Edit<VisuallyHidden> your message</VisuallyHidden>
          </Button>
        ) : null}
      </p>
    </li>
  );
}

/**
 * Inline edit: the same 300-character rule as a new message, Save (PUT) or Cancel (also
 * Escape). URL-like text in a message not flagged yet asks the schedule-link question; Yes
 * saves it flagged and opens the calendar. A failure keeps the text in a field tinted red.
 */
function MessageEditForm({
  booking,
  messageId,
  text,
  flagged,
  openAction,
  onDone,
}: {
  booking: BookingDetail;
  messageId: number;
  text: string;
  flagged: boolean;
  openAction: (action: DialogAction) => void;
  onDone: () => void;
}) {
  const [value, setValue] = useState(text);
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const update = useUpdateMessage(booking.id);

  const save = async () => {
    const body = value.trim();
    if (body === '') {
      field.current?.focus();
      return;
    }
    if (body === text.trim()) {
      onDone();
      return;
    }
    const flag =
      !flagged &&
      containsUrlLikeText(body) &&
      (await confirm({
        title: SCHEDULE_LINK_QUESTION,
        message:
          'Your message holds a link. If it is about the interview’s date, answer Yes: it is saved marked as a date change, and you can set the date on the booking as well. No saves it as it is.',
        confirmLabel: 'Yes',
        cancelLabel: 'No',
      }));
    setError(null);
    try {
      await update.mutateAsync({
        messageId,
        payload: flag ? { body, contains_schedule_link: true } : { body },
      });
    } catch (failure) {
      setError(messageFailure(failure));
      field.current?.focus();
      return;
    }
    onDone();
    const calendar = flag ? calendarActionOf(booking) : null;
    if (calendar) openAction(calendar);
  };

  return (
    <form
      className="gs-booking-message__form"
      aria-label="Edit your message"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field label="Edit message" error={error} hint={`${value.length}/${MESSAGE_MAX_LENGTH}`}>
        {(control) => (
          <textarea
            {...control}
            ref={field}
            // The field the reader chose to edit takes focus at once.
            // eslint-disable-next-line jsx-a11y/no-autofocus
            autoFocus
            className="gs-control gs-booking-message__input"
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            value={value}
            readOnly={update.isPending}
            onChange={(event) => {
              setValue(event.target.value.slice(0, MESSAGE_MAX_LENGTH));
              if (error) setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                onDone();
              }
            }}
          />
        )}
      </Field>
      <div className="gs-booking-message__actions">
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={update.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
