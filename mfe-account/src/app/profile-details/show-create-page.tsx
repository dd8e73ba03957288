import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, useCurrentUser, useSessionStore } from '@guestspot/shared-api';
import { createShow, listShowTypes } from '@guestspot/shared-api/shows';
import { listCategories } from '@guestspot/shared-api/categories';
import { PageLoading } from '@guestspot/shared-ui';
import { emptyShowDetails, ShowDetailsForm } from '../../components/profile-forms';
import { showPayload } from '../../features/registration/components/show-details-step';
import { StepData } from '../../features/registration/components/step-data';
import '../../components/settings/settings.css';

/**
 * /details/show/create: the registration wizard's show form, outside the wizard (a user may own
 * several shows). After the save the session's user is fetched again (its `shows`), then the
 * new show's page opens.
 */
export function ShowCreatePage() {
  const user = useCurrentUser();
  const refetch = useSessionStore((state) => state.refetch);
  const navigate = useNavigate();
  const categories = useQuery({ queryKey: queryKeys.categories, queryFn: listCategories });
  const showTypes = useQuery({ queryKey: queryKeys.showTypes, queryFn: listShowTypes });
  if (!user) return <PageLoading />;
  return (
    <div className="gs-settings-page">
      <header className="gs-settings-page__header">
        <h1 className="gs-settings-page__title">Create show profile</h1>
      </header>
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
            initialValues={emptyShowDetails}
            categories={(categories.data ?? []).map((c) => ({
              value: String(c.id),
              label: c.name,
            }))}
            showTypes={(showTypes.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            submitLabel="Create show profile"
            onSubmit={async (values) => {
              const show = await createShow(showPayload(values));
              await refetch().catch(() => null);
              void navigate(`/details/show/${show.id}`);
            }}
          />
        )}
      </StepData>
    </div>
  );
}
