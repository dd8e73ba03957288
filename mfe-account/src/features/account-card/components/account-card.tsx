import { useSessionStore } from '@guestspot/shared-api';
import { Avatar, ButtonLink, Card } from '@guestspot/shared-ui';
import './account-card.css';

/** Dashboard account card: who is signed in, and the way to edit the profile. */
export function AccountCard() {
  const user = useSessionStore((state) => state.user);
  if (!user) return null;
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <Card title="Your account">
      <div className="gs-account-card">
        <Avatar
          src={user.imageUrl ?? undefined}
          emailHash={user.email_hash}
          name={name}
          size={64}
        />
        <div>
          <p className="gs-account-card__name">{name}</p>
          <p className="gs-account-card__meta">{user.email}</p>
          <p className="gs-account-card__meta">
            {user.account_type === 'pro' ? 'PRO account' : 'Standard account'}
          </p>
        </div>
      </div>
      <ButtonLink to="/details" variant="secondary" size="sm">
        Edit Profile
      </ButtonLink>
    </Card>
  );
}
