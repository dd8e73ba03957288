import { Link } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { ButtonLink, EmptyState, PageLoading } from '@guestspot/shared-ui';
import { ProfileSetupSections } from './profile-setup-sections';
import '../../components/settings/settings.css';
import './profile-details.css';

/** /details/guest: the signed-in user's guest profile and what it sets up to be booked. */
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
