import { lazy, Suspense } from 'react';
import type { BookingDetail } from '@guestspot/shared-api';
import { isCalendarAction, type DialogAction } from '../lib/booking-view';
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
  if (isCalendarAction(dialog)) {
    return <CalendarModal booking={booking} action={dialog} onClose={onClose} />;
  }
  return null;
}
