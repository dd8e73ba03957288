import { useState } from 'react';
import { useSessionStore, type ProfileListType } from '@guestspot/shared-api';
import { Button, Card } from '@guestspot/shared-ui';
import { ConnectModal } from './connect-modal';

/**
 * Dashboard widget: 'Explore Guests' for users with a show, 'Explore Shows' for users with a
 * guest profile (spec §2.8). The card is Pro only (§2.9 "connect card (pro only)", decision 118,
 * which replaces decision 052's upgrade prompt on it): the dashboard shows it to Pro accounts, and
 * it renders nothing for anyone else. Users with neither profile have nothing to explore: no card.
 */
export function ConnectCard() {
  const user = useSessionStore((state) => state.user);
  const [exploring, setExploring] = useState<ProfileListType | null>(null);
  if (!user) return null;
  const canExploreGuests = user.shows.length > 0;
  const canExploreShows = user.guest !== null;
  if (user.account_type !== 'pro' || (!canExploreGuests && !canExploreShows)) return null;
  const explore = (type: ProfileListType) => setExploring(type);

  return (
    <Card
      title="Connect"
      description={
        canExploreGuests && canExploreShows
          ? 'Recommended guests for your shows, and shows for your guest profile.'
          : canExploreGuests
            ? 'Recommended guests for your shows, picked from your interests.'
            : 'Recommended shows for your guest profile, picked from your interests.'
      }
    >
      <div className="gs-connect-card__actions">
        {canExploreGuests ? (
          <Button onClick={() => explore('guests')}>Explore Guests</Button>
        ) : null}
        {canExploreShows ? <Button onClick={() => explore('shows')}>Explore Shows</Button> : null}
      </div>
      <ConnectModal type={exploring} onClose={() => setExploring(null)} />
    </Card>
  );
}
