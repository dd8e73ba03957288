import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  errorMessages,
  queryKeys,
  type BookingFlowPreferences,
  type BookingFlowStep,
} from '@guestspot/shared-api';
import {
  getBookingFlowPreferences,
  updateBookingFlowPreferences,
} from '@guestspot/shared-api/booking-flow-preferences';
import { toast } from '@guestspot/shared-ui';
import { FormCheckbox } from '@guestspot/shared-ui/forms';
import { EditableRow, SettingsQuery, SettingsSection } from '../../../components/settings';
import './booking-flow.css';
import type { ProfileSide } from '@guestspot/shared-api';

/** The booking flow's optional steps in the order a booker meets them, in plain words (§2.7). */
const BOOKING_STEPS_TEXT: Record<BookingFlowStep, { label: string; hint: string }> = {
  pitch: { label: 'Pitch', hint: 'People can pitch themselves to you.' },
  'miniview-questions': {
    label: 'MINIVIEW questions',
    hint: 'People answer your own questions (Your questions) in writing.',
  },
  questions: { label: 'Booking questions', hint: 'People answer your booking questions.' },
  upsells: { label: 'Upsell packages', hint: 'People can add your upsell packages.' },
  payment: { label: 'Payment', hint: 'People pay when they book.' },
};

/** A show's flow has no MINIVIEW questions step (spec §2.7). */
const BOOKING_STEPS: Record<ProfileSide, readonly BookingFlowStep[]> = {
  guest: ['pitch', 'miniview-questions', 'questions', 'upsells', 'payment'],
  show: ['pitch', 'questions', 'upsells', 'payment'],
};

type StepValues = Partial<Record<BookingFlowStep, boolean>>;

/**
 * /details → Booking flow (spec §2.7): which optional steps someone booking this profile goes
 * through. One checkbox per step of the profile's side; Save sends them all as
 * `updatedPreferences`.
 */
export function BookingFlowSection({ kind, profileId }: { kind: ProfileSide; profileId: number }) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.bookingFlowPreferences(kind, profileId);
  const query = useQuery({ queryKey, queryFn: () => getBookingFlowPreferences(kind, profileId) });
  const steps = BOOKING_STEPS[kind];

  return (
    <SettingsSection
      id="booking-flow"
      title="Booking flow"
      description="Choose the steps people go through when they book you. Steps with nothing to show are skipped."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your booking steps"
        errorMessage="Your booking steps could not be loaded."
      >
        {(data) => (
          <StepsRow
            steps={steps}
            preferences={data}
            save={async (values) => {
              const saved = await updateBookingFlowPreferences(kind, profileId, values);
              queryClient.setQueryData(queryKey, saved);
            }}
          />
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}

function StepsRow({
  steps,
  preferences,
  save,
}: {
  steps: readonly BookingFlowStep[];
  preferences: BookingFlowPreferences;
  save: (values: StepValues) => Promise<void>;
}) {
  const initialValues = Object.fromEntries(
    steps.map((step) => [step, preferences[step] ?? false]),
  ) as StepValues;
  return (
    <EditableRow<StepValues>
      label="Booking steps"
      view={
        <ul className="gs-booking-flow__steps">
          {steps.map((step) => (
            <li key={step} data-state={preferences[step] ? 'on' : 'off'}>
              {BOOKING_STEPS_TEXT[step].label}: <strong>{preferences[step] ? 'On' : 'Off'}</strong>
            </li>
          ))}
        </ul>
      }
      initialValues={initialValues}
      save={save}
      onError={() => toast.error(errorMessages.errorSomethingWentWrong)}
    >
      <fieldset className="gs-booking-flow__fieldset">
        <legend>Steps people go through when they book you</legend>
        {steps.map((step) => (
          <FormCheckbox
            key={step}
            name={step}
            label={BOOKING_STEPS_TEXT[step].label}
            hint={BOOKING_STEPS_TEXT[step].hint}
          />
        ))}
      </fieldset>
    </EditableRow>
  );
}
