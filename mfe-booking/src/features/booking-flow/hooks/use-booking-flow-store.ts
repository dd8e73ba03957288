import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { StepId } from '../lib/steps';
import type { ProfileSide } from '@guestspot/shared-api';

/** A pitch recording saved through the shared recorder. */
export interface PitchRecording {
  uuid: string;
  url: string;
  type: 'audio' | 'video';
}

/** What a step's server answer said: a message for the step, messages per field. */
export interface StepErrors {
  message?: string;
  fields: Record<string, string>;
}

/** Everything the booker has entered, kept across steps, reloads and Back. */
export interface BookingFlowValues {
  /** `${side}:${profileId}:${pitch|book}`: another profile or flow starts afresh */
  flowKey: string;
  /** sent as Idempotency-Key; one per draft, new only once the server refused it for good */
  idempotencyKey: string;
  bookerId: number | null;
  optionId: number | null;
  duration: number | null;
  /** UTC 'YYYY-MM-DD HH:mm:ss', oldest pick first */
  dates: string[];
  pitchText: string;
  pitchRecording: PitchRecording | null;
  /** the guest's MINIVIEW question → answer */
  miniviewAnswers: Record<string, string>;
  /** booking question id → answer */
  answers: Record<string, string>;
  upsellIds: number[];
  /** a saved payment method's id, 'new' for the card field, '' until chosen (the default card) */
  paymentChoice: string;
  saveCard: boolean;
  code: string;
  /** the code last checked and its verdict */
  checkedCode: {
    code: string;
    isValid: boolean;
    amount_off?: number | null;
    percent_off?: number | null;
  } | null;
  useCredit: boolean;
  guaranteedResponse: boolean;
  errors: Partial<Record<StepId, StepErrors>>;
}

/** The draft's key: one draft per booked profile and flow, a pitch or a booking. */
export function flowKeyOf(side: ProfileSide, profileId: number, isPitch: boolean): string {
  return `${side}:${profileId}:${isPitch ? 'pitch' : 'book'}`;
}

/** Whether the draft kept is a pitch of this profile (true) or a booking (false); null: none. */
export function keptIsPitch(
  values: BookingFlowValues | null,
  side: ProfileSide,
  profileId: number,
): boolean | null {
  if (values?.flowKey === flowKeyOf(side, profileId, true)) return true;
  if (values?.flowKey === flowKeyOf(side, profileId, false)) return false;
  return null;
}

export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto as Crypto | undefined;
  if (cryptoApi?.randomUUID) return cryptoApi.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random()
    .toString(36)
    .slice(2)}`;
}

export function emptyValues(flowKey: string): BookingFlowValues {
  return {
    flowKey,
    idempotencyKey: newIdempotencyKey(),
    bookerId: null,
    optionId: null,
    duration: null,
    dates: [],
    pitchText: '',
    pitchRecording: null,
    miniviewAnswers: {},
    answers: {},
    upsellIds: [],
    paymentChoice: '',
    saveCard: false,
    code: '',
    checkedCode: null,
    useCredit: false,
    guaranteedResponse: false,
    errors: {},
  };
}

interface BookingFlowState {
  values: BookingFlowValues | null;
  /** Starts `flowKey`'s values unless they are the ones kept. */
  ensure: (flowKey: string) => void;
  update: (patch: Partial<BookingFlowValues>) => void;
  setErrors: (errors: Partial<Record<StepId, StepErrors>>) => void;
  clearStepErrors: (step: StepId) => void;
  reset: () => void;
}

export const BOOKING_FLOW_STORAGE_KEY = 'guestspot:booking-flow';

/**
 * The booking flow's draft (conventions: zustand for it), per tab: the only one. What it is a
 * draft of comes from the route (decision 102, "The draft and the intent").
 */
export const useBookingFlowStore = create<BookingFlowState>()(
  persist(
    (set, get) => ({
      values: null,
      ensure: (flowKey) => {
        if (get().values?.flowKey !== flowKey) set({ values: emptyValues(flowKey) });
      },
      update: (patch) => {
        const values = get().values;
        if (values) set({ values: { ...values, ...patch } });
      },
      setErrors: (errors) => {
        const values = get().values;
        if (values) set({ values: { ...values, errors } });
      },
      clearStepErrors: (step) => {
        const values = get().values;
        if (!values?.errors[step]) return;
        const errors = { ...values.errors };
        delete errors[step];
        set({ values: { ...values, errors } });
      },
      reset: () => set({ values: null }),
    }),
    {
      name: BOOKING_FLOW_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ values: state.values }),
    },
  ),
);
