import type { Subscription, User } from '@guestspot/shared-api';
import {
  Alert,
  Badge,
  Button,
  confirm,
  ErrorState,
  formatMoney,
  Skeleton,
  SkeletonGroup,
  toast,
} from '@guestspot/shared-ui';
import { lazy, Suspense, useState } from 'react';
import { formatBillingDate } from '../../../lib/billing-format';
import type { SettingsAccess } from '../../../components/settings';
import { SettingsSection } from '../../../components/settings';
import { useCancelSubscription, useSubscription } from '../hooks/use-subscription';
import { InvoicesTable } from './invoices-table';
import { SUBSCRIBED } from './subscribed';
import './subscription.css';

export { SUBSCRIBED };

// The Subscribe modal (its form, card field, formik's schema) loads when Go Pro Now is pressed:
// a Pro account never needs it, and the settings page's first load stays within its budget.
const loadSubscribeModal = () => import('./subscribe-modal');
const SubscribeModal = lazy(() =>
  loadSubscribeModal().then((module) => ({ default: module.SubscribeModal })),
);

export function cancellationNotice(date: string): string {
  return `Your subscription was cancelled and will expire on ${date}.`;
}

const CYCLES = { month: 'Monthly', year: 'Yearly' } as const;

/**
 * The Plan section, anchored at #pro-subscription (the Pro-feature dialog links here, so the
 * section renders at once with skeletons inside). Standard accounts see Go Pro Now and the
 * Subscribe modal; Pro accounts see the subscription (cycle, start, next billing date and amount,
 * trial end, cancellation notice) and Cancel Pro Subscription while it will renew (spec §2, §4,
 * §6). Invoices are listed for everyone who has some. Only the owner sees the actions.
 */
export function SubscriptionSection({ user, access }: { user: User; access: SettingsAccess }) {
  const [subscribing, setSubscribing] = useState(false);
  const isPro = user.account_type === 'pro';
  return (
    <SettingsSection id="pro-subscription" title="Plan">
      <div className="gs-subscription__body">
        {isPro ? (
          <ProPlan user={user} canManage={access.manageAccount} />
        ) : (
          <div className="gs-subscription__standard">
            <p>
              You are on the <strong>Standard</strong> plan. Go Pro to be featured on the homepage,
              pitch with audio and video, and customise your booking flow.
            </p>
            {access.manageAccount ? (
              <div className="gs-subscription__actions">
                <Button
                  onClick={() => setSubscribing(true)}
                  onPointerEnter={() => void loadSubscribeModal()}
                  onFocus={() => void loadSubscribeModal()}
                >
                  Go Pro Now
                </Button>
              </div>
            ) : null}
          </div>
        )}
        <InvoicesTable timezone={user.timezone} />
      </div>
      {subscribing ? (
        <Suspense fallback={null}>
          <SubscribeModal
            open
            onClose={() => setSubscribing(false)}
            onSubscribed={() => {
              setSubscribing(false);
              toast.success(SUBSCRIBED);
            }}
          />
        </Suspense>
      ) : null}
    </SettingsSection>
  );
}

function ProPlan({ user, canManage }: { user: User; canManage: boolean }) {
  const subscription = useSubscription();
  const cancel = useCancelSubscription();

  if (subscription.isPending) {
    return (
      <SkeletonGroup label="Loading your subscription" className="gs-subscription__loading">
        <Skeleton height={20} width="60%" />
        <Skeleton height={20} width="40%" />
        <Skeleton height={20} width="50%" />
      </SkeletonGroup>
    );
  }
  if (subscription.isError) {
    return (
      <ErrorState
        titleAs="h3"
        message="Your subscription could not be loaded."
        onRetry={() => void subscription.refetch()}
        retrying={subscription.isFetching}
      />
    );
  }
  const data = subscription.data;
  if (!data) {
    return (
      <p>
        You are on the <strong>Pro</strong> plan.
      </p>
    );
  }

  const askCancel = async () => {
    await confirm({
      title: 'Cancel Pro Subscription?',
      message: `You keep Pro until ${formatBillingDate(data.ends_at ?? data.current_period_end, user.timezone)}; nothing more is billed.`,
      confirmLabel: 'Cancel subscription',
      cancelLabel: 'Keep Pro',
      tone: 'danger',
      onConfirm: cancel,
    });
  };

  return (
    <>
      {data.ends_at ? (
        <Alert tone="warning">
          {cancellationNotice(formatBillingDate(data.ends_at, user.timezone))}
        </Alert>
      ) : null}
      <SubscriptionDetails subscription={data} timezone={user.timezone} />
      {canManage && data.ends_at === null ? (
        <div className="gs-subscription__actions">
          <Button variant="danger" onClick={() => void askCancel()}>
            Cancel Pro Subscription
          </Button>
        </div>
      ) : null}
    </>
  );
}

function SubscriptionDetails({
  subscription,
  timezone,
}: {
  subscription: Subscription;
  timezone: string;
}) {
  const date = (iso: string) => formatBillingDate(iso, timezone);
  const trialing = subscription.stripe_status === 'trialing' && subscription.trial_ends_at;
  return (
    <div role="group" aria-label="Your subscription">
      <dl className="gs-subscription__details">
        <dt>Plan</dt>
        <dd>
          Pro{' '}
          {trialing ? (
            <Badge tone="info">Trial until {date(subscription.trial_ends_at ?? '')}</Badge>
          ) : null}
        </dd>
        <dt>Billing cycle</dt>
        <dd>{CYCLES[subscription.plan_interval]}</dd>
        <dt>Started</dt>
        <dd>{date(subscription.created_at)}</dd>
        {subscription.ends_at === null ? (
          <>
            <dt>Next billing</dt>
            <dd>
              {date(subscription.current_period_end)} · {formatMoney(subscription.plan_price)}
            </dd>
          </>
        ) : null}
      </dl>
    </div>
  );
}
