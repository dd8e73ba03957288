import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import {
  answerPitch,
  changePitchFee,
  chargeExtraPayment,
  getExtraPaymentQuote,
  sendPitchRecording,
  type ExtraPaymentPayload,
  type PitchAnswerPayload,
  type PitchFeePayload,
  type PitchRecordingPayload,
} from '@guestspot/shared-api/pitches';

// A pitch's answer, its fee, its extra payment and its recordings (decision 115). Each call is
// one of the booking's actions: keyed by the booking, so its other buttons wait meanwhile
// (useActingOnBooking), and settled either way, the booking and every list are read again.

function useBookingMutation<Input>(id: number, send: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: queryKeys.booking(id),
    mutationFn: send,
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.allBookings }),
  });
}

export const useAnswerPitch = (id: number) =>
  useBookingMutation(id, (payload: PitchAnswerPayload) => answerPitch(id, payload));

export const useChangePitchFee = (id: number) =>
  useBookingMutation(id, (payload: PitchFeePayload) => changePitchFee(id, payload));

export const useChargeExtraPayment = (id: number) =>
  useBookingMutation(id, ({ payload, key }: { payload: ExtraPaymentPayload; key: string }) =>
    chargeExtraPayment(id, payload, key),
  );

export const useSendPitchRecording = (id: number) =>
  useBookingMutation(
    id,
    ({ kind, payload }: { kind: 'video' | 'audio'; payload: PitchRecordingPayload }) =>
      sendPitchRecording(id, kind, payload),
  );

/** The extra as it would be paid with `credit` (null: none asked), priced by the server. */
export function useExtraPaymentQuote(id: number, credit: number) {
  return useQuery({
    queryKey: queryKeys.extraPaymentQuote(id, credit),
    queryFn: () => getExtraPaymentQuote(id, credit),
    placeholderData: (previous) => previous,
  });
}
