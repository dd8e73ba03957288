import { useCurrentUser } from '@guestspot/shared-api';
import { Button, Card, IconCheck, openSubscribeDialog } from '@guestspot/shared-ui';
import './dashboard-cards.css';

/** What the card lists (marketplace… §2.9), in its order. */
export const PRO_FEATURES = [
  'Homepage feature',
  'Audio and video guest pitches',
  'Optimized profile',
  'Unlimited wishlist',
] as const;

/**
 * Dashboard Unlock Pro card, for standard accounts only (§2.9, §6): what Pro adds, and Unlock Pro
 * opening the shared Subscribe dialog (decision 087). The dashboard shows it to standard
 * accounts (`standardOnly`); it renders nothing for a Pro account either way.
 */
export function UnlockProCard() {
  const user = useCurrentUser();
  if (user?.account_type !== 'standard') return null;
  return (
    <Card
      title="Unlock Pro"
      className="gs-unlock-pro"
      footer={<Button onClick={() => openSubscribeDialog()}>Unlock Pro</Button>}
    >
      <ul className="gs-unlock-pro__features" aria-label="What Pro adds">
        {PRO_FEATURES.map((feature) => (
          <li key={feature}>
            <IconCheck aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
    </Card>
  );
}
