import { useState } from 'react';
import { useSessionStore, type ProfileListType } from '@guestspot/shared-api';
import { Button, Card, openProFeatureDialog } from '@guestspot/shared-ui';
import { ConnectModal } from './connect-modal';

export const CONNECT_PRO_MESSAGE =
  'Connect recommendations are part of Pro: swipe through the guests and shows that match your interests, and book or pitch them in one click.';

/**
 * Dashboard widget: 'Explore Guests' for users with a show, 'Explore Shows' for users with a
 * guest profile (spec §2.8). Connect is Pro: standard accounts get the upgrade prompt
 * (decision 052). Users with neither profile have nothing to explore: no card.
 */
export function ConnectCard() {
  const user = useSessionStore((state) => state.user);
  const [exploring, setExploring] = useState<ProfileListType | null>(null);
  if (!user) return null;
  const canExploreGuests = user.shows.length > 0;
  const canExploreShows = user.guest !== null;
  if (!canExploreGuests && !canExploreShows) return null;
  const isPro = user.account_type === 'pro';

  const explore = (type: ProfileListType) => {
    if (isPro) setExploring(type);
    else openProFeatureDialog({ message: CONNECT_PRO_MESSAGE });
  };

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
