import {
  applyFormErrors,
  GENERIC_ERROR_MESSAGE,
  getCurrentUser,
  queryKeys,
  serverMessage,
  useSessionStore,
  type PaymentMethod,
  type PlanName,
  type User,
} from '@guestspot/shared-api';
import * as billingApi from '@guestspot/shared-api/billing';
import { Alert, Button, ErrorState, Skeleton } from '@guestspot/shared-ui';
import { CardField, useCardSetup } from '@guestspot/shared-ui/card-field';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';
import { cardLabel } from '../../lib/billing-format';
import { DEFAULT_PLANS, formatPlanPrice, PLAN_LABELS } from '../../lib/plans';
import { useCouponLookup, type CouponLookup } from '../../hooks/use-coupon-lookup';
import './subscribe-form.css';

export const TRIAL_NOTE = 'Includes a 14 day trial before billing begins';
export const CARD_SETUP_ERROR = 'There was an error while attempting to start your subscription.';
export const NEW_CARD = 'new';

const PLAN_NAMES: PlanName[] = ['monthly', 'yearly'];

const subscribeSchema = yup.object({
  plan: yup.mixed<PlanName>().oneOf(PLAN_NAMES).required(),
  /** a saved method's id, or 'new' for the card field */
  payment_method: yup.string().required(),
  coupon: yup.string().max(64, 'The Coupon code cannot exceed 64 characters'),
});

type SubscribeValues = yup.InferType<typeof subscribeSchema>;

export interface SubscribeFormProps {
  /** Called with the refetched user (now Pro) once the subscription exists. */
  onSubscribed: (user: User) => void;
  initialPlan?: PlanName;
  /** Told when the billing cycle changes (the modal shows that plan's price beside the form). */
  onPlanChange?: (plan: PlanName) => void;
}

function CouponStatus({ lookup, id }: { lookup: CouponLookup; id: string }) {
  if (lookup.status === 'empty') return <p id={id} hidden />;
  if (lookup.status === 'checking') {
    return (
      <p id={id} className="gs-subscribe__coupon" role="status">
        Checking the coupon…
      </p>
    );
  }
  if (lookup.status === 'valid') {
    return (
      <p id={id} className="gs-subscribe__coupon" data-state="valid" role="status">
        {lookup.coupon.description}
      </p>
    );
  }
  return (
    <p id={id} className="gs-subscribe__coupon" data-state="invalid" role="alert">
      {lookup.message}
    </p>
  );
}

/**
 * The right column of the Subscribe modal, also the wizard's Go Pro step: plan, card (new or
 * saved), coupon, Unlock Pro Now. Subscribing: setup intent, card confirmation (Stripe or local),
 * save the method, create the subscription, refetch the user, then onSubscribed(user).
 */
export function SubscribeForm({
  onSubscribed,
  initialPlan = 'monthly',
  onPlanChange,
}: SubscribeFormProps) {
  const config = useQuery({
    queryKey: queryKeys.billingConfig,
    queryFn: billingApi.getBillingConfig,
    staleTime: Infinity,
  });
  const methods = useQuery({
    queryKey: queryKeys.paymentMethods,
    queryFn: billingApi.listPaymentMethods,
  });
  const plans = useQuery({
    queryKey: queryKeys.plans,
    queryFn: billingApi.getPlans,
    staleTime: Infinity,
  });

  if (config.isPending || methods.isPending) {
    return (
      <div className="gs-subscribe" role="status" aria-label="Loading the subscription form">
        <Skeleton height={40} />
        <Skeleton height={120} />
        <Skeleton height={44} />
      </div>
    );
  }
  if (config.isError || methods.isError) {
    return (
      <ErrorState
        titleAs="h3"
        message="The subscription form could not be loaded."
        onRetry={() => {
          void config.refetch();
          void methods.refetch();
        }}
      />
    );
  }
  const saved = methods.data;
  const defaultMethod = saved.find((method) => method.default) ?? saved[0];
  return (
    <SubscribeFormFields
      onSubscribed={onSubscribed}
      initialPlan={initialPlan}
      onPlanChange={onPlanChange}
      stripeKey={config.data.stripe_publishable_key}
      savedMethods={saved}
      initialMethod={defaultMethod?.id ?? NEW_CARD}
      plans={plans.data ?? DEFAULT_PLANS}
    />
  );
}

interface FieldsProps {
  onSubscribed: (user: User) => void;
  initialPlan: PlanName;
  onPlanChange: ((plan: PlanName) => void) | undefined;
  stripeKey: string | null;
  savedMethods: PaymentMethod[];
  initialMethod: string;
  plans: typeof DEFAULT_PLANS;
}

function SubscribeFormFields({
  onSubscribed,
  initialPlan,
  onPlanChange,
  stripeKey,
  savedMethods,
  initialMethod,
  plans,
}: FieldsProps) {
  const queryClient = useQueryClient();
  const cardSetup = useCardSetup();
  const [cardComplete, setCardComplete] = useState(false);
  const [coupon, setCoupon] = useState('');
  const lookup = useCouponLookup(coupon);

  const submit = async (values: SubscribeValues, helpers: FormikHelpers<SubscribeValues>) => {
    helpers.setStatus(undefined);
    let paymentMethod = values.payment_method;
    if (paymentMethod === NEW_CARD) {
      // A new intent for every attempt: after a failed subscription the next try starts clean.
      try {
        const intent = await billingApi.createSetupIntent({ usage: 'off_session' });
        const result = await cardSetup.confirmSetup(intent.client_secret);
        if ('error' in result) {
          helpers.setStatus({ error: CARD_SETUP_ERROR, detail: result.error });
          return;
        }
        await billingApi.savePaymentMethod(result.paymentMethodId, true);
        paymentMethod = result.paymentMethodId;
      } catch (error) {
        helpers.setStatus({
          error: CARD_SETUP_ERROR,
          detail: serverMessage(error, GENERIC_ERROR_MESSAGE),
        });
        return;
      }
      // The card is on the account now: a retry uses it instead of asking for it again.
      await queryClient.invalidateQueries({ queryKey: queryKeys.paymentMethods });
      helpers.setFieldValue('payment_method', paymentMethod, false);
    }
    try {
      await billingApi.createSubscription({
        plan: values.plan,
        payment_method: paymentMethod,
        price: plans[values.plan].price,
        ...(lookup.status === 'valid' ? { coupon: lookup.coupon.code } : {}),
      });
    } catch (error) {
      applyFormErrors(error, helpers);
      return;
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.billing });
    let user: User | null = null;
    try {
      user = (await useSessionStore.getState().refetch()) ?? (await getCurrentUser());
    } catch (error) {
      helpers.setStatus({ error: serverMessage(error, GENERIC_ERROR_MESSAGE) });
      return;
    }
    queryClient.setQueryData(queryKeys.currentUser, user);
    onSubscribed(user);
  };

  return (
    <Formik<SubscribeValues>
      initialValues={{ plan: initialPlan, payment_method: initialMethod, coupon: '' }}
      validationSchema={subscribeSchema}
      onSubmit={submit}
    >
      {({ values, isSubmitting, status, errors, setFieldValue }) => {
        const usingNewCard = values.payment_method === NEW_CARD;
        const couponBlocks = lookup.status === 'checking' || lookup.status === 'invalid';
        const disabled = (usingNewCard && !cardComplete) || couponBlocks;
        return (
          <Form noValidate className="gs-subscribe" aria-label="Subscribe to Pro">
            <fieldset className="gs-subscribe__plans">
              <legend className="gs-subscribe__legend">Billing cycle</legend>
              {PLAN_NAMES.map((plan) => (
                <label key={plan} className="gs-subscribe__plan">
                  <input
                    type="radio"
                    name="plan"
                    value={plan}
                    checked={values.plan === plan}
                    onChange={() => {
                      void setFieldValue('plan', plan);
                      onPlanChange?.(plan);
                    }}
                    disabled={isSubmitting}
                  />
                  <span className="gs-subscribe__plan-name">{PLAN_LABELS[plan].name}</span>
                  <span className="gs-subscribe__plan-price">
                    <strong>{formatPlanPrice(plan, plans)}</strong> {PLAN_LABELS[plan].per}
                  </span>
                </label>
              ))}
            </fieldset>

            {savedMethods.length > 0 ? (
              <fieldset className="gs-subscribe__methods">
                <legend className="gs-subscribe__legend">Payment method</legend>
                {savedMethods.map((method) => (
                  <label key={method.id} className="gs-subscribe__method">
                    <input
                      type="radio"
                      name="payment_method"
                      value={method.id}
                      checked={values.payment_method === method.id}
                      onChange={() => void setFieldValue('payment_method', method.id)}
                      disabled={isSubmitting}
                    />
                    {cardLabel(method)}
                  </label>
                ))}
                <label className="gs-subscribe__method">
                  <input
                    type="radio"
                    name="payment_method"
                    value={NEW_CARD}
                    checked={usingNewCard}
                    onChange={() => void setFieldValue('payment_method', NEW_CARD)}
                    disabled={isSubmitting}
                  />
                  Use a new card
                </label>
                {errors.payment_method ? (
                  <p role="alert" className="gs-subscribe__error">
                    {errors.payment_method}
                  </p>
                ) : null}
              </fieldset>
            ) : null}

            {usingNewCard ? (
              <CardField
                setup={cardSetup}
                stripePublishableKey={stripeKey}
                confirmLocalSetup={billingApi.confirmLocalSetupIntent}
                onChange={(event) => setCardComplete(event.complete)}
                disabled={isSubmitting}
              />
            ) : null}

            <div>
              <FormTextField
                name="coupon"
                label="Coupon code"
                autoComplete="off"
                aria-describedby="gs-subscribe-coupon-status"
                onChange={(event) => {
                  setCoupon(event.target.value);
                }}
                disabled={isSubmitting}
              />
              <CouponStatus lookup={lookup} id="gs-subscribe-coupon-status" />
            </div>

            {status?.error ? (
              <Alert tone="danger" title={status.error}>
                {status.detail ?? null}
              </Alert>
            ) : null}

            <Button
              type="submit"
              disabled={disabled}
              loading={isSubmitting}
              fullWidth
              className="gs-subscribe__submit"
            >
              Unlock Pro Now
            </Button>
            <p className="gs-subscribe__note">{TRIAL_NOTE}</p>
          </Form>
        );
      }}
    </Formik>
  );
}
