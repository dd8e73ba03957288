import { api, isApiError } from '@guestspot/shared-api';
import type {
  AvailabilitySlots,
  AvailabilitySlotsQuery,
  Balance,
  Booking,
  BookingCode,
  DataEnvelope,
  GuestBookingPayload,
  ShowBookingPayload,
} from './types';

// The booking flow's calls (spec §7 Booking, Availability, GET /balance): a guest's free slots,
// a booking code lookup, the store credit, and the two creates. The server prices every booking;
// what the browser sends are choices, and amounts only where the server checks them. The
// payloads and answers are the server's own types (api/src/contract/, derived from the schemas
// its routes declare, decision 109).

export type {
  AvailabilitySlot,
  AvailabilitySlots,
  AvailabilitySlotsQuery,
  Balance,
  BookingCode,
  BookingOptionChoice,
  BookingPayloadBase,
  BookingPitch,
  GuestBookingPayload,
  ShowBookingPayload,
} from './types';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

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
    if (isApiError(error) && error.status === 404) {
      return { code, isValid: false, percent_off: null, amount_off: null };
    }
    throw error;
  }
}

export async function getBalance(): Promise<Balance> {
  return (await api.get('balance').json<DataEnvelope<Balance>>()).data;
}

/**
 * Answers the booking made, as GET /bookings lists it. The same `idempotencyKey` for every try
 * of one draft: a double click or a retry after a lost answer gets the first booking back
 * instead of a second one.
 */
export async function createGuestBooking(
  guestId: number,
  payload: GuestBookingPayload,
  idempotencyKey: string,
): Promise<Booking> {
  return (
    await api
      .post(`guests/${guestId}/book`, {
        json: payload,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        retry: 0,
      })
      .json<DataEnvelope<Booking>>()
  ).data;
}

export async function createShowBooking(
  showId: number,
  payload: ShowBookingPayload,
  idempotencyKey: string,
): Promise<Booking> {
  return (
    await api
      .post(`shows/${showId}/book`, {
        json: payload,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
        retry: 0,
      })
      .json<DataEnvelope<Booking>>()
  ).data;
}
