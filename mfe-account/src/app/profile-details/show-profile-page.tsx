import { Link, Navigate, useParams } from 'react-router-dom';
import { routePaths, useCurrentUser } from '@guestspot/shared-api';
import { PageLoading } from '@guestspot/shared-ui';
import { ShowDetailsSection } from '../../features/profile-details-editors/components/show-details-section';
import { ShowLinksSection } from '../../features/profile-details-editors/components/show-links-section';
import { ShowMediaSection } from '../../features/profile-details-editors/components/show-media-section';
import { PastGuestsSection } from '../../features/past-guests/components/past-guests-section';
import { ShowStatsSection } from '../../features/show-stats/components/show-stats-section';
import { ProfileSetupSections } from './profile-setup-sections';
import '../../components/settings/settings.css';
import './profile-details.css';

/**
 * /details/show/:showId: one of the user's shows. Another user's show (or one that does not
 * exist) is not the user's to edit: the forbidden page, as /admin-settings does for non-admins
 * (the server refuses the writes too).
 */
export function ShowProfilePage() {
  const user = useCurrentUser();
  const { showId = '' } = useParams();
  if (!user) return <PageLoading />;
  const show = /^\d{1,10}$/.test(showId)
    ? user.shows.find((item) => item.id === Number(showId))
    : undefined;
  if (!show) return <Navigate to={routePaths.forbidden} replace />;
  return (
    <div className="gs-settings-page">
      <header className="gs-settings-page__header">
        <h1 className="gs-settings-page__title">{show.name}</h1>
        <Link className="gs-profile-details__switch" to="/details/show">
          All your shows
        </Link>
      </header>
      <p className="gs-profile-details__name">
        <Link to={`/shows/${show.slug}`}>View public profile</Link>
      </p>
      <ShowDetailsSection profileId={show.id} />
      <ShowMediaSection profileId={show.id} />
      <ShowLinksSection profileId={show.id} />
      <ShowStatsSection profileId={show.id} />
      <PastGuestsSection showId={show.id} />
      <ProfileSetupSections kind="show" profileId={show.id} />
    </div>
  );
}
