import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { type Integration } from '@guestspot/shared-api';
import * as integrationsApi from '@guestspot/shared-api/integrations';
import { Alert, Button, messages, Modal } from '@guestspot/shared-ui';
import { applyNestedFormErrors, FormTextField } from '@guestspot/shared-ui/forms';

export const ICLOUD_CONNECTION_ERROR = 'iCloud connection error';

const EMAIL_LABEL = 'iCloud Email';
const PASSWORD_LABEL = 'iCloud Password';

const icloudSchema = yup.object({
  credentials: yup.object({
    email: yup
      .string()
      .trim()
      .required(messages.required(EMAIL_LABEL))
      .email(messages.email())
      .max(255, messages.maxLength(EMAIL_LABEL, 255)),
    password: yup
      .string()
      .required(messages.required(PASSWORD_LABEL))
      .max(255, messages.maxLength(PASSWORD_LABEL, 255)),
  }),
});

type ICloudValues = yup.InferType<typeof icloudSchema>;

/**
 * Connect iCloud (spec §5): the iCloud email and an app-specific password (iCloud refuses the
 * account password for third-party apps). A refusal shows 'iCloud connection error' with the
 * server's field errors; the typed email stays.
 */
export function ICloudConnectDialog({
  open,
  onClose,
  onConnected,
  initialEmail = '',
}: {
  open: boolean;
  onClose: () => void;
  onConnected: (integration: Integration) => void;
  initialEmail?: string;
}) {
  return (
    <Modal open={open} onClose={onClose} title="Connect iCloud" size="sm">
      <Formik<ICloudValues>
        initialValues={{ credentials: { email: initialEmail, password: '' } }}
        validationSchema={icloudSchema}
        onSubmit={async (values, helpers) => {
          try {
            const integration = await integrationsApi.connectICloud({
              email: values.credentials.email.trim(),
              password: values.credentials.password,
            });
            onConnected(integration);
          } catch (error) {
            applyNestedFormErrors(error, helpers);
            // Whatever went wrong (refused, unreachable), the spec's message says it.
            helpers.setStatus({ error: ICLOUD_CONNECTION_ERROR });
          }
        }}
      >
        {(form) => (
          <Form noValidate className="gs-calendars__form" aria-label="Connect iCloud">
            {form.status?.error ? <Alert tone="danger">{form.status.error}</Alert> : null}
            <FormTextField
              name="credentials.email"
              label={EMAIL_LABEL}
              type="email"
              autoComplete="username"
              required
            />
            <FormTextField
              name="credentials.password"
              label={PASSWORD_LABEL}
              type="password"
              autoComplete="off"
              required
              hint="An app-specific password (like abcd-efgh-ijkl-mnop): create one at appleid.apple.com under Sign-In and Security."
            />
            <div className="gs-calendars__actions">
              <Button type="submit" loading={form.isSubmitting} disabled={form.isSubmitting}>
                Connect
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={onClose}
                disabled={form.isSubmitting}
              >
                Cancel
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
