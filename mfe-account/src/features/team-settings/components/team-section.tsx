import type { User } from '@guestspot/shared-api';
import type { SettingsAccess } from '../../../components/settings';
import { SettingsSection } from '../../../components/settings';

/** Placeholder until the section lands (issue 4). */
export function TeamSection(_props: { user: User; access: SettingsAccess }) {
  return (
    <SettingsSection id="team" title="Team members">
      <p>Coming soon.</p>
    </SettingsSection>
  );
}
