import { useState } from 'react';
import { formatMoney, confirm, openSubscribeDialog, toast } from '@guestspot/shared-ui';
import { useCurrentUser, type BookingDetail } from '@guestspot/shared-api';
import type { DialogAction } from '../lib/booking-view';
import { useActOnBooking } from './use-booking';

/**
 * The page's one open dialog. Accept is shared-ui's confirm(); the others are the page's own
 * dialogs (BookingDialogs), whichever button or feed entry opened them.
 */
export function useBookingDialogs(booking: BookingDetail) {
  const [dialog, setDialog] = useState<Exclude<DialogAction, 'accept'> | null>(null);
  const act = useActOnBooking(booking.id);
  const isPro = useCurrentUser()?.account_type === 'pro';

  const accept = async () => {
    const hold = booking.payment.card;
    const accepted = await confirm({
      title: 'Accept this booking?',
      message: hold
        ? `The card hold of ${formatMoney(hold.amount)} is captured and ${booking.counterpart.name} is told. You then agree on the interview's date.`
        : `${booking.counterpart.name} is told, and you then agree on the interview's date.`,
      confirmLabel: 'Accept',
      confirmingLabel: 'Accepting',
      onConfirm: () => act.mutateAsync({ action: 'accept' }),
    });
    if (accepted) toast.success('The booking was accepted.');
  };

  const openAction = (action: DialogAction) => {
    if (action === 'accept') void accept();
    // Recordings are PRO: others are offered the upgrade first (spec §6), then the recorder.
    else if ((action === 'video-pitch' || action === 'audio-pitch') && !isPro) {
      openSubscribeDialog({ onSubscribed: () => setDialog(action) });
    } else setDialog(action);
  };

  return { dialog, openAction, closeDialog: () => setDialog(null) };
}
