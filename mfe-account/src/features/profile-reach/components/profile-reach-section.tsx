import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { errorMessages, queryKeys, type ProfileReach } from '@guestspot/shared-api';
import {
  deleteProfileReach,
  listProfileReach,
  saveProfileReach,
  type ReachPlatform,
} from '@guestspot/shared-api/profile-reach';
import { SOCIAL_NETWORKS } from '@guestspot/shared-api/link-rules';
import { abbreviateNumber, Alert, Button, confirm, messages, toast } from '@guestspot/shared-ui';
import { applyNestedFormErrors, FormSelect, FormTextField } from '@guestspot/shared-ui/forms';
import { EditableRow, SettingsQuery, SettingsSection } from '../../../components/settings';

const PLATFORM_NAMES: Record<ReachPlatform, string> = {
  linkedin: 'LinkedIn',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  youtube: 'YouTube',
  facebook: 'Facebook',
  wikipedia: 'Wikipedia',
  website: 'Website',
  tiktok: 'TikTok',
};

const NOT_DELETED = 'The platform could not be removed. Try again.';

const countField = yup
  .string()
  .trim()
  .required(messages.required('Followers'))
  .matches(/^\d+$/, messages.number('count'));

interface NewReach {
  platform: string;
  count: string;
}

/**
 * /details → Reach (issue 16, decision 097): how many followers or listeners the guest has on
 * each social platform, shown abbreviated (48.2k) as on the public profile. Each platform's count
 * is edited in its row; Add a platform offers the platforms not listed yet; Remove asks first.
 */
export function ProfileReachSection({ profileId }: { profileId: number }) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.profileReach(profileId);
  const query = useQuery({ queryKey, queryFn: () => listProfileReach(profileId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  async function save(platform: string, count: string) {
    await saveProfileReach(profileId, { platform: platform as ReachPlatform, count: +count });
    await refresh();
    toast.success('Your reach was saved.');
  }

  async function remove(entry: ProfileReach) {
    const name = PLATFORM_NAMES[entry.platform as ReachPlatform] ?? entry.platform;
    await confirm({
      title: `Remove ${name}?`,
      message: `Your ${name} followers will no longer show on your profile.`,
      confirmLabel: 'Remove',
      tone: 'danger',
      onConfirm: async () => {
        try {
          await deleteProfileReach(profileId, entry.platform as ReachPlatform);
          await refresh();
        } catch {
          toast.error(NOT_DELETED);
        }
      },
    });
  }

  return (
    <SettingsSection
      id="profile-reach"
      title="Reach"
      description="How many people follow you on each platform. Your profile shows the numbers rounded (48.2k)."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your reach"
        errorMessage="Your reach could not be loaded."
      >
        {(reach) => {
          const unused = SOCIAL_NETWORKS.filter(
            (platform) => !reach.some((entry) => entry.platform === platform),
          );
          return (
            <>
              {reach.map((entry) => {
                const name = PLATFORM_NAMES[entry.platform as ReachPlatform] ?? entry.platform;
                return (
                  <div key={entry.platform}>
                    <EditableRow<{ count: string }>
                      label={name}
                      view={<span>{abbreviateNumber(entry.count)} followers</span>}
                      initialValues={{ count: String(entry.count) }}
                      schema={yup.object({ count: countField })}
                      save={(values) => save(entry.platform, values.count)}
                      onError={() => toast.error(errorMessages.errorSomethingWentWrong)}
                    >
                      <FormTextField name="count" label="Followers" inputMode="numeric" required />
                    </EditableRow>
                    <Button variant="secondary" size="sm" onClick={() => remove(entry)}>
                      Remove {name}
                    </Button>
                  </div>
                );
              })}
              {reach.length === 0 ? <p>No platforms yet.</p> : null}
              {unused.length > 0 ? (
                <AddPlatform
                  unused={unused}
                  save={(values) => save(values.platform, values.count)}
                />
              ) : null}
            </>
          );
        }}
      </SettingsQuery>
    </SettingsSection>
  );
}

const newReachSchema = yup.object({
  platform: yup.string().required(messages.required('Platform')),
  count: countField,
});

/**
 * "Add a platform": a plain button (its name is what it does) opening the form for a platform
 * not listed yet. Focus moves into the form, and back to the button when it closes.
 */
function AddPlatform({
  unused,
  save,
}: {
  unused: readonly ReachPlatform[];
  save: (values: NewReach) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLDivElement>(null);

  const opened = useRef(false);

  useEffect(() => {
    if (open) formRef.current?.querySelector<HTMLElement>('select, input')?.focus();
    // Back to Add once the form has closed (not on the first render).
    else if (opened.current) addButton.current?.focus();
    opened.current = open;
  }, [open]);

  const close = () => setOpen(false);

  if (!open) {
    return (
      <div className="gs-settings-row__actions">
        <Button ref={addButton} variant="secondary" onClick={() => setOpen(true)}>
          Add a platform
        </Button>
      </div>
    );
  }
  return (
    <div ref={formRef}>
      <Formik<NewReach>
        initialValues={{ platform: unused[0] ?? '', count: '' }}
        validationSchema={newReachSchema}
        onSubmit={async (values, helpers) => {
          try {
            await save(values);
            close();
          } catch (error) {
            applyNestedFormErrors(error, helpers);
            toast.error(errorMessages.errorSomethingWentWrong);
          }
        }}
      >
        {(form) => (
          <Form noValidate className="gs-settings-row__form" aria-label="Add a platform">
            {form.status?.error ? <Alert tone="danger">{form.status.error}</Alert> : null}
            <FormSelect
              name="platform"
              label="Platform"
              required
              options={unused.map((platform) => ({
                value: platform,
                label: PLATFORM_NAMES[platform],
              }))}
            />
            <FormTextField name="count" label="Followers" inputMode="numeric" required />
            <div className="gs-settings-row__form-actions">
              <Button type="submit" loading={form.isSubmitting} disabled={form.isSubmitting}>
                Save
              </Button>
              <Button
                type="button"
                variant="secondary"
                disabled={form.isSubmitting}
                onClick={close}
              >
                Cancel
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}
