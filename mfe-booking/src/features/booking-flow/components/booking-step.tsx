import { useState, type ReactNode } from 'react';
import { Alert, ErrorState, Skeleton } from '@guestspot/shared-ui';
import { STEP_TITLES, type StepId } from '../lib/steps';
import type { BookingFlow } from '../hooks/use-booking-flow';
import { useSubmitBooking } from '../hooks/use-submit-booking';
import { StepNavigator } from './step-navigator';
import './booking-flow.css';

export const SEND_REQUEST_LABEL = 'Send booking request';

export interface BookingStepProps {
  flow: BookingFlow;
  step: StepId;
  children: ReactNode;
  /** Checks the step before moving on; false keeps the booker here. */
  validate?: () => boolean;
  /** Replaces the navigator (the payment step submits with its own card handling). */
  footer?: ReactNode;
  /** The step's own content cannot show (its data failed to load). */
  loading?: boolean;
}

/**
 * One step's page: where the booker is among the enabled steps, the step's title, what the
 * server said about it last time, its content and Previous/Next. The last enabled step sends
 * the booking when payment is off for this profile.
 */
export function BookingStep({ flow, step, children, validate, footer, loading }: BookingStepProps) {
  const { submit, submitting } = useSubmitBooking(flow);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const steps = flow.steps;
  const title = STEP_TITLES[step];
  const serverMessage = flow.values.errors[step]?.message;

  if (!steps || !steps.includes(step) || loading) {
    return (
      <section className="gs-booking-flow" aria-busy="true" aria-label={title}>
        <Skeleton variant="text" />
        <Skeleton variant="block" />
      </section>
    );
  }
  const position = steps.indexOf(step) + 1;

  const onNext = async () => {
    if (validate && !validate()) return;
    if (flow.hasNext) {
      flow.next();
      return;
    }
    setSubmitError(null);
    const result = await submit({ paymentMethod: null, saveCard: false, storeCredit: 0 });
    if (!result.ok && result.message) setSubmitError(result.message);
  };

  return (
    <section className="gs-booking-flow" aria-labelledby={`booking-step-${step}`}>
      <p className="gs-booking-flow__progress">
        Step {position} of {steps.length}
      </p>
      <h1 id={`booking-step-${step}`} className="gs-booking-flow__title">
        {title}
      </h1>
      {serverMessage ? <Alert tone="danger">{serverMessage}</Alert> : null}
      {children}
      {submitError ? <Alert tone="danger">{submitError}</Alert> : null}
      {footer ?? (
        <StepNavigator
          onPrevious={flow.hasPrevious ? flow.previous : undefined}
          onNext={() => void onNext()}
          nextLabel={flow.hasNext ? 'Next' : SEND_REQUEST_LABEL}
          loading={submitting}
        />
      )}
    </section>
  );
}

/** The page when the profile's flow could not load at all. */
export function BookingStepError({ onRetry }: { onRetry: () => void }) {
  return <ErrorState onRetry={onRetry} />;
}
