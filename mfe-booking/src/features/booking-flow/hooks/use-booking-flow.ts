import { useEffect, useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  queryKeys,
  useBookingDraftStore,
  useCurrentUser,
  type ProfileSummary,
} from '@guestspot/shared-api';
import { getBookingFlowPreferences } from '@guestspot/shared-api/booking-flow-preferences';
import { enabledSteps, neighbourStep, stepPath, type BookingSide, type StepId } from '../lib/steps';
import { emptyValues, useBookingFlowStore, type BookingFlowValues } from './use-booking-flow-store';

export interface BookingFlow {
  side: BookingSide;
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

/** The booking route's side and profile: /guests/:guestId/book/* or /shows/:showId/book/*. */
export function useBookingRoute(): { side: BookingSide; profileId: number } {
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
  const user = useCurrentUser();
  const draft = useBookingDraftStore((state) => state.draft);
  const startBooking = useBookingDraftStore((state) => state.startBooking);
  const startPitch = useBookingDraftStore((state) => state.startPitch);
  const draftMatches = draft?.profileType === side && draft.profileId === profileId;
  const isPitch = draftMatches && draft.isPitch;

  // Reached by a link rather than from the profile page: the draft starts here. The pitch
  // route starts a pitch (spec §2.1: pitch routes carry is_pitch); its price is the server's.
  useEffect(() => {
    if (draftMatches) return;
    if (step === 'pitch') startPitch({ profileType: side, profileId, pitchPrice: 0 });
    else startBooking({ profileType: side, profileId });
  }, [draftMatches, step, side, profileId, startBooking, startPitch]);

  const flowKey = `${side}:${profileId}:${isPitch ? 'pitch' : 'book'}`;
  const stored = useBookingFlowStore((state) => state.values);
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

  const goTo = (target: StepId) => void navigate(stepPath(side, profileId, target));
  const nextStep = steps ? neighbourStep(side, steps, step, 1) : null;
  const previousStep = steps ? neighbourStep(side, steps, step, -1) : null;

  // A step that is off for this profile (a link, or the choose step with one show): skip it.
  const skipTo = steps && !steps.includes(step) ? nextStep : null;
  useEffect(() => {
    if (skipTo) void navigate(stepPath(side, profileId, skipTo), { replace: true });
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
