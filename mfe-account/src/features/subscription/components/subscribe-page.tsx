import { useCurrentUser } from '@guestspot/shared-api';
import { Alert, ButtonLink, Card, toast } from '@guestspot/shared-ui';
import { useNavigate } from 'react-router-dom';
import { ProFeatureList, SubscribeForm } from '../../../components/subscribe-form';
import './subscribe-page.css';

export const SUBSCRIBED_TOAST = 'Welcome to Guestspot Pro! Your 14 day trial has started.';

/**
 * TEMPORARY (decision 020): /settings/subscribe hosts SubscribeForm until the registration
 * wizard's Go Pro step and the Settings Subscribe modal render it. Remove it then.
 */
export function SubscribePage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  return (
    <section className="gs-subscribe-page" aria-labelledby="gs-subscribe-page-title">
      <h1 id="gs-subscribe-page-title">Go Pro</h1>
      <Card className="gs-subscribe-page__card">
        <ProFeatureList />
        {user?.account_type === 'pro' ? (
          <Alert
            tone="success"
            title="Your account is Pro."
            action={<ButtonLink to="/dashboard">Go to the dashboard</ButtonLink>}
          />
        ) : (
          <SubscribeForm
            onSubscribed={() => {
              toast.success(SUBSCRIBED_TOAST);
              void navigate('/dashboard');
            }}
          />
        )}
      </Card>
    </section>
  );
}
