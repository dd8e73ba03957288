import { useState } from 'react';
import { Alert, Button } from '@guestspot/shared-ui';
import { useRegistrationWizard } from '../hooks/use-registration-wizard';
import type { PlanChoice } from '../stores/registration-draft-store';

/** The Pro features (account spec, subscribe modal). */
export const PRO_FEATURES = [
  'Homepage Feature',
  'Personalized and Optimized Profile',
  'Audio and Video Guest pitches',
  'Customizable Upsells',
  'Customizable Questions',
  'Search Analytics for shows',
  'Customizable booking flow',
] as const;

const PLANS: { id: PlanChoice; title: string; price: string; period: string }[] = [
  { id: 'monthly', title: 'Pro Monthly', price: '$97', period: 'per month' },
  { id: 'yearly', title: 'Pro Yearly', price: '$997', period: 'per year' },
];

/** Step 2 (/register/subscription): Pro plans; may be skipped. */
export function GoProStep() {
  const { user, draft, update, goNext } = useRegistrationWizard('subscription');
  const [plan, setPlan] = useState<PlanChoice>(draft.plan ?? 'monthly');
  const alreadyPro = user?.account_type === 'pro';

  return (
    <div className="gs-wizard__form">
      <p>
        Unlock everything Guestspot offers. Every plan includes a 14 day trial before billing
        begins.
      </p>
      <ul className="gs-wizard__features" aria-label="Pro features">
        {PRO_FEATURES.map((feature) => (
          <li key={feature}>{feature}</li>
        ))}
      </ul>
      {alreadyPro ? (
        <Alert tone="success">Your account is Pro.</Alert>
      ) : (
        <>
          <fieldset className="gs-wizard__plans">
            <legend className="gs-profile-form__legend">Choose a plan</legend>
            {PLANS.map((option) => (
              <label key={option.id} className="gs-wizard__choice">
                <span>
                  <input
                    type="radio"
                    name="plan"
                    value={option.id}
                    checked={plan === option.id}
                    onChange={() => {
                      setPlan(option.id);
                      update({ plan: option.id });
                    }}
                  />{' '}
                  <span className="gs-wizard__choice-title">{option.title}</span>
                </span>
                <span>
                  <strong>{option.price}</strong> {option.period}
                </span>
              </label>
            ))}
          </fieldset>
          {/* The card form (SubscribeForm, billing) renders here once it is available. */}
          <div className="gs-wizard__slot" role="region" aria-label="Payment">
            Card payment is not available here yet. You can go Pro any time from Settings.
          </div>
        </>
      )}
      <div className="gs-wizard__actions">
        <span />
        {alreadyPro ? (
          <Button type="button" onClick={() => void goNext({ subscriptionDone: true })}>
            Continue
          </Button>
        ) : (
          <Button
            type="button"
            variant="secondary"
            onClick={() => void goNext({ subscriptionDone: true, plan })}
          >
            Skip for now
          </Button>
        )}
      </div>
    </div>
  );
}
