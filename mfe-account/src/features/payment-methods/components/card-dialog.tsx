import { queryKeys, serverMessage, type PaymentMethod, errorMessages } from '@guestspot/shared-api';
import * as billingApi from '@guestspot/shared-api/billing';
import { Alert, Button, Modal, toast } from '@guestspot/shared-ui';
import { CardField, useCardSetup } from '@guestspot/shared-ui/card-field';
import { FormCheckbox } from '@guestspot/shared-ui/forms';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useId, useState } from 'react';
import * as yup from 'yup';
import { cardName } from '../../../lib/billing-format';

export const CARD_SAVE_ERROR = 'There was an error while attempting to save your payment method.';
export const CARD_SAVED = 'Your payment method was saved';
export const SAVE_FOR_BOOKINGS = 'Save this card for future bookings';

const cardDialogSchema = yup.object({
  /** Use the new card for future bookings: it becomes the account's default card. */
  useForBookings: yup.boolean().required(),
});

type CardDialogValues = yup.InferType<typeof cardDialogSchema>;

export interface CardDialogProps {
  open: boolean;
  onClose: () => void;
  /** Where the card field comes from: Stripe Elements with a key, the local field with null. */
  stripePublishableKey: string | null;
  /** The saved card this one replaces (the Pro single-card Update); absent: add a card. */
  replacing?: PaymentMethod;
}

/**
 * The add-card modal, also the Update of a Pro account's only card. A new setup intent is
 * confirmed by the card field, then the card is saved (and made the default when asked) or
 * replaces the old one in one call (decision 027). Save stays disabled until the card is complete
 * (spec §5) and while saving; failures stay in the dialog with the details.
 */
export function CardDialog({ open, onClose, stripePublishableKey, replacing }: CardDialogProps) {
  return open ? (
    <OpenCardDialog
      onClose={onClose}
      stripePublishableKey={stripePublishableKey}
      replacing={replacing}
    />
  ) : null;
}

function OpenCardDialog({
  onClose,
  stripePublishableKey,
  replacing,
}: Omit<CardDialogProps, 'open'>) {
  const queryClient = useQueryClient();
  const cardSetup = useCardSetup();
  const [complete, setComplete] = useState(false);
  const formId = useId();
  const title = replacing ? 'Update payment method' : 'Add payment method';

  const submit = async (values: CardDialogValues, helpers: FormikHelpers<CardDialogValues>) => {
    helpers.setStatus(undefined);
    try {
      const intent = await billingApi.createSetupIntent({ usage: 'off_session' });
      const result = await cardSetup.confirmSetup(intent.client_secret);
      if ('error' in result) {
        helpers.setStatus({ detail: result.error });
        return;
      }
      const saved = replacing
        ? await billingApi.replacePaymentMethod(replacing.id, result.paymentMethodId)
        : await billingApi.savePaymentMethod(result.paymentMethodId, true);
      if (!replacing && values.useForBookings && !saved.data.default) {
        await billingApi.setDefaultPaymentMethod(saved.data.id);
      }
      toast.success(saved.message || CARD_SAVED);
      onClose();
    } catch (error) {
      helpers.setStatus({ detail: serverMessage(error, errorMessages.somethingWentWrongNoStop) });
    } finally {
      // Whatever happened on the way (a card saved before a later call failed), show the truth.
      void queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods });
    }
  };

  return (
    <Formik<CardDialogValues>
      initialValues={{ useForBookings: true }}
      validationSchema={cardDialogSchema}
      onSubmit={submit}
    >
      {({ isSubmitting, status }) => (
        <Modal
          open
          onClose={() => {
            if (!isSubmitting) onClose();
          }}
          title={title}
          description={
            replacing
              ? `The new card replaces your ${cardName(replacing)} and pays for your Pro subscription.`
              : undefined
          }
          size="sm"
          footer={
            <>
              <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button
                type="submit"
                form={formId}
                disabled={!complete || isSubmitting}
                loading={isSubmitting}
              >
                Save
              </Button>
            </>
          }
        >
          <Form id={formId} noValidate aria-label={title} className="gs-card-dialog">
            {status?.detail ? (
              <Alert tone="danger" title={CARD_SAVE_ERROR}>
                {status.detail}
              </Alert>
            ) : null}
            <CardField
              setup={cardSetup}
              stripePublishableKey={stripePublishableKey}
              confirmLocalSetup={billingApi.confirmLocalSetupIntent}
              onChange={(event) => setComplete(event.complete)}
              disabled={isSubmitting}
            />
            {replacing ? null : (
              <FormCheckbox
                name="useForBookings"
                label={SAVE_FOR_BOOKINGS}
                hint="It becomes your default card."
                disabled={isSubmitting}
              />
            )}
          </Form>
        </Modal>
      )}
    </Formik>
  );
}
