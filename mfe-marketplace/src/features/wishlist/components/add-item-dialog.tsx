import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { applyFormErrors, isApiError, type SmartlistItem } from '@guestspot/shared-api';
import * as smartlistApi from '@guestspot/shared-api/smartlist';
import { Alert, Button, messages, Modal } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import type { WishlistType } from '../hooks/use-wishlist';

const NAME_MAX = 255;

/** Emails typed as one comma-separated text: each must be a valid address. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[,;\s]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

const emailCheck = yup.string().email();

export const itemSchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(messages.required('Name'))
    .max(NAME_MAX, messages.maxLength('Name', NAME_MAX)),
  domain: yup.string().trim().max(NAME_MAX, messages.maxLength('Domain', NAME_MAX)),
  emails: yup
    .string()
    .test('emails', messages.email(), (value) =>
      splitEmails(value ?? '').every((email) => emailCheck.isValidSync(email)),
    ),
  phone: yup.string().trim().max(NAME_MAX, messages.maxLength('Phone', NAME_MAX)),
  notes: yup.string(),
});

type ItemValues = yup.InferType<typeof itemSchema>;

interface AddItemDialogProps {
  open: boolean;
  userId: number;
  type: WishlistType;
  onClose: () => void;
  onAdded: (item: SmartlistItem) => void;
  /** The server refused past the limit (426): the page shows the upgrade prompt. */
  onLimit: (message: string) => void;
}

/** 'Add' on the wishlist: a person typed in by hand (name, domain, emails, phone, a first note). */
export function AddItemDialog({
  open,
  userId,
  type,
  onClose,
  onAdded,
  onLimit,
}: AddItemDialogProps) {
  const title = type === 'guest' ? 'Add a guest' : 'Add a show';
  return (
    <Modal open={open} onClose={onClose} title={title}>
      <Formik<ItemValues>
        initialValues={{ name: '', domain: '', emails: '', phone: '', notes: '' }}
        validationSchema={itemSchema}
        onSubmit={async (values, helpers) => {
          try {
            const item = await smartlistApi.addSmartlistItem(userId, {
              type,
              name: values.name.trim(),
              domain: values.domain?.trim() || null,
              emails: splitEmails(values.emails ?? ''),
              phone: values.phone?.trim() || null,
              notes: values.notes?.trim() ? [values.notes.trim()] : [],
            });
            helpers.resetForm();
            onAdded(item);
          } catch (error) {
            if (isLimitError(error)) {
              onLimit(error.message);
              return;
            }
            applyFormErrors(error, helpers);
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate aria-label={title} className="gs-wishlist-form">
            {status?.error ? <Alert tone="danger">{status.error}</Alert> : null}
            <FormTextField name="name" label="Name" required autoComplete="off" />
            <FormTextField name="domain" label="Domain" hint="e.g. growthtalk.fm" />
            <FormTextField name="emails" label="Emails" hint="Separate addresses with commas." />
            <FormTextField name="phone" label="Phone" type="tel" />
            <FormTextField name="notes" label="Note" />
            <div className="gs-wishlist-form__actions">
              <Button type="button" variant="secondary" onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" loading={isSubmitting}>
                Add
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </Modal>
  );
}

/** The server's wishlist limit answer (426 'You reached the limit of 10 people'). */
export function isLimitError(error: unknown): error is Error {
  return isApiError(error) && error.status === 426;
}
