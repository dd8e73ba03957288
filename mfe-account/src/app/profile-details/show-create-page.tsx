import { useNavigate } from 'react-router-dom';
import { useCurrentUser, useSessionStore } from '@guestspot/shared-api';
import { createShow } from '@guestspot/shared-api/shows';
import { PageLoading } from '@guestspot/shared-ui';
import { emptyShowDetails, ShowDetailsEditor, showPayload } from '../../components/profile-forms';
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
  if (!user) return <PageLoading />;
  return (
    <div className="gs-settings-page">
      <header className="gs-settings-page__header">
        <h1 className="gs-settings-page__title">Create show profile</h1>
      </header>
      <ShowDetailsEditor
        initialValues={emptyShowDetails}
        submitLabel="Create show profile"
        onSubmit={async (values) => {
          const show = await createShow(showPayload(values));
          await refetch().catch(() => null);
          void navigate(`/details/show/${show.id}`);
        }}
      />
    </div>
  );
}
