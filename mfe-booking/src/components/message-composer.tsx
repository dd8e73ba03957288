import { useEffect, useId, useRef, useState } from 'react';
import { errorMessages } from '@guestspot/shared-api';
import { Button, confirm, cx, Field, toast } from '@guestspot/shared-ui';
import { useSendMessage } from '../hooks/use-messages';
import {
  containsUrlLikeText,
  MESSAGE_MAX_LENGTH,
  messageFailure,
  readDraft,
  SCHEDULE_LINK_QUESTION,
  writeDraft,
} from '../lib/messages';
import './message-composer.css';

/** From here on the counter reads as a warning. */
export const COUNTER_WARNING_AT = MESSAGE_MAX_LENGTH - 20;

export interface MessageComposerProps {
  bookingId: number;
  /** Why sending is closed (a canceled or expired booking); null or absent while it is open. */
  closedReason?: string | null;
  /**
   * After a message sent with a Yes to "Are you trying to update the booking date?": the
   * booking page opens its calendar dialog, the inbox goes to the booking page to do so.
   */
  onScheduleLink?: () => void;
  className?: string;
}

/**
 * The one message field of this remote (the booking page's Activity and the inbox's open
 * conversation): "Message", at most 300 characters with a counter, Send. Spec §5: an empty send
 * only focuses the field; URL-like text asks whether the date is meant (decision 107's confirm).
 * Spec §8: a failed send tints the field red and keeps the text. The draft is kept per booking
 * in localStorage (spec §9) and cleared once sent.
 */
export function MessageComposer(props: MessageComposerProps) {
  // Another booking is another draft.
  return <Composer key={props.bookingId} {...props} />;
}

function Composer({
  bookingId,
  closedReason = null,
  onScheduleLink,
  className,
}: MessageComposerProps) {
  const [text, setText] = useState(() => readDraft(bookingId));
  const [error, setError] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const closedId = useId();
  const send = useSendMessage(bookingId);
  const closed = closedReason !== null;

  useEffect(() => writeDraft(bookingId, text), [bookingId, text]);

  const submit = async () => {
    if (closed || send.isPending) return;
    const body = text.trim();
    if (body === '') {
      field.current?.focus();
      return;
    }
    const flag =
      containsUrlLikeText(body) &&
      (await confirm({
        title: SCHEDULE_LINK_QUESTION,
        message:
          'Your message holds a link. If it is about the interview’s date, answer Yes: it is sent marked as a date change, and you can set the date on the booking as well. No sends it as it is.',
        confirmLabel: 'Yes',
        cancelLabel: 'No',
      }));
    setError(null);
    try {
      const { flagged } = await send.mutateAsync({ body, flag });
      // Cleared here as well as by the effect: the field may be gone by now (another page).
      writeDraft(bookingId, '');
      setText('');
      if (flag && !flagged) toast.error(errorMessages.sorryAnErrorOcured);
      if (flag) onScheduleLink?.();
      else field.current?.focus();
    } catch (failure) {
      setError(messageFailure(failure));
      field.current?.focus();
    }
  };

  const state = closed ? 'closed' : send.isPending ? 'sending' : error ? 'failed' : 'idle';

  return (
    <form
      className={cx('gs-message-composer', className)}
      aria-label="Send a message"
      data-state={state}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field
        label="Message"
        error={error}
        disabled={closed}
        describedBy={closed ? closedId : undefined}
        hint={
          <span
            className="gs-message-composer__counter"
            data-state={text.length >= COUNTER_WARNING_AT ? 'near-limit' : 'idle'}
          >
            {text.length}/{MESSAGE_MAX_LENGTH}
          </span>
        }
      >
        {(control) => (
          <textarea
            {...control}
            ref={field}
            className="gs-control gs-message-composer__input"
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder={closed ? undefined : 'Write a message'}
            value={text}
            disabled={closed}
            // While it is sent the text stays as it is, so what clears is what was sent.
            readOnly={send.isPending}
            onChange={(event) => {
              setText(event.target.value.slice(0, MESSAGE_MAX_LENGTH));
              if (error) setError(null);
            }}
            onKeyDown={(event) => {
              // Ctrl+Enter (⌘+Enter) sends; Enter alone is a new line.
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void submit();
              }
            }}
          />
        )}
      </Field>
      {closed ? (
        <p id={closedId} className="gs-message-composer__closed">
          {closedReason}
        </p>
      ) : null}
      <div className="gs-message-composer__actions">
        <Button type="submit" disabled={closed} loading={send.isPending}>
          Send
        </Button>
      </div>
    </form>
  );
}
