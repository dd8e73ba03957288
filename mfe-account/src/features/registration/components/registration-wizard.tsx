import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { Card } from '@guestspot/shared-ui';
import { applicableSteps, firstIncompleteStep, STEPS, type StepId } from '../registration-steps';
import {
  useRegistrationDraftStore,
  type RegistrationDraft,
} from '../stores/registration-draft-store';
import { StepIndicator } from './step-indicator';
import './registration.css';

const EMPTY: RegistrationDraft = {};

/**
 * The frame of every wizard step: the step indicator, the step's heading, and the rule that a
 * later step whose prerequisites are missing sends the user to the first incomplete step.
 */
export function RegistrationWizard({ step, children }: { step: StepId; children: ReactNode }) {
  const user = useCurrentUser();
  const draft = useRegistrationDraftStore((state) =>
    user ? (state.drafts[user.id] ?? EMPTY) : EMPTY,
  );
  const leaving = useRegistrationDraftStore((state) => state.leaving);
  const heading = useRef<HTMLHeadingElement>(null);
  const definition = STEPS.find((item) => item.id === step);
  const steps = applicableSteps(draft.accountType);

  useEffect(() => {
    // Back in the wizard after finishing it once (another registration in this tab).
    if (useRegistrationDraftStore.getState().leaving) {
      useRegistrationDraftStore.getState().setLeaving(false);
    }
  }, []);

  useEffect(() => {
    // A new step: move focus to its heading so keyboard and screen reader users start there.
    heading.current?.focus();
  }, [step]);

  // Finished: the draft is gone and the next page is on its way.
  if (leaving) return null;

  if (step !== 'personal') {
    const signedIn = user !== null;
    const firstIncomplete = firstIncompleteStep(draft, signedIn);
    const position = steps.findIndex((item) => item.id === step);
    const blockedAt = firstIncomplete ? steps.indexOf(firstIncomplete) : steps.length;
    if (position === -1 || position > blockedAt) {
      return (
        <Navigate to={firstIncomplete?.path ?? steps[steps.length - 1]?.path ?? '/'} replace />
      );
    }
  }

  return (
    <section className="gs-wizard" aria-labelledby="wizard-step-title">
      <StepIndicator steps={steps} current={step} />
      <Card className="gs-wizard__card">
        <p className="gs-wizard__eyebrow">
          Step {steps.findIndex((item) => item.id === step) + 1} of {steps.length}
        </p>
        <h1 id="wizard-step-title" className="gs-wizard__title" tabIndex={-1} ref={heading}>
          {definition?.title}
        </h1>
        {children}
      </Card>
    </section>
  );
}
