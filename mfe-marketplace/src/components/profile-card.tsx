import { Link } from 'react-router-dom';
import type { GuestProfile, ShowProfile } from '@guestspot/shared-api';
import { Price } from './price';
import './profile-card.css';

type Profile = GuestProfile | ShowProfile;

function isGuest(profile: Profile): profile is GuestProfile {
  return 'type' in profile && profile.type === 'guest';
}

/** A guest or show in a list: image, name, title or description, lowest price. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const guest = isGuest(profile);
  const href = guest ? `/guests/${profile.slug}` : `/shows/${profile.slug}`;
  const subtitle = guest ? profile.title : profile.description;
  const image = guest ? (profile.thumbUrl ?? profile.imageUrl) : profile.imageUrl;
  return (
    <article
      className="gs-profile-card"
      style={{ '--gs-profile-color': profile.color } as React.CSSProperties}
    >
      <Link to={href} className="gs-profile-card__link">
        <img
          className="gs-profile-card__image"
          src={image ?? undefined}
          alt=""
          loading="lazy"
          width={320}
          height={256}
        />
        <h3 className="gs-profile-card__name">{profile.name}</h3>
      </Link>
      {subtitle ? <p className="gs-profile-card__subtitle">{subtitle}</p> : null}
      <div className="gs-profile-card__footer">
        <Price cents={profile.lowest_price} redirect={href} />
      </div>
    </article>
  );
}
