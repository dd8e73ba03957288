import { api } from '@guestspot/shared-api';
import type { Coupon, DataEnvelope } from './types';

// The money around a booking (issue 17, decision 101) not already in booking-flow.ts (which has
// checkBookingCode and getBalance): the quote, the booking options and types, referral coupons.

/** One line of a quote: the option, an upsell or (a guest booking a show) the service fee. */
export interface BookingPriceLine {
  kind: 'option' | 'upsell' | 'service-fee';
  label: string;
  /** cents */
  amount: number;
}

/** POST …/booking-quote: the server's price of a booking, every amount in cents. */
export interface BookingPrice {
  lines: BookingPriceLine[];
  /** option + upsells */
  subtotal: number;
  codeDiscount: number;
  /** subtotal − code discount (+ the service fee when a guest books a show) */
  total: number;
  creditApplied: number;
  /** charged to the card: 0 or at least 50 */
  cardAmount: number;
  /** added to the card only when the whole total is under 50 cents */
  minimumChargeTopUp: number;
  requiresCard: boolean;
}

/** The choices that change a booking's price; the booker's own profile goes with them. */
export interface BookingQuotePayload {
  booking_option_id: number;
  /** minutes; null for a pitch */
  interview_duration: number | null;
  upsells: number[];
  code?: string | null;
  /** cents of store credit to use; absent: as much as is available */
  store_credit_amount?: number;
}

export type GuestBookingQuotePayload = BookingQuotePayload & { show_profile_id: number };
export type ShowBookingQuotePayload = BookingQuotePayload & { guest_profile_id: number };

/** GET /booking-options */
export interface BookingOptionSummary {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  icon_url: string | null;
}

/** GET /booking-type */
export interface BookingType {
  type: 'normal' | 'pitch';
  name: string;
  is_pitch: boolean;
}

/** GET /balance in full (cents, except guestspot_cash in dollars); see booking-flow's Balance. */
export interface BalanceDetails {
  total_balance: number;
  available_balance: number;
  guestspot_cash: number;
  /** days until the soonest part of the store credit expires */
  guestspot_cash_expiration: number;
  raw: { guestspot_cash: number };
}

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
