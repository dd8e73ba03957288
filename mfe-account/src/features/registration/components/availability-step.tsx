import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@guestspot/shared-api';
import { getGuestAvailability, updateGuestAvailability } from '@guestspot/shared-api/guests';
import {
  AvailabilityForm,
  availabilityToValues,
  FormOptionsData,
} from '../../../components/profile-forms';
import { browserTimezone } from '../../../lib/browser-timezone';
import { useRegistrationWizard } from '../hooks/use-registration-wizard';
import { BackButton } from './step-data';

/** Step 7 (/register/availability): interview availability, prefilled with the defaults. */
export function AvailabilityStep() {
  const { draft, update, goNext, goBack, canGoBack } = useRegistrationWizard('availability');
  const guestId = draft.guestId;
  const settings = useQuery({
    queryKey: queryKeys.guestAvailability(guestId),
    queryFn: () => getGuestAvailability(guestId ?? 0),
    enabled: guestId !== undefined && draft.availability === undefined,
  });

  // Until saved, the timezone is the browser's.
  const initialValues =
    draft.availability ??
    (settings.data
      ? availabilityToValues({ ...settings.data, timezone: browserTimezone() })
      : null);
  const ready = initialValues !== null;
  return (
    <FormOptionsData
      label="your availability"
      loading={!ready && !settings.isError}
      error={!ready && settings.isError}
      retrying={settings.isFetching}
      onRetry={() => void settings.refetch()}
    >
      {() =>
        initialValues && (
          <AvailabilityForm
            initialValues={initialValues}
            onChange={(availability) => update({ availability })}
            submitLabel="Finish"
            secondaryAction={canGoBack ? <BackButton onClick={goBack} /> : undefined}
            onSubmit={async (values) => {
              if (guestId === undefined) return;
              await updateGuestAvailability(guestId, values);
              await goNext({ availabilityDone: true });
            }}
          />
        )
      }
    </FormOptionsData>
  );
}
