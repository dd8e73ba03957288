import { api, handlesForbidden } from '@guestspot/shared-api';
import type {
  Booking,
  DataEnvelope,
  ExtraPaymentPayload,
  ExtraPaymentQuote,
  MAX_FEE_REASON as MaxFeeReason,
  MIN_SPECIAL_PRICE as MinSpecialPrice,
  PitchAnswerPayload,
  PitchFeePayload,
  PitchRecordingPayload,
} from './types';

// A pitch answered and paid (booking-management… §7: accept-pitch, update-pitch-fee,
// charge-extra-payment, video-pitch, audio-pitch; decision 115). Payloads and answers are the
// server's types (api/src/contract/bookings.ts); the server prices everything.

export type {
  ExtraPaymentPayload,
  ExtraPaymentQuote,
  PitchAnswer,
  PitchAnswerPayload,
  PitchFeePayload,
  PitchFeeType,
  PitchRecordingPayload,
} from './types';

/** The contract's values (they live with the server's schemas; the types pin them). */
export const MIN_SPECIAL_PRICE: typeof MinSpecialPrice = 500;
export const MAX_FEE_REASON: typeof MaxFeeReason = 300;

/** PATCH /bookings/{id}/accept-pitch: the invitee's answer (prices in cents). */
export async function answerPitch(id: number, payload: PitchAnswerPayload): Promise<Booking> {
  const answer = await api
    .patch(`bookings/${id}/accept-pitch`, { ...handlesForbidden, json: payload })
    .json<DataEnvelope<Booking>>();
  return answer.data;
}

/** PATCH /bookings/{id}/update-pitch-fee: the invitee asks for another fee, with a reason. */
export async function changePitchFee(id: number, payload: PitchFeePayload): Promise<Booking> {
  const answer = await api
    .patch(`bookings/${id}/update-pitch-fee`, { ...handlesForbidden, json: payload })
    .json<DataEnvelope<Booking>>();
  return answer.data;
}

/** GET /bookings/{id}/extra-payment-quote: the extra as it would be paid with that credit. */
export async function getExtraPaymentQuote(
  id: number,
  credit?: number,
): Promise<ExtraPaymentQuote> {
  const answer = await api
    .get(`bookings/${id}/extra-payment-quote`, {
      ...handlesForbidden,
      searchParams: credit === undefined ? {} : { guestspot_cash: credit },
    })
    .json<DataEnvelope<ExtraPaymentQuote>>();
  return answer.data;
}

/**
 * PATCH /bookings/{id}/charge-extra-payment. The key names one attempt: a retry after no
 * answer sends the same key and gets the same payment; after a refusal (a decline is 402 with
 * the provider's message) the caller starts a new key.
 */
export async function chargeExtraPayment(
  id: number,
  payload: ExtraPaymentPayload,
  idempotencyKey: string,
): Promise<Booking> {
  const answer = await api
    .patch(`bookings/${id}/charge-extra-payment`, {
      ...handlesForbidden,
      json: payload,
      headers: { 'Idempotency-Key': idempotencyKey },
      retry: 0,
    })
    .json<DataEnvelope<Booking>>();
  return answer.data;
}

/** POST /bookings/{id}/video-pitch or /audio-pitch: an uploaded recording (PRO only, 426). */
export async function sendPitchRecording(
  id: number,
  kind: 'video' | 'audio',
  payload: PitchRecordingPayload,
): Promise<Booking> {
  const answer = await api
    .post(`bookings/${id}/${kind}-pitch`, { ...handlesForbidden, json: payload })
    .json<DataEnvelope<Booking>>();
  return answer.data;
}
