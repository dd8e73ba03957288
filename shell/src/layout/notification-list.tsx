import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import {
  GENERIC_ERROR_MESSAGE,
  queryKeys,
  serverMessage,
  type Notification,
} from '@guestspot/shared-api';
import { updateNotification } from '@guestspot/shared-api/notifications';
import {
  answerAfterInterview,
  COMPLETED_ACTIONS,
  type CompletionAnswer,
} from '@guestspot/shared-api/booking-completion';
import { Button, ButtonLink, IconChevronDown, toast } from '@guestspot/shared-ui';
import './notifications-strip.css';

/**
 * The strip's landmark name. Not 'Notifications': that is the toasts' region (shared-ui
 * ToastHost), which pages and end-to-end tests find by that name.
 */
const STRIP_LABEL = 'Booking updates';

/** The other side of the booking, whose public page the notification links to (spec §2). */
function counterpartOf({ is_guest, show, guest }: Notification['data']) {
  if (is_guest) return show ? { name: show.name, path: `/shows/${show.id}` } : null;
  return guest ? { name: guest.name, path: `/guests/${guest.id}` } : null;
}

/** The layout's main element, which takes focus without being a tab stop. */
function focusPage() {
  document.getElementById('main')?.focus({ preventScroll: true });
}

/** Spec §8 "Scheduled confirmation fails" (a completion answer too, when no message came back). */
const ANSWER_FAILED = 'There was an error. Please try again later.';

interface ItemProps {
  notification: Notification;
  /** Marks it read (it leaves the strip at once), then runs `then`. */
  onRead: (then?: () => void) => void;
  /** Sends a question's answer (decision 116); once it succeeds, marks it read and runs `then`. */
  onAnswer: (action: CompletionAnswer, then?: () => void) => void;
}

function NotificationItem({ notification, onRead, onAnswer }: ItemProps) {
  const messageId = useId();
  const navigate = useNavigate();
  const { data } = notification;
  const bookingPath = `/bookings/${data.booking_id}`;
  const counterpart = counterpartOf(data);
  const about = { 'aria-describedby': messageId, size: 'sm' } as const;

  // The two completion questions (decision 116): each button sends its answer; once it is taken
  // the notification is read, and Reschedule and Cancel Booking open the booking's Activity.
  const toBooking = () => navigate(bookingPath);
  let actions: ReactNode;
  if (notification.type === 'confirm_completed_booking') {
    actions = (
      <>
        <Button {...about} onClick={() => onAnswer(COMPLETED_ACTIONS.confirm)}>
          It Happened
        </Button>
        <Button
          {...about}
          variant="secondary"
          onClick={() => onAnswer(COMPLETED_ACTIONS.reschedule, toBooking)}
        >
          Reschedule
        </Button>
        <Button
          {...about}
          variant="secondary"
          onClick={() => onAnswer(COMPLETED_ACTIONS.cancel, toBooking)}
        >
          Cancel Booking
        </Button>
      </>
    );
  } else if (notification.type === 'confirm_scheduled_booking') {
    actions = (
      <>
        <Button {...about} onClick={() => onAnswer('confirm-scheduled')}>
          Yes
        </Button>
        <Button
          {...about}
          variant="secondary"
          onClick={() => onAnswer('confirm-not-scheduled-yet')}
        >
          No
        </Button>
      </>
    );
  } else {
    actions = (
      <>
        <ButtonLink {...about} variant="secondary" to={bookingPath}>
          View booking
        </ButtonLink>
        <Button {...about} variant="ghost" onClick={() => onRead()}>
          Dismiss
        </Button>
      </>
    );
  }

  return (
    <li className="gs-notification" data-type={notification.type} tabIndex={-1}>
      <div className="gs-notification__text">
        {counterpart ? (
          <ButtonLink size="sm" variant="link" to={counterpart.path}>
            {counterpart.name}
          </ButtonLink>
        ) : null}
        <p className="gs-notification__message" id={messageId}>
          {data.message}
        </p>
      </div>
      <div className="gs-notification__actions">{actions}</div>
    </li>
  );
}

/**
 * The strip's notifications, newest first: the newest shown, the others behind 'and N more'.
 * Marking one read is optimistic: the gate (notifications-strip.tsx) leaves out the ones whose
 * PATCH is pending, so a failure brings it back by itself, with an error toast.
 */
export function NotificationList({ notifications }: { notifications: Notification[] }) {
  const client = useQueryClient();
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const [expanded, setExpanded] = useState(false);
  /** Focus was in a notification that is leaving: where it goes once it has left. */
  const [refocus, setRefocus] = useState<{ leaving: number; index: number } | null>(null);

  const markRead = useMutation({
    mutationKey: queryKeys.notifications,
    mutationFn: (id: number) => updateNotification(id, { read: true }),
    onSuccess: (_read, id) =>
      client.setQueryData<Notification[]>(queryKeys.notifications, (old) =>
        old?.filter((notification) => notification.id !== id),
      ),
    onError: (error) => toast.error(serverMessage(error, GENERIC_ERROR_MESSAGE)),
    onSettled: () => void client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });

  useEffect(() => {
    if (!refocus || notifications.some(({ id }) => id === refocus.leaving)) return;
    const items = list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
    const next = items[Math.min(refocus.index, items.length - 1)];
    if (next) next.focus({ preventScroll: true });
    else focusPage();
    setRefocus(null);
  }, [notifications, refocus]);

  const read = (notification: Notification, index: number, then?: () => void) => {
    if (list.current?.contains(document.activeElement)) {
      // Off to the booking, or the last one leaving with the strip: focus goes on to the page.
      if (then || notifications.length === 1) focusPage();
      else setRefocus({ leaving: notification.id, index });
    }
    markRead.mutate(notification.id);
    then?.();
  };

  const answer = useMutation({
    mutationFn: ({ bookingId, action }: { bookingId: number; action: CompletionAnswer }) =>
      answerAfterInterview(bookingId, action),
    onError: (error) => toast.error(serverMessage(error, ANSWER_FAILED)),
  });

  /** The server's words: thanks as a success, a reschedule or cancel as information (§8). */
  const answered = (action: CompletionAnswer, message: string) =>
    action === COMPLETED_ACTIONS.reschedule || action === COMPLETED_ACTIONS.cancel
      ? toast.info(message)
      : toast.success(message);

  const more = notifications.length - 1;
  const shown = expanded ? notifications : notifications.slice(0, 1);
  return (
    <section className="gs-notifications" aria-label={STRIP_LABEL}>
      <div className="gs-notifications__inner">
        <ul id={listId} ref={list} className="gs-notifications__list">
          {shown.map((notification, index) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              onRead={(then) => read(notification, index, then)}
              onAnswer={(action, then) =>
                answer.mutate(
                  { bookingId: notification.data.booking_id, action },
                  {
                    onSuccess: (message) => {
                      answered(action, message);
                      read(notification, index, then);
                    },
                  },
                )
              }
            />
          ))}
        </ul>
        {more > 0 ? (
          <Button
            variant="link"
            size="sm"
            className="gs-notifications__more"
            aria-expanded={expanded}
            aria-controls={listId}
            trailingIcon={<IconChevronDown />}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded ? 'Show fewer' : `and ${more} more`}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
