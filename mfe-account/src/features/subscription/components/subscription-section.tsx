import type { User } from '@guestspot/shared-api';
import type { SettingsAccess } from '../../../components/settings';
import { SettingsSection } from '../../../components/settings';

/** Placeholder until the section lands (issue 4). */
export function SubscriptionSection(_props: { user: User; access: SettingsAccess }) {
  return (
    <SettingsSection id="pro-subscription" title="Plan">
      <p>Coming soon.</p>
    </SettingsSection>
  );
}
