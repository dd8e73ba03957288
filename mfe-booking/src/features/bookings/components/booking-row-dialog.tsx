import { useCurrentUser } from '@guestspot/shared-api';
import { ErrorState, Modal, Spinner } from '@guestspot/shared-ui';
import { viewerTimezone } from '@guestspot/shared-ui/calendar-picker';
import type { ListAction } from '@guestspot/shared-api/booking-list';
import { useBooking } from '../../booking-page/hooks/use-booking';
import { ProposalPicker } from '../../booking-page/components/proposal-picker';
import { ReasonDialog } from '../../booking-page/components/reason-dialog';

/**
 * The list-level actions (spec §5): confirm one of the proposed dates, or reject with an
 * optional reason. They are the booking page's own forms (ProposalPicker, ReasonDialog) on the
 * booking as its page reads it, loaded when the dialog opens; this chunk loads with the first
 * click on a row's action.
 */
export function BookingRowDialog({
  bookingId,
  counterpart,
  action,
  onClose,
}: {
  bookingId: number;
  counterpart: string;
  action: ListAction;
  onClose: () => void;
}) {
  const booking = useBooking(bookingId);
  const zone = viewerTimezone(useCurrentUser()?.timezone);

  if (booking.data && action === 'reject') {
    return (
      <ReasonDialog booking={booking.data} kind="reject" reasonRequired={false} onClose={onClose} />
    );
  }
  return (
    <Modal
      open
      onClose={onClose}
      title={
        action === 'confirm'
          ? `Confirm a date with ${counterpart}`
          : `Reject ${counterpart}’s booking`
      }
      size="sm"
    >
      {booking.data ? (
        <ProposalPicker booking={booking.data} zone={zone} onConfirmed={onClose} />
      ) : booking.isError ? (
        <ErrorState
          title="The booking could not be loaded."
          onRetry={() => void booking.refetch()}
          retryLabel="Reload"
          retrying={booking.isFetching}
          titleAs="h3"
        />
      ) : (
        <div className="gs-booking-row-dialog__loading">
          <Spinner label="Loading the booking" />
        </div>
      )}
    </Modal>
  );
}
