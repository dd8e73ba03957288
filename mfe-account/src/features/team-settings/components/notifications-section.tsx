import { updateUser, useSessionStore, type User } from '@guestspot/shared-api';
import { FormCheckbox } from '@guestspot/shared-ui/forms';
import { EditableRow, SettingsSection, type SettingsAccess } from '../../../components/settings';

interface NotificationValues {
  email_notifications: boolean;
  sms_notifications: boolean;
}

export const NO_TEAM_EMAIL_HINT =
  'Booking and message emails always go to you while you have no team members. Add a team member to share them.';

const onOff = (on: boolean) => (on ? 'On' : 'Off');

/**
 * The notifications row (spec §5): email and SMS choices. Email stays on for a user without a
 * team (the checkbox is disabled); with a team the server keeps at least one member (the owner
 * counts) on email and answers the rule's message on the field otherwise.
 */
export function NotificationsSection({ user }: { user: User; access: SettingsAccess }) {
  const initialValues: NotificationValues = {
    email_notifications: user.email_notifications,
    sms_notifications: user.sms_notifications,
  };
  return (
    <SettingsSection id="notifications" title="Notifications">
      <EditableRow<NotificationValues>
        label="Notifications"
        initialValues={initialValues}
        view={
          <p>
            Email: {onOff(user.email_notifications)} · SMS: {onOff(user.sms_notifications)}
          </p>
        }
        save={async (values) => {
          const saved = await updateUser(user.id, {
            // Without a team the email choice is not the user's to change.
            ...(user.has_team ? { email_notifications: values.email_notifications } : {}),
            sms_notifications: values.sms_notifications,
          });
          useSessionStore.setState({ user: saved });
        }}
      >
        <FormCheckbox
          name="email_notifications"
          label="Email notifications"
          disabled={!user.has_team}
          hint={user.has_team ? undefined : NO_TEAM_EMAIL_HINT}
        />
        <FormCheckbox name="sms_notifications" label="SMS notifications" />
      </EditableRow>
    </SettingsSection>
  );
}
