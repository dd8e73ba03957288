import { Link } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { ButtonLink, EmptyState, PageLoading } from '@guestspot/shared-ui';
import { AvailabilitySection } from '../../features/profile-details-editors/components/availability-section';
import { GuestDetailsSection } from '../../features/profile-details-editors/components/guest-details-section';
import { GuestExperienceSection } from '../../features/profile-details-editors/components/guest-experience-section';
import { GuestLinksSection } from '../../features/profile-details-editors/components/guest-links-section';
import { GuestMediaSection } from '../../features/profile-details-editors/components/guest-media-section';
import { GuestQuestionsSection } from '../../features/profile-details-editors/components/guest-questions-section';
import { GuestVideoSection } from '../../features/profile-details-editors/components/guest-video-section';
import { ProfileReachSection } from '../../features/profile-reach/components/profile-reach-section';
import { ProfileSetupSections } from './profile-setup-sections';
import '../../components/settings/settings.css';
import './profile-details.css';

/**
 * /details/guest: the signed-in user's guest profile (details, experience and topics, picture,
 * video, links, availability, the guest's own questions: decision 096) and what it sets up to be
 * booked.
 */
export function GuestProfilePage() {
  const user = useCurrentUser();
  if (!user) return <PageLoading />;
  const guest = user.guest;
  return (
    <div className="gs-settings-page">
      <header className="gs-settings-page__header">
        <h1 className="gs-settings-page__title">Guest profile</h1>
        <Link className="gs-profile-details__switch" to="/details/show">
          Your shows
        </Link>
      </header>
      {guest ? (
        <>
          <p className="gs-profile-details__name">
            {guest.name} · <Link to={`/guests/${guest.slug}`}>View public profile</Link>
          </p>
          <GuestDetailsSection profileId={guest.id} />
          <GuestExperienceSection profileId={guest.id} />
          <GuestMediaSection profileId={guest.id} />
          <GuestVideoSection profileId={guest.id} />
          <GuestLinksSection profileId={guest.id} />
          <ProfileReachSection profileId={guest.id} />
          <AvailabilitySection profileId={guest.id} />
          {/* Beside what the profile sets up to be booked: a show answers these when booking. */}
          <GuestQuestionsSection profileId={guest.id} />
          <ProfileSetupSections kind="guest" profileId={guest.id} />
        </>
      ) : (
        <EmptyState
          title="You have no guest profile yet"
          message="Create a guest profile so shows can find and book you."
          action={<ButtonLink to="/details/guest/create">Create guest profile</ButtonLink>}
        />
      )}
    </div>
  );
}
