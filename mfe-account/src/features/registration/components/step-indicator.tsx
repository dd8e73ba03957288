import type { StepDefinition, StepId } from '../registration-steps';

/** The applicable steps, numbered in order, the current one marked for assistive tech. */
export function StepIndicator({ steps, current }: { steps: StepDefinition[]; current: StepId }) {
  const index = steps.findIndex((step) => step.id === current);
  return (
    <nav aria-label="Registration steps" className="gs-wizard__steps">
      <ol>
        {steps.map((step, position) => {
          const state = position < index ? 'complete' : position === index ? 'current' : 'upcoming';
          return (
            <li
              key={step.id}
              className="gs-wizard__step"
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="gs-wizard__step-number" aria-hidden="true">
                {position + 1}
              </span>
              <span className="gs-wizard__step-title visually-hidden-phone">{step.title}</span>
              {state === 'complete' ? <span className="visually-hidden"> (completed)</span> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
