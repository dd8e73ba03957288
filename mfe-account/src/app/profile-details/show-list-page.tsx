import { Link } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { ButtonLink, EmptyState, PageLoading } from '@guestspot/shared-ui';
import '../../components/settings/settings.css';
import './profile-details.css';

/** /details/show: the signed-in user's shows, each opening its own editors. */
export function ShowListPage() {
  const user = useCurrentUser();
  if (!user) return <PageLoading />;
  return (
    <div className="gs-settings-page">
      <header className="gs-settings-page__header">
        <h1 className="gs-settings-page__title">Show profiles</h1>
        <Link className="gs-profile-details__switch" to="/details/guest">
          Your guest profile
        </Link>
      </header>
      {user.shows.length > 0 ? (
        <>
          <ul className="gs-profile-details__shows" aria-label="Your shows">
            {user.shows.map((show) => (
              <li key={show.id}>
                <Link to={`/details/show/${show.id}`}>{show.name}</Link>
              </li>
            ))}
          </ul>
          <p>
            <Link className="gs-profile-details__switch" to="/details/show/create">
              Add another show
            </Link>
          </p>
        </>
      ) : (
        <EmptyState
          title="You have no show profile yet"
          message="Create a show profile so guests can find and pitch to you."
          action={<ButtonLink to="/details/show/create">Create show profile</ButtonLink>}
        />
      )}
    </div>
  );
}
