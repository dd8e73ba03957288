import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { applyFormErrors, useCurrentUser, errorMessages } from '@guestspot/shared-api';
import { sendInquiry } from '@guestspot/shared-api/inquiries';
import { Button, Modal, messages, PHONE_PATTERN, toast } from '@guestspot/shared-ui';
import { FormPhoneField, FormTextArea, FormTextField } from '@guestspot/shared-ui/forms';

export const INQUIRY_SUCCESS = 'Your request was successfully submitted.';
export const INQUIRY_NAME_MAX = 100;

const inquirySchema = yup.object({
  name: yup
    .string()
    .trim()
    .required(messages.required('Name'))
    .max(INQUIRY_NAME_MAX, messages.maxLength('Name', INQUIRY_NAME_MAX)),
  email: yup.string().trim().required(messages.required('Email')).email(messages.email()),
  phone: yup
    .string()
    .required(messages.required('Phone'))
    .matches(PHONE_PATTERN, messages.minLength('Phone', 10)),
  message: yup.string().trim().required(messages.required('Message')),
});

type InquiryValues = yup.InferType<typeof inquirySchema>;

export interface InquiryDialogProps {
  open: boolean;
  onClose: () => void;
  profile: { id: number; name: string; type: 'guest' | 'show' };
}

/** The Inquire modal (spec §5): name, email, phone (masked), message; toasts on both outcomes. */
export function InquiryDialog({ open, onClose, profile }: InquiryDialogProps) {
  const user = useCurrentUser();
  const initialValues: InquiryValues = {
    name: user ? `${user.first_name} ${user.last_name}`.trim().slice(0, INQUIRY_NAME_MAX) : '',
    email: user?.email ?? '',
    phone: '',
    message: '',
  };
  return (
    <Formik<InquiryValues>
      initialValues={initialValues}
      validationSchema={inquirySchema}
      onSubmit={async (values, helpers) => {
        try {
          await sendInquiry({
            name: values.name.trim(),
            email: values.email.trim(),
            phone: values.phone,
            message: values.message.trim(),
            profile_id: profile.id,
            profile_type: profile.type,
          });
          toast.success(INQUIRY_SUCCESS);
          helpers.resetForm();
          onClose();
        } catch (error) {
          applyFormErrors(error, helpers);
          toast.error(errorMessages.tryAgainInAFewMinutes);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Modal
          open={open}
          onClose={onClose}
          title={`Inquire about ${profile.name}`}
          description="Your message and contact details go to the profile's owner."
          footer={
            <>
              <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" form="gs-inquiry-form" loading={isSubmitting}>
                Send inquiry
              </Button>
            </>
          }
        >
          <Form
            id="gs-inquiry-form"
            noValidate
            aria-label="Inquiry"
            className="gs-profile-actions__form"
          >
            <FormTextField
              name="name"
              label="Name"
              required
              autoComplete="name"
              maxLength={INQUIRY_NAME_MAX}
            />
            <FormTextField name="email" label="Email" type="email" required autoComplete="email" />
            <FormPhoneField name="phone" label="Phone" required autoComplete="tel-national" />
            <FormTextArea name="message" label="Message" required rows={5} />
          </Form>
        </Modal>
      )}
    </Formik>
  );
}
