import { useId } from 'react';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import {
  applyFormErrors,
  errorMessages,
  isApiError,
  type BookingDetail,
} from '@guestspot/shared-api';
import { isWebUrl } from '@guestspot/shared-api/link-rules';
import { Button, messages, Modal, toast } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { useActOnBooking } from '../hooks/use-booking';

interface SchedulingLinkValues {
  url: string;
}

// Spec §5: non-empty and a URL, by the link rule the server checks with (isWebUrl: http or https
// with a host), with the server's message for anything else.
const schedulingLinkSchema = yup.object({
  url: yup
    .string()
    .trim()
    .required(messages.required('Scheduling link'))
    .test('url', messages.url(), (value) => !value || isWebUrl(value)),
});

/**
 * Send a scheduling link (PATCH …/scheduling-link): the date is agreed elsewhere and the booking
 * becomes scheduled without a date (decision 111).
 */
export function SchedulingLinkDialog({
  booking,
  onClose,
}: {
  booking: BookingDetail;
  onClose: () => void;
}) {
  const act = useActOnBooking(booking.id);
  const formId = useId();
  return (
    <Formik<SchedulingLinkValues>
      initialValues={{ url: '' }}
      validationSchema={schedulingLinkSchema}
      onSubmit={async (values, helpers) => {
        try {
          await act.mutateAsync({
            action: 'scheduling-link',
            payload: { url: values.url.trim() },
          });
        } catch (failure) {
          // A refused link is told under the field (422); any other failure by spec §8's toast.
          if (isApiError(failure) && failure.fieldErrors.url) applyFormErrors(failure, helpers);
          else toast.error(errorMessages.errorDotSomethingWentWrong);
          return;
        }
        toast.success('The scheduling link was sent.');
        onClose();
      }}
    >
      {({ isSubmitting }) => (
        <Modal
          open
          size="sm"
          title="Send a scheduling link"
          description={`Share a link where ${booking.counterpart.name} can pick the interview's time, such as your booking calendar.`}
          onClose={onClose}
          closeOnEscape={!isSubmitting}
          closeOnBackdropClick={!isSubmitting}
          footer={
            <>
              <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" form={formId} loading={isSubmitting}>
                Send link
              </Button>
            </>
          }
        >
          <Form id={formId} noValidate>
            <FormTextField
              name="url"
              label="Scheduling link"
              type="url"
              inputMode="url"
              autoComplete="url"
              placeholder="https://"
              required
            />
          </Form>
        </Modal>
      )}
    </Formik>
  );
}
