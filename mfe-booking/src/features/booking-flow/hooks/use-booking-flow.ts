import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, useCurrentUser, type ProfileSummary } from '@guestspot/shared-api';
import { getBookingFlowPreferences } from '@guestspot/shared-api/booking-flow-preferences';
import { enabledSteps, intendsPitch, neighbourStep, stepPath, type StepId } from '../lib/steps';
import {
  emptyValues,
  flowKeyOf,
  keptIsPitch,
  useBookingFlowStore,
  type BookingFlowValues,
} from './use-booking-flow-store';
import type { ProfileSide } from '@guestspot/shared-api';

export interface BookingFlow {
  side: ProfileSide;
  profileId: number;
  isPitch: boolean;
  /** my profiles that may book this one: my shows for a guest, my guest profile for a show */
  bookers: ProfileSummary[];
  bookerId: number | null;
  values: BookingFlowValues;
  update: (patch: Partial<BookingFlowValues>) => void;
  /** null while the profile's flow preferences load */
  steps: StepId[] | null;
  preferencesError: boolean;
  goTo: (step: StepId) => void;
  next: () => void;
  previous: () => void;
  hasNext: boolean;
  hasPrevious: boolean;
}

/**
 * The history state of the flow's own moves (Next, Previous, a skipped step, a refused booking
 * sent back to a step): they go on with the draft, where entering the flow says what it is. It
 * stays with its history entry, so a reload or Back is still a move of the flow.
 */
export const FLOW_MOVE = { bookingFlowMove: true } as const;

function isFlowMove(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'bookingFlowMove' in state;
}

/** The booking route's side and profile: /guests/:guestId/book/* or /shows/:showId/book/*. */
export function useBookingRoute(): { side: ProfileSide; profileId: number } {
  const { guestId, showId } = useParams();
  return guestId !== undefined
    ? { side: 'guest', profileId: Number(guestId) }
    : { side: 'show', profileId: Number(showId) };
}

/**
 * The flow as `step` sees it: the values entered so far (kept in the persisted draft), the
 * enabled steps from the profile's flow preferences, and moves among them only.
 */
export function useBookingFlow(step: StepId): BookingFlow {
  const { side, profileId } = useBookingRoute();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  const stored = useBookingFlowStore((state) => state.values);
  // Spec §2.1: pitch routes carry is_pitch. Nothing else tells the flow what it is: no price
  // either, which only the server's quote says.
  const isPitch = intendsPitch(step, {
    keptIsPitch: keptIsPitch(stored, side, profileId),
    flowMove: isFlowMove(location.state),
  });

  const flowKey = flowKeyOf(side, profileId, isPitch);
  const ensure = useBookingFlowStore((state) => state.ensure);
  const update = useBookingFlowStore((state) => state.update);
  useEffect(() => ensure(flowKey), [ensure, flowKey]);
  const fallback = useMemo(() => emptyValues(flowKey), [flowKey]);
  const values = stored?.flowKey === flowKey ? stored : fallback;

  const bookers = useMemo<ProfileSummary[]>(() => {
    if (!user) return [];
    if (side === 'guest') return user.shows;
    return user.guest ? [user.guest] : [];
  }, [user, side]);
  const bookerId =
    values.bookerId !== null && bookers.some((booker) => booker.id === values.bookerId)
      ? values.bookerId
      : bookers.length === 1
        ? (bookers[0]?.id ?? null)
        : null;

  const preferences = useQuery({
    queryKey: queryKeys.bookingFlowPreferences(side, profileId),
    queryFn: () => getBookingFlowPreferences(side, profileId),
  });
  // Without the profile's preferences the spec's defaults apply rather than a dead end.
  const settled = preferences.isSuccess || preferences.isError;
  const steps = settled
    ? enabledSteps(side, preferences.data, { bookerChoices: bookers.length, isPitch })
    : null;

  const goTo = (target: StepId) =>
    void navigate(stepPath(side, profileId, target), { state: FLOW_MOVE });
  const nextStep = steps ? neighbourStep(side, steps, step, 1) : null;
  const previousStep = steps ? neighbourStep(side, steps, step, -1) : null;

  // A step that is off for this profile (a link, or the choose step with one show): skip it.
  const skipTo = steps && !steps.includes(step) ? nextStep : null;
  useEffect(() => {
    if (skipTo) {
      void navigate(stepPath(side, profileId, skipTo), { replace: true, state: FLOW_MOVE });
    }
  }, [skipTo, navigate, side, profileId]);

  return {
    side,
    profileId,
    isPitch,
    bookers,
    bookerId,
    values,
    update,
    steps,
    preferencesError: preferences.isError,
    goTo,
    next: () => {
      if (nextStep) goTo(nextStep);
    },
    previous: () => {
      if (previousStep) goTo(previousStep);
    },
    hasNext: nextStep !== null,
    hasPrevious: previousStep !== null,
  };
}
