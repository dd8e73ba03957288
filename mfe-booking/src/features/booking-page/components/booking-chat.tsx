import type { BookingDetail } from '@guestspot/shared-api';
import { MessageComposer } from '../../../components/message-composer';
import { sendingClosedReason } from '../../../lib/messages';
import { calendarActionOf, type DialogAction } from '../lib/booking-view';

/**
 * The booking's state as far as sending is concerned (spec §4: canceled or expired closes it).
 * A request past its deadline is expired already, as the server counts it, though the minute's
 * sweep may not have marked it yet.
 */
export function chatClosedReason(
  booking: Pick<BookingDetail, 'status' | 'is_canceled' | 'is_expired' | 'expires_at'>,
): string | null {
  if (booking.is_canceled) return sendingClosedReason('canceled');
  const overdue =
    booking.status === 'pending' &&
    booking.expires_at !== null &&
    Date.parse(booking.expires_at) <= Date.now();
  if (booking.is_expired || overdue) return sendingClosedReason('expired');
  return sendingClosedReason(booking.status);
}

/**
 * The composer under the Activity feed. A Yes to the schedule-link question opens the calendar
 * dialog the viewer may open now (propose, re-schedule or change the date), if any.
 */
export function BookingChat({
  booking,
  openAction,
}: {
  booking: BookingDetail;
  openAction: (action: DialogAction) => void;
}) {
  const calendar = calendarActionOf(booking);
  return (
    <MessageComposer
      bookingId={booking.id}
      closedReason={chatClosedReason(booking)}
      onScheduleLink={calendar ? () => openAction(calendar) : undefined}
      className="gs-booking-chat"
    />
  );
}
