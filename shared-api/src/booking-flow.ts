import { api, isApiError } from '@guestspot/shared-api';
import type { DataEnvelope } from './types';

// The booking flow's calls (spec §7 Booking, Availability, GET /balance): a guest's free slots,
// a booking code lookup, the store credit, and the two creates. The server prices every booking;
// what the browser sends are choices, and amounts only where the server checks them.

/** One free start time of a guest, keyed by its local date in the asked timezone. */
export interface AvailabilitySlot {
  /** local date-time in the asked timezone, 'YYYY-MM-DD HH:mm:ss' */
  datetime: string;
  /** local date, 'YYYY-MM-DD' */
  date: string;
  /** the same instant in UTC, 'YYYY-MM-DD HH:mm:ss' */
  utc: string;
  status: 'available' | string;
}

/** GET /guests/{id}/availability/slots: the month's slots by local date 'YYYY-MM-DD'. */
export type AvailabilitySlots = Record<string, AvailabilitySlot[]>;

/** GET /guests/{id}/booking-codes/{code}; a 404 is `isValid: false`. */
export interface BookingCode {
  code: string;
  isValid: boolean;
  /** cents taken off the subtotal (decision 101) */
  amount_off?: number | null;
  /** percent taken off the subtotal (decision 101) */
  percent_off?: number | null;
}

/** GET /balance: cents. `available_balance` is the store credit a booking may use. */
export interface Balance {
  total_balance: number;
  available_balance: number;
}

/** One chosen option of the booking: the option and the price row of its duration. */
export interface BookingOptionChoice {
  booking_option_id: number;
  /** the profile's price row for the chosen duration; null when the server gave none */
  price_id: number | null;
}

/** The pitch: text, or a saved recording (PRO only). */
export interface BookingPitch {
  text: string | null;
  media_uuid: string | null;
  media_type: 'audio' | 'video' | null;
}

/** Fields both sides send (spec §7). Amounts in cents. */
export interface BookingPayloadBase {
  /** minutes; null for a pitch, which has no interview length */
  interview_duration: number | null;
  /** cents of store credit to use, capped at the total */
  store_credit_amount: number;
  /**
   * cents the payment step's quote said the card holds (its `cardAmount`); the server answers
   * 409 instead of holding another amount
   */
  card_amount?: number;
  questions: { question_id: number; answer: string }[];
  upsells: number[];
  /** a saved or just-confirmed payment method id; null when nothing is charged */
  payment_method: string | null;
  save_payment_method: boolean;
  booking_options: BookingOptionChoice[];
  pitch: BookingPitch | null;
  source: 'web';
  is_pitch: boolean;
  wants_guaranteed_response: boolean;
}

/** POST /guests/{id}/book: a show of the user books the guest. */
export interface GuestBookingPayload extends BookingPayloadBase {
  show_profile_id: number;
  /** 1 to 3 UTC times, 'YYYY-MM-DD HH:mm:ss' */
  proposed_dates: string[];
  code: string | null;
  miniview: { answers: { question: string; answer: string }[] } | null;
}

/** POST /shows/{id}/book: the user's guest profile books the show. */
export interface ShowBookingPayload extends BookingPayloadBase {
  guest_profile_id: number;
}

/** The created booking (the spec does not show it: the fields the success page reads). */
export interface CreatedBooking {
  id: number;
  status: string;
  /** cents the card was charged, when the server says */
  amount_charged?: number | null;
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** What GET /guests/{id}/availability/slots reads (decision 100). */
export interface AvailabilitySlotsQuery {
  /** 'YYYY-MM' in `timezone` */
  month: string;
  /** the viewer's IANA zone: slots are keyed and shown in it */
  timezone: string;
  /** interview minutes, one the guest offers; default the guest's shortest */
  duration?: number;
}

/** GET /guests/{id}/availability/slots: the guest's free starts in `month`, in the viewer's zone. */
export async function getAvailabilitySlots(
  guestId: number,
  asked: AvailabilitySlotsQuery,
): Promise<AvailabilitySlots> {
  const searchParams = { month: asked.month, timezone: asked.timezone };
  const withDuration = asked.duration
    ? { ...searchParams, duration: asked.duration }
    : searchParams;
  return (
    await api
      .get(`guests/${guestId}/availability/slots`, { searchParams: withDuration })
      .json<DataEnvelope<AvailabilitySlots>>()
  ).data;
}

/** A code the server does not know (404) is answered as invalid, not thrown (spec §5, §8). */
export async function checkBookingCode(guestId: number, code: string): Promise<BookingCode> {
  try {
    const body = await api
      .get(`guests/${guestId}/booking-codes/${encodeURIComponent(code)}`)
      .json<DataEnvelope<BookingCode>>();
    return body.data;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { code, isValid: false };
    throw error;
  }
}

export async function getBalance(): Promise<Balance> {
  return (await api.get('balance').json<DataEnvelope<Balance>>()).data;
}

/**
 * The same `idempotencyKey` for every try of one draft: a double click or a retry after a lost
 * answer gets the first booking back instead of a second one.
 */
export async function createGuestBooking(
  guestId: number,
  payload: GuestBookingPayload,
  idempotencyKey: string,
): Promise<CreatedBooking> {
  return (
    await api
      .post(`guests/${guestId}/book`, {
        json: payload,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        retry: 0,
      })
      .json<DataEnvelope<CreatedBooking>>()
  ).data;
}

export async function createShowBooking(
  showId: number,
  payload: ShowBookingPayload,
  idempotencyKey: string,
): Promise<CreatedBooking> {
  return (
    await api
      .post(`shows/${showId}/book`, {
        json: payload,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        retry: 0,
      })
      .json<DataEnvelope<CreatedBooking>>()
  ).data;
}
