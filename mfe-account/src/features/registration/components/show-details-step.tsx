import { useQuery } from '@tanstack/react-query';
import { queryKeys, type ShowProfileInput } from '@guestspot/shared-api';
import { createShow, listShowTypes, updateShow } from '@guestspot/shared-api/shows';
import { listCategories } from '@guestspot/shared-api/categories';
import {
  emptyShowDetails,
  ShowDetailsForm,
  type ShowDetailsValues,
} from '../../../components/profile-forms';
import { useRegistrationWizard } from '../hooks/use-registration-wizard';
import { BackButton, StepData } from './step-data';

export function showPayload(values: ShowDetailsValues): ShowProfileInput {
  return {
    name: values.name.trim(),
    description: values.description?.trim() || null,
    types: values.types.map(Number),
    categories: values.categories.map(Number),
    platform_type: values.platform_type || null,
  };
}

/** Step 5 (/register/profile-setup/show): creates the show, or updates the one made here. */
export function ShowDetailsStep() {
  const { draft, update, goNext, goBack, canGoBack } = useRegistrationWizard('show-details');
  const categories = useQuery({ queryKey: queryKeys.categories, queryFn: listCategories });
  const showTypes = useQuery({ queryKey: queryKeys.showTypes, queryFn: listShowTypes });

  return (
    <StepData
      label="show types and categories"
      loading={categories.isPending || showTypes.isPending}
      error={categories.isError || showTypes.isError}
      retrying={categories.isFetching || showTypes.isFetching}
      onRetry={() => {
        if (categories.isError) void categories.refetch();
        if (showTypes.isError) void showTypes.refetch();
      }}
    >
      {() => (
        <ShowDetailsForm
          initialValues={draft.show ?? emptyShowDetails}
          categories={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          showTypes={(showTypes.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
          onChange={(show) => update({ show })}
          submitLabel={draft.accountType === 'show' ? 'Finish' : 'Continue'}
          secondaryAction={canGoBack ? <BackButton onClick={goBack} /> : undefined}
          onSubmit={async (values) => {
            // A user may own several shows: only the one made in this wizard is updated.
            const profile = draft.showId
              ? await updateShow(draft.showId, showPayload(values))
              : await createShow(showPayload(values));
            await goNext({ show: values, showId: profile.id });
          }}
        />
      )}
    </StepData>
  );
}
