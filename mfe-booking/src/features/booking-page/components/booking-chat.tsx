import type { BookingDetail } from '@guestspot/shared-api';
import { MessageComposer } from '../../../components/message-composer';
import { sendingClosedReason } from '../../../lib/messages';
import { calendarActionOf, type DialogAction } from '../lib/booking-view';

/** The booking's state as far as sending is concerned (spec §4: canceled or expired closes it). */
export function chatClosedReason(
  booking: Pick<BookingDetail, 'status' | 'is_canceled' | 'is_expired'>,
): string | null {
  if (booking.is_canceled) return sendingClosedReason('canceled');
  if (booking.is_expired) return sendingClosedReason('expired');
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
