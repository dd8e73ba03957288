import { useQuery } from '@tanstack/react-query';
import { queryKeys, type GuestProfileInput } from '@guestspot/shared-api';
import { createGuest, updateGuest } from '@guestspot/shared-api/guests';
import { listCategories } from '@guestspot/shared-api/categories';
import {
  emptyGuestDetails,
  GuestDetailsForm,
  splitTags,
  type GuestDetailsValues,
} from '../../../components/profile-forms';
import { useRegistrationWizard } from '../hooks/use-registration-wizard';
import { BackButton, StepData } from './step-data';

export function guestPayload(values: GuestDetailsValues): GuestProfileInput {
  return {
    name: values.name.trim(),
    title: values.title?.trim() || null,
    bio: values.bio?.trim() || null,
    pronunciation: values.pronunciation?.trim() || null,
    categories: values.categories.map(Number),
    tags: splitTags(values.tags ?? ''),
    image_uuid: values.image_uuid || null,
  };
}

/** Step 4 (/register/profile-setup/guest): creates the guest profile, or updates it. */
export function GuestDetailsStep() {
  const { user, draft, update, goNext, goBack, canGoBack } = useRegistrationWizard('guest-details');
  const categories = useQuery({ queryKey: queryKeys.categories, queryFn: listCategories });
  const initialValues: GuestDetailsValues = draft.guest ?? {
    ...emptyGuestDetails,
    name: user ? `${user.first_name} ${user.last_name}`.trim() : '',
  };

  return (
    <StepData
      label="categories"
      loading={categories.isPending}
      error={categories.isError}
      retrying={categories.isFetching}
      onRetry={() => void categories.refetch()}
    >
      {() => (
        <GuestDetailsForm
          initialValues={initialValues}
          categories={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
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
      )}
    </StepData>
  );
}
