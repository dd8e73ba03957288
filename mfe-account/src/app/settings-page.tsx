import { Link } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { PageLoading } from '@guestspot/shared-ui';
import { settingsAccess, useScrollToHash } from '../components/settings';
import { ProfileSettingsSection } from '../features/profile-settings/components/profile-settings-section';
import { CalendarsSection } from '../features/calendars/components/calendars-section';
import { CalendarFeedSection } from '../features/calendar-feed/components/calendar-feed-section';
import { NotificationsSection } from '../features/team-settings/components/notifications-section';
import { PaymentMethodsSection } from '../features/payment-methods/components/payment-methods-section';
import { PayoutSection } from '../features/payout/components/payout-section';
import { SubscriptionSection } from '../features/subscription/components/subscription-section';
import { TeamSection } from '../features/team-settings/components/team-section';
import { AccountStatusSection } from '../features/account-status/components/account-status-section';

/**
 * /settings (spec account §2): the rows in the spec's order. This file only composes: each
 * feature owns its section (its anchor, calls and states); the page decides who sees which
 * section (components/settings/settings-access.ts).
 */
export function SettingsPage() {
  const user = useCurrentUser();
  useScrollToHash(user !== null);
  if (!user) return <PageLoading />;
  const access = settingsAccess(user);
  const sectionProps = { user, access };
  return (
    <div className="gs-settings-page">
      <header className="gs-settings-page__header">
        <h1 className="gs-settings-page__title">Account settings</h1>
        {access.seeAdminSettingsLink ? <Link to="/admin-settings">Admin settings</Link> : null}
      </header>
      <ProfileSettingsSection {...sectionProps} />
      <CalendarsSection {...sectionProps} />
      <CalendarFeedSection {...sectionProps} />
      <NotificationsSection {...sectionProps} />
      <PaymentMethodsSection {...sectionProps} />
      {access.seePayout ? <PayoutSection {...sectionProps} /> : null}
      <SubscriptionSection {...sectionProps} />
      {access.seeTeam ? <TeamSection {...sectionProps} /> : null}
      <AccountStatusSection {...sectionProps} />
    </div>
  );
}
