import { Navigate, useNavigate } from 'react-router-dom';
import { useCurrentUser, useSessionStore } from '@guestspot/shared-api';
import { createGuest } from '@guestspot/shared-api/guests';
import { PageLoading } from '@guestspot/shared-ui';
import {
  emptyGuestDetails,
  GuestDetailsEditor,
  guestPayload,
} from '../../components/profile-forms';
import '../../components/settings/settings.css';

/**
 * /details/guest/create: the registration wizard's guest form, outside the wizard. A user has
 * one guest profile: one who has it is sent to it. After the save the session's user is fetched
 * again (its `guest`), then the profile's page opens.
 */
export function GuestCreatePage() {
  const user = useCurrentUser();
  const refetch = useSessionStore((state) => state.refetch);
  const navigate = useNavigate();
  if (!user) return <PageLoading />;
  if (user.guest) return <Navigate to="/details/guest" replace />;
  return (
    <div className="gs-settings-page">
      <header className="gs-settings-page__header">
        <h1 className="gs-settings-page__title">Create guest profile</h1>
      </header>
      <GuestDetailsEditor
        initialValues={{
          ...emptyGuestDetails,
          name: `${user.first_name} ${user.last_name}`.trim(),
        }}
        submitLabel="Create guest profile"
        onSubmit={async (values) => {
          await createGuest(guestPayload(values));
          await refetch().catch(() => null);
          void navigate('/details/guest');
        }}
      />
    </div>
  );
}
