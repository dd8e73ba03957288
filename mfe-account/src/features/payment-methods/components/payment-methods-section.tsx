import { errorMessages } from '@guestspot/shared-api';
import type { PaymentMethod, User } from '@guestspot/shared-api';
import {
  Badge,
  Button,
  confirm,
  EmptyState,
  ErrorState,
  Skeleton,
  SkeletonGroup,
  toast,
} from '@guestspot/shared-ui';
import { lazy, Suspense, useState } from 'react';
import { cardExpiry, cardName } from '../../../lib/billing-format';
import type { SettingsAccess } from '../../../components/settings';
import { SettingsSection } from '../../../components/settings';
import {
  useDeletePaymentMethod,
  usePaymentMethods,
  useSetDefaultPaymentMethod,
} from '../hooks/use-payment-methods';
import './payment-methods.css';

// The card dialog (its card field, formik, Stripe's elements) loads when it is first opened:
// the settings page's first load does not carry it (its JavaScript budget is at its goal).
const CardDialog = lazy(() =>
  import('./card-dialog').then((module) => ({ default: module.CardDialog })),
);

type Dialog = { kind: 'closed' } | { kind: 'add' } | { kind: 'update'; method: PaymentMethod };

/**
 * Saved cards (spec §2 Payment methods panel): brand, last four digits, expiry and the default
 * badge; add a card, set a non-default one as default, delete one after confirmation. A Pro
 * account with a single card sees Update instead of Delete (§6): it must keep a card to bill.
 * Only the owner (or an admin as support) sees the actions.
 */
export function PaymentMethodsSection({ user, access }: { user: User; access: SettingsAccess }) {
  const { methods, config } = usePaymentMethods();
  const setDefault = useSetDefaultPaymentMethod();
  const deleteMethod = useDeletePaymentMethod();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'closed' });
  const canManage = access.manageAccount;
  const list = methods.data ?? [];
  const updateOnly = user.account_type === 'pro' && list.length === 1;

  const askDelete = async (method: PaymentMethod) => {
    let message = '';
    const confirmed = await confirm({
      title: 'Delete payment method?',
      message: `${cardName(method)} will be removed from your account.`,
      confirmLabel: 'Delete',
      tone: 'danger',
      onConfirm: async () => {
        message = await deleteMethod(method);
      },
    });
    if (confirmed && message) toast.success(message);
  };

  const makeDefault = (method: PaymentMethod) => {
    setDefault.mutate(method, { onError: () => toast.error(errorMessages.tryAgainLater) });
  };

  const addButton = canManage ? (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => setDialog({ kind: 'add' })}
      disabled={config.isPending || config.isError}
    >
      Add payment method
    </Button>
  ) : null;

  let body;
  if (methods.isPending) {
    body = (
      <SkeletonGroup label="Loading payment methods" className="gs-payment-methods__loading">
        <Skeleton height={44} />
        <Skeleton height={44} />
      </SkeletonGroup>
    );
  } else if (methods.isError) {
    body = (
      <ErrorState
        titleAs="h3"
        message="Your payment methods could not be loaded."
        onRetry={() => void methods.refetch()}
        retrying={methods.isFetching}
      />
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        titleAs="h3"
        size="sm"
        title="No payment methods saved"
        message={canManage ? 'Add a card to book faster and to go Pro.' : undefined}
        action={addButton}
      />
    );
  } else {
    body = (
      <>
        <ul className="gs-payment-methods" aria-label="Saved payment methods">
          {list.map((method) => {
            const name = cardName(method);
            const busy = setDefault.isPending && setDefault.variables?.id === method.id;
            return (
              <li key={method.id} className="gs-payment-methods__item">
                <div className="gs-payment-methods__card">
                  <span className="gs-payment-methods__name">{name}</span>
                  <span className="gs-payment-methods__expiry">Expires {cardExpiry(method)}</span>
                  {method.default ? <Badge tone="brand">Default</Badge> : null}
                </div>
                {canManage ? (
                  <div className="gs-payment-methods__actions">
                    {method.default ? null : (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Set ${name} as default`}
                        loading={busy}
                        disabled={setDefault.isPending}
                        onClick={() => makeDefault(method)}
                      >
                        Set as default
                      </Button>
                    )}
                    {updateOnly ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Update ${name}`}
                        disabled={config.isPending || config.isError}
                        onClick={() => setDialog({ kind: 'update', method })}
                      >
                        Update
                      </Button>
                    ) : (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Delete ${name}`}
                        onClick={() => void askDelete(method)}
                      >
                        Delete
                      </Button>
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
        {addButton ? <div className="gs-payment-methods__footer">{addButton}</div> : null}
      </>
    );
  }

  return (
    <SettingsSection
      id="payment-methods"
      title="Payment methods"
      description="Cards you pay for bookings and your Pro subscription with."
    >
      <div className="gs-payment-methods__body">{body}</div>
      {dialog.kind === 'closed' ? null : (
        <Suspense fallback={null}>
          <CardDialog
            open
            onClose={() => setDialog({ kind: 'closed' })}
            stripePublishableKey={config.data?.stripe_publishable_key ?? null}
            {...(dialog.kind === 'update' ? { replacing: dialog.method } : {})}
          />
        </Suspense>
      )}
    </SettingsSection>
  );
}
