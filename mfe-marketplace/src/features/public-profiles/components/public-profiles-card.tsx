import { Link } from 'react-router-dom';
import { useSessionStore } from '@guestspot/shared-api';
import { Avatar, ButtonLink, Card } from '@guestspot/shared-ui';
import './public-profiles-card.css';

/** Dashboard card: the user's public guest and show profiles, as visitors see them. */
export function PublicProfilesCard() {
  const user = useSessionStore((state) => state.user);
  if (!user) return null;
  const profiles = [
    ...(user.guest
      ? [{ ...user.guest, kind: 'Guest profile', href: `/guests/${user.guest.slug}` }]
      : []),
    ...user.shows.map((show) => ({ ...show, kind: 'Show', href: `/shows/${show.slug}` })),
  ];
  return (
    <Card title="Your public profiles">
      {profiles.length === 0 ? (
        <p>You have no public profile yet.</p>
      ) : (
        <ul className="gs-public-profiles">
          {profiles.map((profile) => (
            <li key={profile.href} className="gs-public-profiles__item">
              <Avatar src={profile.imageUrl} name={profile.name} size={40} />
              <span>
                <Link to={profile.href}>{profile.name}</Link>
                <span className="gs-public-profiles__kind"> · {profile.kind}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <ButtonLink to="/details" variant="secondary" size="sm">
        Manage profiles
      </ButtonLink>
    </Card>
  );
}
