import * as yup from 'yup';
import {
  type UpdateUserPayload,
  type Upload,
  type User,
  errorMessages,
} from '@guestspot/shared-api';
import { gmtLabel } from '@guestspot/shared-api/timezones';
import { uploadImage, type UploadImageOptions } from '@guestspot/shared-api/uploads';
import { messages, toast, VisuallyHidden } from '@guestspot/shared-ui';
import { ImageUpload, type ImageUploadProps } from '@guestspot/shared-ui/image-upload';
import { FormCheckbox, FormPhoneField, FormTextField } from '@guestspot/shared-ui/forms';
import { FormTimezoneSelect, timezoneLabel } from '@guestspot/shared-ui/timezone-select';
import {
  emailRule,
  MAX_ACCOUNT_FIELD_LENGTH,
  nameRule,
  newPasswordFields,
  phoneRule,
} from '../../../lib/account-field-rules';
import { EditableRow, SettingsRow } from '../../../components/settings';
import './profile-settings.css';

export const NOT_SET = 'Not set';
/** The read-only email row's note for a team member acting as the owner (the server's 403). */
export const EMAIL_OWNER_ONLY = 'Only the account owner can change the email address.';

/**
 * Whose rows these are:
 * - 'own': the signed-in user's /settings (PUT /users/{id}); the password row asks for the
 *   current password, the title row shows, notifications live in their own section.
 * - 'admin': a site admin editing another user on /admin-settings (the admin update); a new
 *   password needs no current one, there is no title row (the user's own), and the
 *   notifications are edited here.
 */
export type ProfileRowsMode = 'own' | 'admin';

export interface ProfileRowsProps {
  /** The user whose account the rows show, as last saved. */
  subject: User;
  mode: ProfileRowsMode;
  /**
   * Sends the changed fields and resolves once the caller holds the saved user again (so the
   * rows show it); a thrown ApiError's field errors land on the row's fields.
   */
  save: (payload: UpdateUserPayload) => Promise<unknown>;
  /** Deletes the user's picture (by its upload uuid). */
  removeImage: (uuid: string) => Promise<unknown>;
  /**
   * false: the viewer may not change the email address nor the password (a team member acting
   * as the owner): the email row is read-only and the password row is left out.
   */
  canChangeSignIn?: boolean;
  /** How the image row turns the chosen area into a JPEG (ImageUpload's canvas by default). */
  cropImage?: ImageUploadProps['cropImage'];
}

/** The profile rows of Settings (spec §2): the same rows edit one's own or, for admins, another user. */
export function ProfileRows({
  subject,
  mode,
  save,
  removeImage,
  canChangeSignIn = true,
  cropImage,
}: ProfileRowsProps) {
  return (
    <>
      <NameRow subject={subject} save={save} />
      <EmailRow subject={subject} save={save} mode={mode} editable={canChangeSignIn} />
      <PhoneRow subject={subject} save={save} />
      {canChangeSignIn ? <PasswordRow save={save} mode={mode} /> : null}
      <TimezoneRow subject={subject} save={save} mode={mode} />
      {mode === 'own' ? <TitleRow subject={subject} save={save} /> : null}
      <ImageRow
        subject={subject}
        save={save}
        removeImage={removeImage}
        mode={mode}
        cropImage={cropImage}
      />
      {mode === 'admin' ? <NotificationsRow subject={subject} save={save} /> : null}
    </>
  );
}

type RowProps = { subject: User; save: ProfileRowsProps['save'] };

const nameSchema = yup.object({
  first_name: nameRule('First name'),
  last_name: nameRule('Last name'),
});

function NameRow({ subject, save }: RowProps) {
  return (
    <EditableRow
      label="Name"
      view={`${subject.first_name} ${subject.last_name}`}
      initialValues={{ first_name: subject.first_name, last_name: subject.last_name }}
      schema={nameSchema}
      save={(values) =>
        save({ first_name: values.first_name.trim(), last_name: values.last_name.trim() })
      }
    >
      <div className="gs-profile-rows__pair">
        <FormTextField name="first_name" label="First name" autoComplete="given-name" required />
        <FormTextField name="last_name" label="Last name" autoComplete="family-name" required />
      </div>
    </EditableRow>
  );
}

const emailSchema = yup.object({ email: emailRule('Email address') });

function EmailRow({
  subject,
  save,
  mode,
  editable,
}: RowProps & { mode: ProfileRowsMode; editable: boolean }) {
  return (
    <EditableRow
      label="Email"
      view={
        <>
          {subject.email}
          {editable ? null : <span className="gs-profile-rows__note">{EMAIL_OWNER_ONLY}</span>}
        </>
      }
      initialValues={{ email: subject.email }}
      schema={emailSchema}
      save={(values) => save({ email: values.email.trim() })}
      editable={editable}
    >
      <FormTextField
        name="email"
        type="email"
        label="Email address"
        autoComplete="email"
        required
        hint={
          mode === 'own'
            ? 'A new address must be confirmed: we will email you a link. We may ask for your password first.'
            : 'A new address must be confirmed by its owner: we will email them a link.'
        }
      />
    </EditableRow>
  );
}

const phoneSchema = yup.object({ phone: phoneRule('Phone number') });

function PhoneRow({ subject, save }: RowProps) {
  return (
    <EditableRow
      label="Phone"
      view={subject.phone ?? NOT_SET}
      initialValues={{ phone: subject.phone ?? '' }}
      schema={phoneSchema}
      save={(values) => save({ phone: values.phone })}
    >
      <FormPhoneField name="phone" label="Phone number" required />
    </EditableRow>
  );
}

const ownPasswordSchema = yup.object({
  current_password: yup.string().required(messages.required('Current password')),
  ...newPasswordFields('New password', 'New password confirmation'),
});
const adminPasswordSchema = yup.object(
  newPasswordFields('New password', 'New password confirmation'),
);

function PasswordRow({ save, mode }: { save: ProfileRowsProps['save']; mode: ProfileRowsMode }) {
  const own = mode === 'own';
  return (
    <EditableRow
      label="Password"
      view={
        <>
          <span aria-hidden="true">••••••••</span>
          <VisuallyHidden>Password set</VisuallyHidden>
        </>
      }
      initialValues={{ current_password: '', password: '', password_confirmation: '' }}
      schema={own ? ownPasswordSchema : adminPasswordSchema}
      save={(values) =>
        save({
          ...(own ? { current_password: values.current_password } : {}),
          password: values.password,
          password_confirmation: values.password_confirmation,
        })
      }
      onError={() => toast.error(errorMessages.errorSomethingWentWrong)}
    >
      {own ? (
        <FormTextField
          name="current_password"
          type="password"
          label="Current password"
          autoComplete="current-password"
          required
        />
      ) : null}
      <FormTextField
        name="password"
        type="password"
        label="New password"
        autoComplete="new-password"
        required
        hint={
          own
            ? 'At least 8 characters.'
            : 'At least 8 characters. The user is signed out everywhere.'
        }
      />
      <FormTextField
        name="password_confirmation"
        type="password"
        label="New password confirmation"
        autoComplete="new-password"
        required
      />
    </EditableRow>
  );
}

/** The browser's own offset from UTC now, as GMT+n / GMT-n (spec §3). */
export function browserGmtLabel(now: Date = new Date()): string {
  return gmtLabel(-now.getTimezoneOffset() / 60);
}

const timezoneSchema = yup.object({
  timezone: yup.string().required(messages.required('Timezone')),
});

function TimezoneRow({ subject, save, mode }: RowProps & { mode: ProfileRowsMode }) {
  const browserOffset = mode === 'own' ? browserGmtLabel() : null;
  return (
    <EditableRow
      label="Timezone"
      view={
        <>
          {timezoneLabel(subject.timezone)}
          {browserOffset ? (
            <span className="gs-profile-rows__note">{`This device: ${browserOffset}`}</span>
          ) : null}
        </>
      }
      initialValues={{ timezone: subject.timezone }}
      schema={timezoneSchema}
      save={(values) => save({ timezone: values.timezone })}
    >
      <FormTimezoneSelect
        name="timezone"
        label="Timezone"
        required
        hint={browserOffset ? `This device is at ${browserOffset}.` : undefined}
      />
    </EditableRow>
  );
}

const titleSchema = yup.object({
  title: yup
    .string()
    .trim()
    .max(MAX_ACCOUNT_FIELD_LENGTH, messages.maxLength('Title', MAX_ACCOUNT_FIELD_LENGTH)),
});

function TitleRow({ subject, save }: RowProps) {
  return (
    <EditableRow
      label="Title"
      view={subject.title || NOT_SET}
      initialValues={{ title: subject.title ?? '' }}
      schema={titleSchema}
      save={(values) => save({ title: values.title.trim() || null })}
    >
      <FormTextField
        name="title"
        label="Title"
        hint="Optional, e.g. Founder of Acme or Podcast host."
      />
    </EditableRow>
  );
}

function ImageRow({
  subject,
  save,
  removeImage,
  mode,
  cropImage,
}: RowProps & Pick<ProfileRowsProps, 'removeImage' | 'cropImage'> & { mode: ProfileRowsMode }) {
  const name = `${subject.first_name} ${subject.last_name}`;
  // The crop dialog's Save uploads the picture and attaches it in one step: a failure of either
  // shows in the control ('Image not saved' or the server's message).
  const upload = async (image: Blob, options: UploadImageOptions): Promise<Upload> => {
    const stored = await uploadImage(image, options);
    await save({ image_uuid: stored.uuid });
    return stored;
  };
  return (
    <SettingsRow label="Image">
      <div className="gs-profile-rows__image">
        <ImageUpload
          label={mode === 'own' ? 'Profile image' : `Profile image of ${name}`}
          entity="user"
          value={
            subject.imageUuid ? { uuid: subject.imageUuid, url: subject.imageUrl ?? '' } : null
          }
          upload={upload}
          cropImage={cropImage}
          onDelete={removeImage}
          // Saving already happened in upload/onDelete; the rows show the saved user.
          onChange={() => undefined}
        />
      </div>
    </SettingsRow>
  );
}

function NotificationsRow({ subject, save }: RowProps) {
  const onOff = (on: boolean) => (on ? 'On' : 'Off');
  return (
    <EditableRow
      label="Notifications"
      view={`Email: ${onOff(subject.email_notifications)}, SMS: ${onOff(subject.sms_notifications)}`}
      initialValues={{
        email_notifications: subject.email_notifications,
        sms_notifications: subject.sms_notifications,
      }}
      save={(values) =>
        save({
          email_notifications: values.email_notifications,
          sms_notifications: values.sms_notifications,
        })
      }
    >
      <FormCheckbox
        name="email_notifications"
        label="Email notifications"
        // Spec §5: the email checkbox is disabled for a user without a team.
        disabled={!subject.has_team}
        hint={subject.has_team ? undefined : 'Always on for an account without a team.'}
      />
      <FormCheckbox name="sms_notifications" label="SMS notifications" />
    </EditableRow>
  );
}
