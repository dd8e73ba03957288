import { Link } from 'react-router-dom';
import '../../components/settings/settings.css';
import './profile-details.css';

const TITLES = { guest: 'Create guest profile', show: 'Create show profile' } as const;

/**
 * /details/guest/create and /details/show/create. Creating a profile from here comes with the
 * profile details editors (issue 16); until then the page says so and leads back.
 */
export function CreateProfilePage({ kind }: { kind: 'guest' | 'show' }) {
  return (
    <div className="gs-settings-page">
      <header className="gs-settings-page__header">
        <h1 className="gs-settings-page__title">{TITLES[kind]}</h1>
      </header>
      <p>Creating a {kind} profile from here is coming next.</p>
      <p>
        <Link className="gs-profile-details__switch" to={`/details/${kind}`}>
          Back to your {kind === 'guest' ? 'guest profile' : 'shows'}
        </Link>
      </p>
    </div>
  );
}
