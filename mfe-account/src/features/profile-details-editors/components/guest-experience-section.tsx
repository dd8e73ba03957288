import * as yup from 'yup';
import type { GuestExperience, GuestProfileDetail } from '@guestspot/shared-api';
import { updateGuest } from '@guestspot/shared-api/guests';
import { messages } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { SettingsQuery, SettingsSection } from '../../../components/settings';
import { ProfileForm } from '../../../components/profile-forms/form-parts';
import { useGuestProfile } from '../hooks/use-profile-editor';
import {
  cleanRoles,
  cleanTexts,
  GUEST_LIST_LIMITS as LIMITS,
  onFormRows,
  rowsToEdit,
  type RoleValues,
  type SentList,
} from '../lib/guest-lists';
import { EditorPanel, SavedList } from './editor-panel';
import { ListField } from './list-field';

const NO_ROLE: RoleValues = { title: '', organization: '', years: '' };

const experienceSchema = yup.object({
  experience: yup
    .array(
      yup.object({
        // A role left wholly empty is not sent; one with an organization or years needs a title.
        title: yup
          .string()
          .trim()
          .max(LIMITS.roleText, messages.maxLength('Title', LIMITS.roleText))
          .test(
            'required',
            messages.required('Title'),
            // Formik validates an empty field as undefined.
            (title, { parent }: { parent: Partial<RoleValues> }) =>
              Boolean(title) || !(parent.organization?.trim() || parent.years?.trim()),
          ),
        organization: yup
          .string()
          .trim()
          .max(LIMITS.roleText, messages.maxLength('Organization', LIMITS.roleText)),
        years: yup.string().trim().max(LIMITS.years, messages.maxLength('Years', LIMITS.years)),
      }),
    )
    .max(LIMITS.roles, messages.maxValue('Roles', LIMITS.roles))
    .required(),
});

const topicsSchema = yup.object({
  topics: yup
    .array(yup.string().trim().max(LIMITS.topic, messages.maxLength('Topic', LIMITS.topic)))
    .max(LIMITS.topics, messages.maxValue('Topics', LIMITS.topics))
    .required(),
});

/** A role as the public profile shows it: 'VP Growth, Brightcart · 2019–2022'. */
function roleText(role: GuestExperience): string {
  const where = role.organization ? `${role.title}, ${role.organization}` : role.title;
  return role.years ? `${where} · ${role.years}` : where;
}

function RoleFields({ index }: { index: number }) {
  return (
    <fieldset className="gs-profile-editor__role">
      <legend>Role {index + 1}</legend>
      <div className="gs-profile-form__row">
        <FormTextField
          name={`experience.${index}.title`}
          label="Title"
          required
          maxLength={LIMITS.roleText}
        />
        <FormTextField
          name={`experience.${index}.organization`}
          label="Organization"
          maxLength={LIMITS.roleText}
        />
        <FormTextField
          name={`experience.${index}.years`}
          label="Years"
          placeholder="2019–2022"
          maxLength={LIMITS.years}
        />
      </div>
    </fieldset>
  );
}

/**
 * /details/guest → Experience and topics: the roles and subjects the public profile lists
 * (PUT /guests/{id} with `experience` or `topics`, each replaced whole). Blank rows are not sent,
 * and a 422 on a sent entry lands on the row it came from.
 */
export function GuestExperienceSection({ profileId }: { profileId: number }) {
  const { query, keep } = useGuestProfile(profileId);
  const saveList = async <Key extends 'experience' | 'topics'>(
    name: Key,
    sent: SentList<GuestProfileDetail[Key][number]>,
  ) => {
    const saved = await updateGuest(profileId, { [name]: sent.list }).catch((error: unknown) => {
      throw onFormRows(error, name, sent.rows);
    });
    keep({ ...saved, [name]: sent.list });
  };

  return (
    <SettingsSection
      id="guest-experience"
      title="Experience and topics"
      description="The roles and subjects shows read about on your public profile."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your experience and topics"
        errorMessage="Your experience and topics could not be loaded."
      >
        {(profile) => (
          <>
            <EditorPanel
              label="Experience"
              view={
                <SavedList entries={profile.experience.map(roleText)} empty="No roles added yet." />
              }
            >
              {({ save, cancel }) => (
                <ProfileForm<{ experience: RoleValues[] }>
                  label="Experience"
                  initialValues={{
                    experience: rowsToEdit(
                      profile.experience.map((role) => ({
                        title: role.title,
                        organization: role.organization ?? '',
                        years: role.years ?? '',
                      })),
                      NO_ROLE,
                    ),
                  }}
                  schema={experienceSchema}
                  submitLabel="Save"
                  secondaryAction={cancel}
                  submit={(values) =>
                    save(() => saveList('experience', cleanRoles(values.experience)))
                  }
                >
                  <ListField
                    name="experience"
                    legend="Roles"
                    description="Positions you hold or held, each with its title. Empty rows are not saved."
                    noun="role"
                    plural="roles"
                    max={LIMITS.roles}
                    empty={NO_ROLE}
                  >
                    {(index) => <RoleFields index={index} />}
                  </ListField>
                </ProfileForm>
              )}
            </EditorPanel>
            <EditorPanel
              label="Topics"
              view={<SavedList entries={profile.topics} empty="No topics added yet." />}
            >
              {({ save, cancel }) => (
                <ProfileForm<{ topics: string[] }>
                  label="Topics"
                  initialValues={{ topics: rowsToEdit(profile.topics, '') }}
                  schema={topicsSchema}
                  submitLabel="Save"
                  secondaryAction={cancel}
                  submit={(values) => save(() => saveList('topics', cleanTexts(values.topics)))}
                >
                  <ListField
                    name="topics"
                    legend="Your topics"
                    description={`What you talk about, up to ${LIMITS.topic} characters each.`}
                    noun="topic"
                    plural="topics"
                    max={LIMITS.topics}
                    empty=""
                  >
                    {(index) => (
                      <FormTextField
                        name={`topics.${index}`}
                        label={`Topic ${index + 1}`}
                        maxLength={LIMITS.topic}
                      />
                    )}
                  </ListField>
                </ProfileForm>
              )}
            </EditorPanel>
          </>
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}
