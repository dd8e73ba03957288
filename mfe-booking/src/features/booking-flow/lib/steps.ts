import type { BookingFlowPreferences } from '@guestspot/shared-api';
import type { ProfileSide } from '@guestspot/shared-api';

/** Which profile is being booked: a guest (by one of my shows) or a show (by my guest profile). */

/** The booking flow's steps; `base` chooses which of my profiles books, `dates` the times. */
export type StepId =
  | 'base'
  | 'options'
  | 'dates'
  | 'pitch'
  | 'miniview-questions'
  | 'questions'
  | 'upsells'
  | 'payment';

/** Spec §2.7 order; proposed dates sit after options on the guest side only. */
export const STEP_ORDER: Record<ProfileSide, StepId[]> = {
  guest: [
    'base',
    'options',
    'dates',
    'pitch',
    'miniview-questions',
    'questions',
    'upsells',
    'payment',
  ],
  show: ['base', 'options', 'pitch', 'questions', 'upsells', 'payment'],
};

export const STEP_TITLES: Record<StepId, string> = {
  base: 'Who is booking',
  options: 'Booking option',
  dates: 'Proposed dates',
  pitch: 'Your pitch',
  'miniview-questions': 'MINIVIEW questions',
  questions: 'Questions',
  upsells: 'Add-ons',
  payment: 'Payment',
};

/** Spec §2.7: pitch and payment are on until the profile switches them off. */
const DEFAULT_PREFERENCES: BookingFlowPreferences = {
  pitch: true,
  'miniview-questions': false,
  questions: false,
  upsells: false,
  payment: true,
};

export interface StepContext {
  /** how many profiles of mine could book (the choose step only when more than one) */
  bookerChoices: number;
  /** a pitch (from the Pitch button): its own option and price, no option or dates to choose */
  isPitch: boolean;
}

/** The steps a booker goes through, in order: Next and Previous move only among these. */
export function enabledSteps(
  side: ProfileSide,
  preferences: BookingFlowPreferences | undefined,
  { bookerChoices, isPitch }: StepContext,
): StepId[] {
  const prefs = { ...DEFAULT_PREFERENCES, ...preferences };
  const on: Record<StepId, boolean> = {
    base: bookerChoices > 1,
    options: !isPitch,
    dates: !isPitch,
    pitch: isPitch || prefs.pitch,
    'miniview-questions': prefs['miniview-questions'] === true,
    questions: prefs.questions,
    upsells: prefs.upsells,
    payment: prefs.payment,
  };
  return STEP_ORDER[side].filter((step) => on[step]);
}

/**
 * Whether the booker is pitching rather than booking: the route says it (decision 102, "The
 * draft and the intent"). Entering the flow (the marketplace's Book and Pitch, a link, the
 * redirect after signing in), /pitch starts a pitch and the base route a booking; /options is
 * never a pitch's. Anywhere else, and on the flow's own moves (a booking's optional pitch step
 * is /pitch too), the draft kept for this profile goes on; with none, the route decides.
 */
export function intendsPitch(
  step: StepId,
  { keptIsPitch, flowMove }: { keptIsPitch: boolean | null; flowMove: boolean },
): boolean {
  if (step === 'options') return false;
  if (!flowMove && (step === 'pitch' || step === 'base')) return step === 'pitch';
  return keptIsPitch ?? step === 'pitch';
}

export function stepPath(side: ProfileSide, profileId: number, step: StepId): string {
  const base = `/${side}s/${profileId}/book`;
  return step === 'base' ? base : `${base}/${step}`;
}

/** The neighbour of `step` among `steps`; a disabled step reached by URL goes to its next one. */
export function neighbourStep(
  side: ProfileSide,
  steps: StepId[],
  step: StepId,
  direction: 1 | -1,
): StepId | null {
  const index = steps.indexOf(step);
  if (index >= 0) return steps[index + direction] ?? null;
  const order = STEP_ORDER[side];
  const at = order.indexOf(step);
  const candidates = direction === 1 ? order.slice(at + 1) : order.slice(0, at).reverse();
  return candidates.find((candidate) => steps.includes(candidate)) ?? null;
}

/** Which step a server field error belongs to (a 422 names `proposed_dates.0`, `pitch.text`...). */
export function stepOfField(field: string): StepId {
  const root = field.split('.')[0] ?? field;
  switch (root) {
    case 'show_profile_id':
    case 'guest_profile_id':
      return 'base';
    case 'booking_options':
    case 'interview_duration':
      return 'options';
    case 'proposed_dates':
      return 'dates';
    case 'pitch':
      return 'pitch';
    case 'miniview':
      return 'miniview-questions';
    case 'questions':
      return 'questions';
    case 'upsells':
      return 'upsells';
    default:
      return 'payment';
  }
}
