import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { errorMessages, queryKeys, type ShowProfileStat } from '@guestspot/shared-api';
import {
  cancelStatVerification,
  getShowStats,
  saveShowStat,
  STAT_SLOTS,
  updateRephonicId,
} from '@guestspot/shared-api/show-stats';
import { Button, confirm, messages, toast } from '@guestspot/shared-ui';
import { FormCheckbox, FormTextField } from '@guestspot/shared-ui/forms';
import { EditableRow, SettingsQuery, SettingsSection } from '../../../components/settings';

const MAX_STAT_TEXT = 50;
const NOT_CANCELLED = 'The verification request could not be cancelled. Try again.';

const STATUS_TEXT: Record<NonNullable<ShowProfileStat['verification_status']>, string> = {
  pending: 'Verification requested',
  verified: 'Verified',
  cancelled: 'Verification request cancelled',
};

interface StatValues {
  label: string;
  value: string;
  request_verification: boolean;
}

const statSchema = yup.object({
  label: yup
    .string()
    .trim()
    .required(messages.required('Label'))
    .max(MAX_STAT_TEXT, messages.maxLength('Label', MAX_STAT_TEXT)),
  value: yup
    .string()
    .trim()
    .required(messages.required('Value'))
    .max(MAX_STAT_TEXT, messages.maxLength('Value', MAX_STAT_TEXT)),
  request_verification: yup.boolean(),
});

const rephonicSchema = yup.object({
  rephonic_id: yup
    .string()
    .trim()
    .max(255, messages.maxLength('Rephonic ID', 255))
    .matches(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, {
      message: 'The Rephonic ID may only contain letters, numbers, dots, dashes and underscores.',
      excludeEmptyString: true,
    }),
});

/**
 * /details → Platform stats (issue 16, decision 097): the three figures a show's card shows
 * (label and value), each with an optional verification request the show may cancel while it
 * is pending, and the show's Rephonic id (its audience figures there).
 */
export function ShowStatsSection({ profileId }: { profileId: number }) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.showStats(profileId);
  const query = useQuery({ queryKey, queryFn: () => getShowStats(profileId) });
  const refresh = () => queryClient.invalidateQueries({ queryKey });

  async function cancelRequest(stat: ShowProfileStat) {
    await confirm({
      title: 'Cancel the verification request?',
      message: `“${stat.label}” will no longer be checked. You can ask again later.`,
      confirmLabel: 'Cancel request',
      tone: 'danger',
      onConfirm: async () => {
        try {
          await cancelStatVerification(profileId, stat.id);
          await refresh();
          toast.success('The verification request was cancelled.');
        } catch {
          toast.error(NOT_CANCELLED);
        }
      },
    });
  }

  return (
    <SettingsSection
      id="platform-stats"
      title="Platform stats"
      description="Up to three figures your show card displays, such as downloads per episode. Ask us to verify a figure to earn a Verified mark."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your platform stats"
        errorMessage="Your platform stats could not be loaded."
      >
        {({ stats, rephonic_id }) => (
          <>
            {Array.from({ length: STAT_SLOTS }, (_, index) => {
              const slot = index + 1;
              const stat = stats.find((entry) => entry.slot === slot);
              return (
                <div key={slot}>
                  <EditableRow<StatValues>
                    label={`Stat ${slot}`}
                    view={
                      stat ? (
                        <span>
                          {stat.label}: {stat.value}
                          {stat.verification_status
                            ? ` (${STATUS_TEXT[stat.verification_status]})`
                            : ''}
                        </span>
                      ) : (
                        <span>Not set</span>
                      )
                    }
                    initialValues={{
                      label: stat?.label ?? '',
                      value: stat?.value ?? '',
                      request_verification: false,
                    }}
                    schema={statSchema}
                    save={async (values) => {
                      await saveShowStat(profileId, { slot, ...values });
                      await refresh();
                      toast.success('Your stat was saved.');
                    }}
                    onError={() => toast.error(errorMessages.errorSomethingWentWrong)}
                  >
                    <FormTextField name="label" label="Label" required />
                    <FormTextField name="value" label="Value" required />
                    <FormCheckbox name="request_verification" label="Request verification" />
                  </EditableRow>
                  {stat?.verification_status === 'pending' ? (
                    <Button variant="secondary" size="sm" onClick={() => cancelRequest(stat)}>
                      Cancel verification request for Stat {slot}
                    </Button>
                  ) : null}
                </div>
              );
            })}
            <EditableRow<{ rephonic_id: string }>
              label="Rephonic ID"
              view={<span>{rephonic_id ?? 'Not set'}</span>}
              initialValues={{ rephonic_id: rephonic_id ?? '' }}
              schema={rephonicSchema}
              save={async (values) => {
                await updateRephonicId(profileId, values.rephonic_id.trim() || null);
                await refresh();
                toast.success('Your Rephonic ID was saved.');
              }}
              onError={() => toast.error(errorMessages.errorSomethingWentWrong)}
            >
              <FormTextField
                name="rephonic_id"
                label="Rephonic ID"
                hint="The last part of your show's address on rephonic.com. Leave empty to unlink."
              />
            </EditableRow>
          </>
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}
