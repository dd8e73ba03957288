import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import { queryKeys, serverMessage } from '@guestspot/shared-api';
import {
  answerAfterInterview,
  COMPLETED_ACTIONS,
  type CompletionAnswer,
} from '@guestspot/shared-api/booking-completion';
import { Spinner, toast } from '@guestspot/shared-ui';

// The pages that answer a question after the interview on load (booking-management… §2
// "Completed-action page", the route table; decision 116): /bookings/{id}/completed-action/
// {confirm,reschedule,cancel} runs the answer, then goes to the bookings list (an unknown action
// goes there at once); /bookings/{id}/confirm-scheduled and /confirm-happened run theirs and
// open the booking. The emails' links land here.

/** Spec §8 "Completed-action fails" when no message came back. */
export const ACTION_FAILED = 'Your action did not complete.';

const COMPLETED: Record<string, CompletionAnswer> = COMPLETED_ACTIONS;

/** The message as a toast: thanks as a success, a reschedule or cancel as information (§8). */
function announce(action: CompletionAnswer, message: string) {
  if (action === COMPLETED_ACTIONS.reschedule || action === COMPLETED_ACTIONS.cancel) {
    toast.info(message);
  } else {
    toast.success(message);
  }
}

/** Runs `action` once (a re-render or Strict Mode's second effect does not send it again). */
function useAnswerOnLoad(action: CompletionAnswer | null, done: () => void) {
  const client = useQueryClient();
  const { bookingId } = useParams();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const id = Number(bookingId);
    if (!action || !Number.isInteger(id) || id <= 0) {
      done();
      return;
    }
    answerAfterInterview(id, action)
      .then((message) => announce(action, message))
      .catch((error: unknown) => toast.error(serverMessage(error, ACTION_FAILED)))
      .finally(() => {
        void client.invalidateQueries({ queryKey: queryKeys.notifications });
        done();
      });
  }, [action, bookingId, client, done]);
}

function Working() {
  return (
    <div className="gs-page">
      <Spinner label="Saving your answer…" />
    </div>
  );
}

/** /bookings/{id}/completed-action/{action}: runs it, then the bookings list. */
export function CompletedActionPage() {
  const navigate = useNavigate();
  const { action = '' } = useParams();
  const known = Object.hasOwn(COMPLETED, action) ? (COMPLETED[action] ?? null) : null;
  useAnswerOnLoad(known, () => navigate('/bookings', { replace: true }));
  return <Working />;
}

/** /bookings/{id}/confirm-scheduled and /confirm-happened: runs it, then the booking. */
export function ScheduledAnswerPage({
  action,
}: {
  action: 'confirm-scheduled' | 'confirm-happened';
}) {
  const navigate = useNavigate();
  const { bookingId } = useParams();
  useAnswerOnLoad(action, () => navigate(`/bookings/${bookingId}`, { replace: true }));
  return <Working />;
}
