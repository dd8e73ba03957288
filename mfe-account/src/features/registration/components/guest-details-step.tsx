import { createGuest, updateGuest } from '@guestspot/shared-api/guests';
import {
  emptyGuestDetails,
  GuestDetailsEditor,
  guestPayload,
  type GuestDetailsValues,
} from '../../../components/profile-forms';
import { useRegistrationWizard } from '../hooks/use-registration-wizard';
import { BackButton } from './step-data';

/** Step 4 (/register/profile-setup/guest): creates the guest profile, or updates it. */
export function GuestDetailsStep() {
  const { user, draft, update, goNext, goBack, canGoBack } = useRegistrationWizard('guest-details');
  const initialValues: GuestDetailsValues = draft.guest ?? {
    ...emptyGuestDetails,
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
  };

  return (
    <GuestDetailsEditor
      initialValues={initialValues}
      onChange={(guest) => update({ guest })}
      submitLabel="Continue"
      secondaryAction={canGoBack ? <BackButton onClick={goBack} /> : undefined}
      onSubmit={async (values) => {
        // An existing profile is updated: going back and forth never makes a second one.
        const existingId = draft.guestId ?? user?.guest?.id;
        const profile = existingId
          ? await updateGuest(existingId, guestPayload(values))
          : await createGuest(guestPayload(values));
        await goNext({ guest: values, guestId: profile.id });
      }}
    />
  );
}
