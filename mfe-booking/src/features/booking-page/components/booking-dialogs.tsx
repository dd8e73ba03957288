import { lazy, Suspense } from 'react';
import type { BookingDetail } from '@guestspot/shared-api';
import {
  isAfterInterviewAction,
  isCalendarAction,
  isPitchAction,
  type DialogAction,
} from '../lib/booking-view';
import { CalendarModal } from './calendar-modal';
import { ReasonDialog } from './reason-dialog';

/**
 * The scheduling link's form (Formik, 14 KiB gzip) loads when the viewer shows they mean to use
 * it (pointer over, focus, tap), not with every booking page.
 */
export const loadSchedulingLinkDialog = () => import('./scheduling-link-dialog');
const SchedulingLinkDialog = lazy(() =>
  loadSchedulingLinkDialog().then((module) => ({ default: module.SchedulingLinkDialog })),
);

// A pitch's answer, fee, payment and recording (decision 115): rare dialogs, each its own chunk.
const PitchAnswerDialog = lazy(() =>
  import('./pitch-answer-dialog').then((module) => ({ default: module.PitchAnswerDialog })),
);
const PitchFeeDialog = lazy(() =>
  import('./pitch-fee-dialog').then((module) => ({ default: module.PitchFeeDialog })),
);
const PitchPaymentDialog = lazy(() =>
  import('./pitch-payment-dialog').then((module) => ({ default: module.PitchPaymentDialog })),
);
// After the interview (decision 116): loads when opened.
const AfterInterviewDialog = lazy(() =>
  import('./after-interview-dialog').then((module) => ({ default: module.AfterInterviewDialog })),
);
const PitchRecordingDialog = lazy(() =>
  import('./pitch-recording-dialog').then((module) => ({ default: module.PitchRecordingDialog })),
);

/** The dialog an action opened: a reason (reject, cancel), a scheduling link, or the calendar. */
export function BookingDialogs({
  booking,
  dialog,
  onClose,
}: {
  booking: BookingDetail;
  dialog: Exclude<DialogAction, 'accept'> | null;
  onClose: () => void;
}) {
  if (!dialog) return null;
  if (dialog === 'reject' || dialog === 'cancel') {
    return <ReasonDialog booking={booking} kind={dialog} onClose={onClose} />;
  }
  if (dialog === 'scheduling-link') {
    return (
      <Suspense fallback={null}>
        <SchedulingLinkDialog booking={booking} onClose={onClose} />
      </Suspense>
    );
  }
  if (isPitchAction(dialog)) {
    return (
      <Suspense fallback={null}>
        {dialog === 'accept-pitch' ? (
          <PitchAnswerDialog booking={booking} onClose={onClose} />
        ) : dialog === 'update-pitch-fee' ? (
          <PitchFeeDialog booking={booking} onClose={onClose} />
        ) : dialog === 'charge-extra-payment' ? (
          <PitchPaymentDialog booking={booking} onClose={onClose} />
        ) : (
          <PitchRecordingDialog
            booking={booking}
            kind={dialog === 'video-pitch' ? 'video' : 'audio'}
            onClose={onClose}
          />
        )}
      </Suspense>
    );
  }
  if (isAfterInterviewAction(dialog)) {
    return (
      <Suspense fallback={null}>
        <AfterInterviewDialog booking={booking} action={dialog} onClose={onClose} />
      </Suspense>
    );
  }
  if (isCalendarAction(dialog)) {
    return <CalendarModal booking={booking} action={dialog} onClose={onClose} />;
  }
  return null;
}
