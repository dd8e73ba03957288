import { Alert, Button } from '@guestspot/shared-ui';
import { PRO_FEATURES, SubscribeForm } from '../../../components/subscribe-form';
import { useRegistrationWizard } from '../hooks/use-registration-wizard';

/** Step 2 (/register/subscription): Pro plans and the subscribe form; may be skipped. */
export function GoProStep() {
  const { user, draft, goNext } = useRegistrationWizard('subscription');
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
        <section aria-label="Payment">
          <SubscribeForm
            initialPlan={draft.plan ?? 'monthly'}
            onSubscribed={() => void goNext({ subscriptionDone: true })}
          />
        </section>
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
            onClick={() => void goNext({ subscriptionDone: true })}
          >
            Skip for now
          </Button>
        )}
      </div>
    </div>
  );
}
