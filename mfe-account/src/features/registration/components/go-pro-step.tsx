import { Alert, Button } from '@guestspot/shared-ui';
import { ProFeatureList, SubscribeForm } from '../../../components/subscribe-form';
import { useRegistrationWizard } from '../hooks/use-registration-wizard';

/** Step 2 (/register/subscription): Pro (monthly $97 / yearly $997); may be skipped. */
export function GoProStep() {
  const { user, draft, goNext } = useRegistrationWizard('subscription');
  const alreadyPro = user?.account_type === 'pro';

  return (
    <div className="gs-wizard__form">
      <ProFeatureList plan={draft.plan ?? 'monthly'} titleAs="h2" />
      {alreadyPro ? (
        <Alert tone="success">Your account is Pro.</Alert>
      ) : (
        <SubscribeForm
          initialPlan={draft.plan ?? 'monthly'}
          onSubscribed={() => void goNext({ subscriptionDone: true })}
        />
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
