import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { PageLoading } from '@guestspot/shared-ui';
import { detailsHome } from './details-home';

/** /details: to the show profiles or the guest profile, by the user's type. */
export function DetailsIndexPage() {
  const user = useCurrentUser();
  if (!user) return <PageLoading />;
  return <Navigate to={detailsHome(user)} replace />;
}
