import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { GENERIC_ERROR_MESSAGE, isApiError, type ApiError, queryKeys } from '@guestspot/shared-api';
import {
  createGuestBooking,
  createShowBooking,
  type BookingPayloadBase,
} from '@guestspot/shared-api/booking-flow';
import { STEP_ORDER, stepOfField, stepPath, type StepId } from '../lib/steps';
import { FLOW_MOVE, type BookingFlow } from './use-booking-flow';
import { newIdempotencyKey, useBookingFlowStore, type StepErrors } from './use-booking-flow-store';
import { useBookableOptions, useUpsellPackages } from './use-booking-pricing';

export const BOOKING_SUCCESS_PATH = '/booking/success';

export interface SubmitPayment {
  paymentMethod: string | null;
  saveCard: boolean;
  /** cents of store credit used: what the quote on screen applied */
  storeCredit: number;
  /**
   * cents held on the card: what the quote on screen said (0 when no card is needed); absent
   * when no quote was shown (no payment step), so the server has nothing to compare
   */
  cardAmount?: number;
}

/** What failed, for the step the booker is on; nothing when the flow moved elsewhere. */
export type SubmitResult = { ok: true } | { ok: false; message: string | null };

/**
 * Sends the booking once. The draft's Idempotency-Key goes with every try, so a double click or
 * a retry after a lost answer cannot book twice; it is renewed only when the server refused the
 * booking for good (4xx), since the next try is then a different request.
 */
export function useSubmitBooking(flow: BookingFlow) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { options, pitchOption } = useBookableOptions(flow.side, flow.profileId);
  const upsells = useUpsellPackages(flow.side, flow.profileId);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  // Choices only: the server prices them, and compares the card amount the quote showed.
  const bookingOptions = (): BookingPayloadBase['booking_options'] => {
    if (flow.isPitch) {
      return pitchOption ? [{ booking_option_id: pitchOption.id, price_id: null }] : [];
    }
    const option = options.find((candidate) => candidate.id === flow.values.optionId);
    const price = option?.durations.find((row) => row.duration === flow.values.duration);
    return option && price ? [{ booking_option_id: option.id, price_id: price.priceId }] : [];
  };

  const submit = async (payment: SubmitPayment): Promise<SubmitResult> => {
    if (inFlight.current) return { ok: false, message: null };
    inFlight.current = true;
    setSubmitting(true);
    const { values } = flow;
    const known = new Set((upsells.data ?? []).map((item) => item.id));
    const base: BookingPayloadBase = {
      interview_duration: flow.isPitch ? null : values.duration,
      store_credit_amount: payment.storeCredit,
      card_amount: payment.cardAmount,
      questions: Object.entries(values.answers)
        .filter(([, answer]) => answer.trim() !== '')
        .map(([id, answer]) => ({ question_id: Number(id), answer: answer.trim() })),
      upsells: values.upsellIds.filter((id) => known.has(id)),
      payment_method: payment.paymentMethod,
      save_payment_method: payment.saveCard,
      booking_options: bookingOptions(),
      pitch:
        values.pitchText.trim() !== '' || values.pitchRecording
          ? {
              text: values.pitchText.trim() || null,
              media_uuid: values.pitchRecording?.uuid ?? null,
              media_type: values.pitchRecording?.type ?? null,
            }
          : null,
      source: 'web',
      is_pitch: flow.isPitch,
      wants_guaranteed_response: values.guaranteedResponse,
    };
    try {
      const booking =
        flow.side === 'guest'
          ? await createGuestBooking(
              flow.profileId,
              {
                ...base,
                show_profile_id: flow.bookerId ?? 0,
                proposed_dates: values.dates,
                code: values.checkedCode?.isValid ? values.checkedCode.code : null,
                miniview: Object.values(values.miniviewAnswers).some((answer) => answer.trim())
                  ? {
                      answers: Object.entries(values.miniviewAnswers)
                        .filter(([, answer]) => answer.trim() !== '')
                        .map(([question, answer]) => ({ question, answer: answer.trim() })),
                    }
                  : null,
              },
              values.idempotencyKey,
            )
          : await createShowBooking(
              flow.profileId,
              { ...base, guest_profile_id: flow.bookerId ?? 0 },
              values.idempotencyKey,
            );
      useBookingFlowStore.getState().reset();
      void queryClient.invalidateQueries({ queryKey: queryKeys.allBookings });
      void queryClient.invalidateQueries({ queryKey: queryKeys.balance });
      void navigate(`${BOOKING_SUCCESS_PATH}?booking=${booking.id}`);
      return { ok: true };
    } catch (error) {
      return await handleFailure(error, values.dates);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  /** `sentDates`: the proposed_dates sent, whose indexes the field errors name. */
  const handleFailure = async (error: unknown, sentDates: string[]): Promise<SubmitResult> => {
    const store = useBookingFlowStore.getState();
    if (!isApiError(error)) return { ok: false, message: GENERIC_ERROR_MESSAGE };
    // No answer, or the server failed: the same key, so a retry finds a booking made meanwhile.
    if (error.status === 0 || error.status >= 500) return { ok: false, message: error.message };
    store.update({ idempotencyKey: newIdempotencyKey() });
    const taken = flow.side === 'guest' ? refusedProposals(error) : null;
    if (taken) {
      // Proposed times confirmed for another booking meanwhile, or no longer free: only those
      // are picked again.
      store.update({
        dates: taken === 'all' ? [] : sentDates.filter((_, index) => !taken.has(index)),
      });
      store.setErrors({ dates: { message: error.message, fields: {} } });
      void queryClient.invalidateQueries({ queryKey: queryKeys.allAvailabilitySlots });
      flow.goTo('dates');
      return { ok: false, message: null };
    }
    if (error.status === 409) {
      // The booking as quoted no longer stands (the store credit was spent meanwhile, the price
      // moved, the profile paused...): the booker stays here and pays again with fresh figures,
      // which are on screen before the message. The empty choices match every quote of the
      // profile (query keys match objects partially).
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: queryKeys.bookingQuote(flow.side, flow.profileId, {}),
        }),
        queryClient.invalidateQueries({ queryKey: queryKeys.balance }),
      ]);
      return { ok: false, message: error.message };
    }
    if (error.status === 422 && Object.keys(error.fieldErrors).length > 0) {
      const byStep: Partial<Record<StepId, StepErrors>> = {};
      for (const [field, messages] of Object.entries(error.fieldErrors)) {
        const step = stepOfField(field);
        const entry = (byStep[step] ??= { fields: {} });
        if (messages[0]) entry.fields[field] = messages[0];
      }
      store.setErrors(byStep);
      const first = STEP_ORDER[flow.side].find(
        (step) => byStep[step] && (flow.steps ?? []).includes(step),
      );
      if (first && first !== 'payment') {
        void navigate(stepPath(flow.side, flow.profileId, first), { state: FLOW_MOVE });
        return { ok: false, message: null };
      }
    }
    return { ok: false, message: error.message };
  };

  return { submit, submitting };
}

/**
 * The proposed_dates indexes the server refused: a 409 naming taken times (`proposed_dates.1`;
 * 'all' when it names the field without an index), or a 422 naming only proposals (no longer
 * free, or passed). Null for anything else (a paused profile, changed credit, other fields...).
 */
function refusedProposals(error: ApiError): Set<number> | 'all' | null {
  const fields = Object.keys(error.fieldErrors);
  const keys = fields.filter((key) => key.startsWith('proposed_dates'));
  if (keys.length === 0) return null;
  if (error.status === 422 && keys.length !== fields.length) return null;
  if (error.status !== 409 && error.status !== 422) return null;
  const indexes = new Set<number>();
  for (const key of keys) {
    const match = /^proposed_dates\.(\d+)$/.exec(key);
    if (!match) return error.status === 409 ? 'all' : null;
    indexes.add(Number(match[1]));
  }
  return indexes;
}
