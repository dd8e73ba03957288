import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import {
  isApiError,
  routePaths,
  usePageChromeStore,
  type ProfileListType,
} from '@guestspot/shared-api';
import { ErrorState, PageLoading } from '@guestspot/shared-ui';
import { useProfile } from '../../../components/use-profile';
import { GuestProfileView } from './guest-profile';
import { ShowProfileView } from './show-profile';
import './profile-page.css';

/**
 * /guests/:guestId, /shows/:showId and the /:guestId catch-all (a guest by slug or id). No
 * footer on these pages; remove_branding hides the header's logo and tagline (spec §2.2).
 */
export function ProfilePage({
  type,
  idOrSlug,
}: {
  type: ProfileListType;
  /** defaults to the route's :guestId or :showId */
  idOrSlug?: string;
}) {
  const params = useParams();
  const key = idOrSlug ?? (type === 'guests' ? params.guestId : params.showId) ?? '';
  const query = useProfile(type, key);
  const setPageChrome = usePageChromeStore((state) => state.setPageChrome);
  const resetPageChrome = usePageChromeStore((state) => state.resetPageChrome);
  const removeBranding = query.data?.profile.remove_branding ?? false;

  useEffect(() => {
    setPageChrome({ hideBranding: removeBranding, hideFooter: true });
  }, [removeBranding, setPageChrome]);
  useEffect(() => resetPageChrome, [resetPageChrome]);

  if (query.isPending) return <PageLoading label="Loading profile" />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <Navigate to={routePaths.notFound} replace />;
    }
    return (
      <div className="gs-profile-page">
        <ErrorState
          title="This profile could not be loaded"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  }
  const detail = query.data;
  return (
    <div className="gs-profile-page">
      {detail.type === 'guests' ? (
        <GuestProfileView profile={detail.profile} />
      ) : (
        <ShowProfileView profile={detail.profile} />
      )}
    </div>
  );
}
