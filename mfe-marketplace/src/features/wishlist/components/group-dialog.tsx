import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { applyFormErrors } from '@guestspot/shared-api';
import { Alert, Button, messages, Modal } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';

const NAME_MAX = 255;

const groupSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(messages.required('Group name'))
    .max(NAME_MAX, messages.maxLength('Group name', NAME_MAX)),
});

type GroupValues = yup.InferType<typeof groupSchema>;

interface GroupDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  onClose: () => void;
  /** Saves the name; a rejection's field errors show on the form. */
  onSubmit: (name: string) => Promise<unknown>;
}

/** 'Add wishlist group' and 'Rename group': one name field. */
export function GroupDialog({
  open,
  title,
  submitLabel,
  initialName = '',
  onClose,
  onSubmit,
}: GroupDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={title} size="sm">
      <Formik<GroupValues>
        initialValues={{ name: initialName }}
        enableReinitialize
        validationSchema={groupSchema}
        onSubmit={async (values, helpers) => {
          try {
            await onSubmit(values.name.trim());
            helpers.resetForm();
          } catch (error) {
            applyFormErrors(error, helpers);
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate aria-label={title} className="gs-wishlist-form">
            {status?.error ? <Alert tone="danger">{status.error}</Alert> : null}
            <FormTextField name="name" label="Group name" required autoComplete="off" />
            <div className="gs-wishlist-form__actions">
              <Button type="button" variant="secondary" onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting}>
                {submitLabel}
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}
