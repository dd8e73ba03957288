import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { usePageChromeStore, type ProfileListType } from '@guestspot/shared-api';
import { profilePending, useProfile } from '../../../components/use-profile';
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

  const pending = profilePending(query, {
    loading: 'Loading profile',
    error: 'This profile could not be loaded',
    className: 'gs-profile-page',
  });
  if (pending || !query.data) return pending;
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
