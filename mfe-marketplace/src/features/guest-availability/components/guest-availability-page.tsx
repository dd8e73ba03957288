import { Link, useLocation, useParams } from 'react-router-dom';
import { useCurrentUser, useSessionStore, type GuestProfileDetail } from '@guestspot/shared-api';
import { Alert, Avatar, Button, openLoginModal } from '@guestspot/shared-ui';
import {
  availabilityRequestText,
  availabilitySuccess,
  isOwner,
  useAvailabilityRequest,
} from '../../../components/profile-actions';
import { profilePending, useProfile } from '../../../components/use-profile';
import './guest-availability-page.css';

export const OWN_AVAILABILITY_NOTE =
  'This is your own availability page. Shows that cannot find a time send their requests from here.';

function RequestPanel({ guest }: { guest: GuestProfileDetail }) {
  const authenticated = useSessionStore((state) => state.authenticated);
  const viewer = useCurrentUser();
  const location = useLocation();
  const mutation = useAvailabilityRequest('guests', guest);

  if (!authenticated) {
    return (
      <Button onClick={() => openLoginModal({ redirect: location.pathname })}>
        Sign in to send the request
      </Button>
    );
  }
  if (isOwner(guest, viewer)) {
    return (
      <p role="note" className="gs-guest-availability__note">
        {OWN_AVAILABILITY_NOTE} <Link to="/details">Edit your availability</Link>
      </p>
    );
  }
  if (mutation.isSuccess) {
    return <Alert tone="success">{availabilitySuccess(guest.name)}</Alert>;
  }
  return (
    <Button loading={mutation.isPending} onClick={() => mutation.mutate()}>
      Send request
    </Button>
  );
}

/**
 * /guest-availability/:guestId (spec §2.1): a shareable page to ask a guest to open (more)
 * interview availability, the page form of the profile's 'Request availability' dialog
 * (decision 055).
 */
export function GuestAvailabilityPage({
  guestId,
}: {
  /** defaults to the route's :guestId */
  guestId?: string;
}) {
  const params = useParams();
  const query = useProfile('guests', guestId ?? params.guestId ?? '');

  const pending = profilePending(query, {
    loading: 'Loading availability',
    error: 'This page could not be loaded',
    className: 'gs-page',
  });
  if (pending || query.data?.type !== 'guests') return pending;
  const guest = query.data.profile;
  const profilePath = `/guests/${guest.slug}`;
  return (
    <section className="gs-page gs-guest-availability" aria-labelledby="availability-title">
      <h1 id="availability-title" className="gs-page__title">
        Request {guest.name}&rsquo;s availability
      </h1>
      <div className="gs-guest-availability__guest">
        <Avatar name={guest.name} src={guest.thumbUrl ?? guest.imageUrl} size={80} />
        <div>
          <p className="gs-guest-availability__name">
            <Link to={profilePath}>{guest.name}</Link>
          </p>
          {guest.title ? <p className="gs-guest-availability__title">{guest.title}</p> : null}
        </div>
      </div>
      <p className="gs-guest-availability__text">{availabilityRequestText(guest.name)}</p>
      <div className="gs-guest-availability__actions">
        <RequestPanel guest={guest} />
        <Link className="gs-guest-availability__back" to={profilePath}>
          View {guest.name}&rsquo;s profile
        </Link>
      </div>
    </section>
  );
}
