import { Form, Formik } from 'formik';
import { useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { applyFormErrors, queryKeys, type TeamRole } from '@guestspot/shared-api';
import * as teamApi from '@guestspot/shared-api/team';
import { Alert, Button, messages, Modal, toast } from '@guestspot/shared-ui';
import { FormSelect, FormTextField } from '@guestspot/shared-ui/forms';
import { emailRule } from '../../../lib/account-field-rules';

export const ROLE_OPTIONS = [
  { value: 'admin', label: 'Basic' },
  { value: 'agency', label: 'Agency' },
] as const satisfies readonly { value: TeamRole; label: string }[];

const schema = yup.object({
  email: emailRule('Email address'),
  role: yup
    .mixed<TeamRole>()
    .oneOf(['admin', 'agency'], messages.required('Role'))
    .required(messages.required('Role')),
});

interface InviteValues {
  email: string;
  role: TeamRole;
}

const INITIAL: InviteValues = { email: '', role: 'admin' };

/** 'Invite Team Member' (spec §2, §5): email and role (Basic = admin, the default, or Agency). */
export function InviteMemberDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  return (
    <Modal open={open} onClose={onClose} title="Invite Team Member" size="sm">
      <Formik<InviteValues>
        initialValues={INITIAL}
        validationSchema={schema}
        onSubmit={async (values, helpers) => {
          try {
            await teamApi.inviteTeamMember({ email: values.email.trim(), role: values.role });
            toast.success('Invitation sent!');
            await client.invalidateQueries({ queryKey: queryKeys.teamInvitations });
            onClose();
          } catch (error) {
            applyFormErrors(error, helpers);
            toast.error('The invitation was not sent!');
          }
        }}
      >
        {(form) => (
          <Form noValidate aria-label="Invite Team Member" className="gs-team__invite-form">
            {form.status?.error && Object.keys(form.errors).length === 0 ? (
              <Alert tone="danger">{form.status.error}</Alert>
            ) : null}
            <FormTextField name="email" type="email" label="Email address" required />
            <FormSelect
              name="role"
              label="Role"
              options={ROLE_OPTIONS}
              required
              hint="Basic members manage your profiles' everyday tasks; Agency members can manage everything, including payout setup."
            />
            <div className="gs-team__dialog-actions">
              <Button type="button" variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={form.isSubmitting} disabled={form.isSubmitting}>
                Send invitation
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
