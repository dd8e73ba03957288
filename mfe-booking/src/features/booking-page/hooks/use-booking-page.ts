import { useOutletContext } from 'react-router-dom';
import type { BookingDetail } from '@guestspot/shared-api';
import type { DialogAction } from '../lib/booking-view';

/** What the booking page hands its nested views (Activity, Application, MINIVIEW). */
export interface BookingPageContext {
  booking: BookingDetail;
  /** The viewer's IANA zone: every time on the page reads in it. */
  zone: string;
  /** Opens an action's dialog (Accept's confirm, Reject's reason, the calendar...). */
  openAction: (action: DialogAction) => void;
}

export function useBookingPage(): BookingPageContext {
  return useOutletContext<BookingPageContext>();
}
