import { api } from '@guestspot/shared-api';
import type {
  BookingOptionSummary,
  BookingPrice,
  BookingType,
  Coupon,
  DataEnvelope,
  GuestBookingQuotePayload,
  ShowBookingQuotePayload,
} from './types';

// The money around a booking (issue 17, decision 101) not already in booking-flow.ts (which has
// checkBookingCode and getBalance): the quote, the booking options and types, referral coupons.
// The payloads and answers are the server's own types (api/src/contract/booking-money.ts,
// derived from the schemas its routes declare, decision 109).

export type {
  BookingOptionSummary,
  BookingPrice,
  BookingPriceLine,
  BookingQuotePayload,
  BookingType,
  GuestBookingQuotePayload,
  ShowBookingQuotePayload,
} from './types';

/** What booking `profileId` (a guest: 'guest', a show: 'show') would cost; 422 for a bad choice. */
export async function quoteBooking(
  kind: 'guest',
  profileId: number,
  payload: GuestBookingQuotePayload,
): Promise<BookingPrice>;
export async function quoteBooking(
  kind: 'show',
  profileId: number,
  payload: ShowBookingQuotePayload,
): Promise<BookingPrice>;
export async function quoteBooking(
  kind: 'guest' | 'show',
  profileId: number,
  payload: GuestBookingQuotePayload | ShowBookingQuotePayload,
): Promise<BookingPrice> {
  const path = `${kind === 'guest' ? 'guests' : 'shows'}/${profileId}/booking-quote`;
  return (await api.post(path, { json: payload }).json<DataEnvelope<BookingPrice>>()).data;
}

export async function getBookingOptions(): Promise<BookingOptionSummary[]> {
  return (await api.get('booking-options').json<DataEnvelope<BookingOptionSummary[]>>()).data;
}

export async function getBookingType(): Promise<BookingType[]> {
  return (await api.get('booking-type').json<DataEnvelope<BookingType[]>>()).data;
}

/** The Pro coupons offered to a user who signed up through a referral link (else none). */
export async function getReferrerCoupons(): Promise<Coupon[]> {
  return (await api.get('referrer-coupons').json<DataEnvelope<Coupon[]>>()).data;
}
